import dns from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { SiteFetchError } from "./errors";

/** A resolved address of a host name, as `dns.lookup` gives it. */
export type ResolvedAddress = { address: string; family: number };

/** Resolves a host name to every address it has. Tests pass a fake DNS here. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

// Globally routable IPv6 unicast is 2000::/3 (RFC 4291); the rest (IPv4-compatible ::/96 included,
// which ipaddr.js calls "unicast") is never a public web server.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Cloud metadata services that sit on an otherwise public-looking address. The common one,
 * 169.254.169.254 (AWS, GCP, Azure IMDS, DigitalOcean…), is link-local and refused with the rest;
 * Alibaba's 100.100.100.200 is inside CGNAT; AWS's IPv6 fd00:ec2::254 is unique-local.
 */
const METADATA_ADDRESSES = new Set(["168.63.129.16"]); // Azure WireServer

/**
 * Whether a page may be fetched from this IP address: only global unicast. ipaddr.js names every
 * special range (loopback, private, linkLocal, carrierGradeNat, multicast, uniqueLocal, reserved,
 * 6to4, teredo, NAT64…); an allowlist of "unicast" refuses new special ranges by default. An
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return false;
  const ip = ipaddr.process(bare);
  if (ip.range() !== "unicast") return false;
  if (ip.kind() === "ipv6" && !ip.match(GLOBAL_UNICAST_V6)) return false;
  return !METADATA_ADDRESSES.has(ip.toString());
}

/**
 * A `lookup` for net.connect that refuses the connection when any address of the host is not
 * allowed (by default: not public). Node connects to the addresses this returns and to nothing else, so the check holds at
 * connect time: a name that resolved to a public address a moment ago and to 127.0.0.1 now (DNS
 * rebinding) is checked on the answer actually used. Refusing when *any* address is private keeps
 * a host from mixing one public and one private record and hoping for the second.
 */
export function checkedLookup(resolve: Resolver, isAllowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        if (wanted.length === 0) throw Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
        const refused = wanted.find((entry) => !isAllowed(entry.address));
        if (refused) throw new SiteFetchError("address_not_allowed", { address: refused.address });
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ""));
  };
}
