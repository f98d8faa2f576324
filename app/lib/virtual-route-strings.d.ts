/** build-plugins/route-strings.ts: each route's strings, a chunk per route and language. */
declare module "virtual:route-strings" {
  /** Where the strings of a route's screen in a language are, or null when it shows none beyond its parents' and `common`. */
  export function routeStringsUrl(locale: "en" | "fr", routeId: string): string | null;
}
