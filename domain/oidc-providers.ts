/** The OpenID providers a user can sign in with (issue 13), as the API and the sign-in screen name them. */
export const OIDC_PROVIDERS = ["google", "linkedin"] as const;
export type OidcProviderId = (typeof OIDC_PROVIDERS)[number];

export function isOidcProvider(value: string): value is OidcProviderId {
  return (OIDC_PROVIDERS as readonly string[]).includes(value);
}
