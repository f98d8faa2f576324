import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { checkedLookup, isPublicAddress, type Resolver } from "./addresses";
import { SiteFetchError } from "./errors";

describe("isPublicAddress", () => {
  it.each([["93.184.216.34"], ["1.1.1.1"], ["8.8.8.8"], ["2606:4700:4700::1111"], ["2a00:1450:4007:80e::200e"], ["[2606:4700::1111]"]])(
    "lets %s through",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback, anywhere in 127/8"],
    ["::1", "IPv6 loopback"],
    ["10.0.0.5", "RFC 1918"],
    ["172.16.0.1", "RFC 1918"],
    ["172.31.255.254", "RFC 1918"],
    ["192.168.1.1", "RFC 1918"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "IPv6 link-local"],
    ["fd00:ec2::254", "AWS IPv6 metadata"],
    ["168.63.129.16", "Azure WireServer"],
    ["100.64.0.1", "CGNAT"],
    ["100.100.100.200", "Alibaba metadata, in CGNAT"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "IPv6 multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "IPv6 unspecified"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.1", "documentation"],
    ["240.0.0.1", "reserved"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["[::ffff:169.254.169.254]", "IPv4-mapped metadata, bracketed"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::7f00:1", "IPv4-compatible loopback (::/96)"],
    ["64:ff9b::7f00:1", "NAT64 of loopback"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["not-an-ip", "not an address"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

/** Runs the lookup as net.connect would, with `all` as Node 20 asks when it races IPv4 and IPv6. */
function lookup(resolver: Resolver, hostname: string, options: { all?: boolean; family?: number } = { all: true }) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((resolve) => {
    checkedLookup(resolver, isPublicAddress)(hostname, options, (error, address, family) => resolve({ error, address, family }));
  });
}

describe("checkedLookup", () => {
  it("hands every public address to the socket, in both callback forms", async () => {
    const resolver: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ];
    expect(await lookup(resolver, "example.com")).toEqual({ error: null, address: await resolver("example.com"), family: undefined });
    expect(await lookup(resolver, "example.com", { all: false })).toEqual({ error: null, address: "93.184.216.34", family: 4 });
    expect(await lookup(resolver, "example.com", { family: 6 })).toEqual({ error: null, address: "2606:2800:220:1::1", family: 6 });
  });

  it("refuses the host when any of its addresses is private, naming that address", async () => {
    const resolver: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    const { error } = await lookup(resolver, "mixed.example");
    expect(error).toBeInstanceOf(SiteFetchError);
    expect(error).toMatchObject({ code: "address_not_allowed", detail: { address: "10.0.0.7" } });
  });

  it("asks the resolver at every connection, so a rebinding answer is judged when it is used", async () => {
    const answers = ["93.184.216.34", "127.0.0.1"];
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: answers[calls++]!, family: 4 }];
    expect((await lookup(rebinding, "rebind.example")).error).toBeNull();
    expect((await lookup(rebinding, "rebind.example")).error).toMatchObject({ code: "address_not_allowed", detail: { address: "127.0.0.1" } });
    expect(calls).toBe(2);
  });

  it("passes DNS failures on as they are", async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    };
    expect((await lookup(failing, "nowhere.invalid")).error).toMatchObject({ code: "ENOTFOUND" });
  });
});
