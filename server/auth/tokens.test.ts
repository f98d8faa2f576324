import { afterEach, describe, expect, onTestFinished, test, vi } from "vitest";
import { resetConfig } from "../config";
import { type AccessClaims, hashToken, randomToken, signAccessToken, verifyAccessToken } from "./tokens";

const claims: AccessClaims = {
  sub: "6f1c2a7e-1111-4c3b-9a55-0a8b8e1d2f01",
  sid: "0d3e9c1b-2222-4a6f-8b3e-7c5d4e3f2a10",
  email: "ada@example.test",
  role: "user",
};

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

afterEach(() => {
  vi.useRealTimers();
});

describe("access tokens", () => {
  test("a signed token verifies to its claims", async () => {
    const { token, expiresAt } = await signAccessToken(claims, 3600);
    const now = Math.floor(Date.now() / 1000);
    expect(expiresAt).toBeGreaterThanOrEqual(now + 3599);
    expect(expiresAt).toBeLessThanOrEqual(now + 3600);
    expect(await verifyAccessToken(token)).toEqual(claims);

    const [header, payload] = token.split(".");
    expect(decode(header)).toEqual({ alg: "HS256", typ: "JWT" });
    expect(decode(payload)).toMatchObject({ sub: claims.sub, sid: claims.sid, iss: "sightline", aud: "authenticated", exp: expiresAt });
  });

  test("an admin role survives the round trip", async () => {
    const { token } = await signAccessToken({ ...claims, role: "admin" }, 60);
    expect((await verifyAccessToken(token))?.role).toBe("admin");
  });

  test("an expired token is refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const { token } = await signAccessToken(claims, 60);
    expect(await verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date("2030-01-01T00:01:01Z"));
    expect(await verifyAccessToken(token)).toBeNull();
  });

  test("a tampered payload is refused", async () => {
    const { token } = await signAccessToken(claims, 3600);
    const [header, payload, signature] = token.split(".");
    const forged = b64({ ...decode(payload), role: "admin" });
    expect(await verifyAccessToken([header, forged, signature].join("."))).toBeNull();
  });

  test("a tampered signature is refused", async () => {
    const { token } = await signAccessToken(claims, 3600);
    // Flip a bit of the signature's bytes: editing its last base64url character may only touch
    // the padding bits, which decode to the same signature.
    const [header, payload, signature] = token.split(".");
    const bytes = Buffer.from(signature, "base64url");
    bytes[0] ^= 1;
    expect(await verifyAccessToken([header, payload, bytes.toString("base64url")].join("."))).toBeNull();
  });

  test("an unsigned (alg none) token is refused", async () => {
    const { token } = await signAccessToken(claims, 3600);
    const payload = token.split(".")[1];
    expect(await verifyAccessToken(`${b64({ alg: "none", typ: "JWT" })}.${payload}.`)).toBeNull();
  });

  test("a token signed with another SECRET_KEY is refused, even one checked before the change", async () => {
    const { token } = await signAccessToken(claims, 3600);
    expect(await verifyAccessToken(token)).toEqual(claims);
    const previous = process.env.SECRET_KEY;
    onTestFinished(() => {
      process.env.SECRET_KEY = previous;
      resetConfig();
    });
    process.env.SECRET_KEY = "another-secret-key-that-is-also-32-characters-long";
    resetConfig();
    expect(await verifyAccessToken(token)).toBeNull();
    const { token: other } = await signAccessToken(claims, 3600);
    expect(await verifyAccessToken(other)).toEqual(claims);
  });

  test("a token's signature is checked once, then remembered until it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const verify = vi.spyOn(globalThis.crypto.subtle, "verify");
    onTestFinished(() => verify.mockRestore());
    const { token } = await signAccessToken(claims, 60);
    for (let i = 0; i < 5; i++) expect(await verifyAccessToken(token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date("2030-01-01T00:00:59.999Z"));
    expect(await verifyAccessToken(token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date("2030-01-01T00:01:00Z"));
    expect(await verifyAccessToken(token)).toBeNull();
  });

  test("garbage is refused without throwing", async () => {
    for (const token of ["", "garbage", "a.b.c", "..."]) expect(await verifyAccessToken(token)).toBeNull();
  });
});

describe("opaque tokens", () => {
  test("random tokens are 256-bit, URL-safe and distinct", () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);
  });

  test("hashToken is a stable SHA-256 hex digest", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashToken("abc")).toBe(hashToken("abc"));
    expect(hashToken("abd")).not.toBe(hashToken("abc"));
  });
});
