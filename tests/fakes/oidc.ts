import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * An OpenID issuer on loopback, as far as a relying party that verifies ID tokens sees one: its
 * discovery document (at `<issuer>/.well-known/openid-configuration`, the issuer may have a path as
 * LinkedIn's does) and its JWKS. `token()` signs what the real issuer would, with its key or,
 * to test refusals, another one.
 */
export type FakeOidc = Awaited<ReturnType<typeof createFakeOidc>>;

export async function createFakeOidc(options: { path?: string } = {}) {
  const path = options.path ?? "";
  const key = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(key.publicKey)), kid: "fake-key-1", alg: "RS256", use: "sig" };
  let requests = 0;

  const server = http.createServer((req, res) => {
    requests++;
    const url = req.url ?? "/";
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url === `${path}/.well-known/openid-configuration`) {
      return json(200, {
        issuer: fake.issuer,
        authorization_endpoint: `${fake.issuer}/authorize`,
        token_endpoint: `${fake.issuer}/token`,
        jwks_uri: `${fake.origin}/jwks`,
        userinfo_endpoint: `${fake.issuer}/userinfo`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (url === "/jwks") return json(200, { keys: [jwk] });
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake = {
    origin,
    issuer: `${origin}${path}`,
    get requests() {
      return requests;
    },
    /** An ID token for `audience`, valid for an hour unless `expiresIn` says otherwise. */
    async token(claims: JWTPayload, settings: { audience: string; issuer?: string; expiresIn?: string | number; signedBy?: "issuer" | "stranger"; kid?: string }) {
      const signer = settings.signedBy === "stranger" ? stranger.privateKey : key.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: settings.kid ?? jwk.kid })
        .setIssuer(settings.issuer ?? fake.issuer)
        .setAudience(settings.audience)
        .setIssuedAt()
        .setExpirationTime(settings.expiresIn ?? "1h")
        .sign(signer);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
