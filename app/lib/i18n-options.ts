import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "#domain/locales";

/** Each translation namespace and its file under locales/<language>/. */
export const NAMESPACE_FILES = {
  common: "common",
  seo: "seo",
  seoSetup: "seo-setup",
  insights: "insights",
  billing: "billing",
  academy: "academy",
  academyAdmin: "academy-admin",
  audit: "audit",
  onboarding: "onboarding",
  backlinks: "backlinks",
  // Out of `backlinks` (issue 16): the administration's strings, which no buyer's page shows.
  backlinksAdmin: "backlinks-admin",
  features: "features",
  // Out of `common` (issue 16): strings only their own screens show, or only the server.
  searchConsole: "search-console",
  methodology: "methodology",
  auth: "auth",
  twoFactor: "two-factor",
  exports: "exports",
} as const;
export type Namespace = keyof typeof NAMESPACE_FILES;
export const NAMESPACES = Object.keys(NAMESPACE_FILES) as Namespace[];

/**
 * i18next's options without the strings: the server adds every language (app/lib/i18n.ts), the
 * browser `common` and the keys of the page it shows, in its language (app/lib/i18n-client.ts).
 */
export const i18nBaseOptions = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  ns: NAMESPACES,
  interpolation: { escapeValue: false },
};
