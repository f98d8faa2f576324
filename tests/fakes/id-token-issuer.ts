import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * An issuer that signs whatever ID token a test asks for: its discovery document (at
 * `<issuer>/.well-known/openid-configuration`; the issuer may have a path, as LinkedIn's does) and
 * its JWKS, and `token()`, which signs with its key or, to test refusals, another one, with any
 * issuer, audience or expiry. For the API's checks of POST /auth/id-token; the browser flows run
 * against a real OpenID provider (oidc-issuer.ts).
 */
export type IdTokenIssuer = Awaited<ReturnType<typeof createIdTokenIssuer>>;

export async function createIdTokenIssuer(options: { path?: string } = {}) {
  const path = options.path ?? "";
  const key = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(key.publicKey)), kid: "fake-key-1", alg: "RS256", use: "sig" };
  let requests = 0;

  const server = http.createServer((req, res) => {
    requests++;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === `${path}/.well-known/openid-configuration`) {
      return json(200, {
        issuer: issuer.issuer,
        authorization_endpoint: `${issuer.issuer}/authorize`,
        token_endpoint: `${issuer.issuer}/token`,
        jwks_uri: `${issuer.origin}/jwks`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (req.url === "/jwks") return json(200, { keys: [jwk] });
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const issuer = {
    origin,
    issuer: `${origin}${path}`,
    /** Requests it answered: discovery and JWKS are fetched once, then cached. */
    get requests() {
      return requests;
    },
    /** An ID token for `audience`, valid for an hour unless `expiresIn` says otherwise. */
    async token(claims: JWTPayload, settings: { audience: string; issuer?: string; expiresIn?: string | number; signedBy?: "issuer" | "stranger"; kid?: string }) {
      const signer = settings.signedBy === "stranger" ? stranger.privateKey : key.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: settings.kid ?? jwk.kid })
        .setIssuer(settings.issuer ?? issuer.issuer)
        .setAudience(settings.audience)
        .setIssuedAt()
        .setExpirationTime(settings.expiresIn ?? "1h")
        .sign(signer);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return issuer;
}
