import { ONBOARDING_STEPS, type OnboardingStep, type SetupStatus, stepIndex } from "#domain/onboarding";
import { isCountryCode, MARKET_LANGUAGES, type MarketLanguage } from "#domain/seo-profile";

/**
 * Where onboarding's screens are: one URL per step (domain/onboarding.ts gives their order), the
 * setup screen after them, and the guesses that pre-fill the market step.
 */

const SLUGS = {
  personal_info: "personal-info",
  website_analysis: "website",
  keyword_selection: "keywords",
  market_location: "market",
  google_search_console: "search-console",
} as const satisfies Record<OnboardingStep, string>;

export type StepSlug = (typeof SLUGS)[OnboardingStep];

export const SETUP_PATH = "/onboarding/setup";

/** The setup screen, timed from `since` (ms): after SETUP_POLL.timeoutMs it stops waiting. */
export const setupPath = (since: number) => `${SETUP_PATH}?since=${since}`;

export const stepPath = (step: OnboardingStep) => `/onboarding/${SLUGS[step]}`;

/** The step a path shows (`/onboarding/keywords` → keyword_selection), or undefined. */
export function stepAt(pathname: string): OnboardingStep | undefined {
  const slug = pathname.replace(/\/+$/, "").split("/").at(-1);
  return ONBOARDING_STEPS.find((step) => SLUGS[step] === slug);
}

export const previousStep = (step: OnboardingStep): OnboardingStep | undefined => ONBOARDING_STEPS[stepIndex(step) - 1];
export const nextStep = (step: OnboardingStep): OnboardingStep | undefined => ONBOARDING_STEPS[stepIndex(step) + 1];

/** A step's screen is open once the steps before it are saved: up to the step to resume at. */
export const isOpen = (step: OnboardingStep, current: OnboardingStep) => stepIndex(step) <= stepIndex(current);

/**
 * Where /onboarding sends a user: the step to resume at; once complete, the setup while it is
 * queued, running or failed, else the analyses a finished onboarding leads to (seed 000 §2).
 */
export function onboardingEntry(status: { complete: boolean; current_step: OnboardingStep; setup_status: SetupStatus | null }): string {
  if (!status.complete) return stepPath(status.current_step);
  return status.setup_status && status.setup_status !== "done" ? SETUP_PATH : "/seo-llms";
}

// ---- the market step's guesses ----------------------------------------------------------------

/** Two-letter domains sold worldwide, which say nothing of where a business sells. */
const GENERIC_COUNTRY_DOMAINS = new Set(["ai", "am", "cc", "co", "fm", "gg", "io", "la", "ly", "me", "nu", "sh", "so", "to", "tv", "vc", "ws"]);

/** The country a host's top-level domain names (`shop.fr` → FR, `acme.co.uk` → GB), when it names one. */
export function countryFromHost(hostname: string): string | null {
  const tld = hostname.toLowerCase().replace(/\.$/, "").split(".").at(-1) ?? "";
  if (tld.length !== 2 || GENERIC_COUNTRY_DOMAINS.has(tld) || tld === "eu") return null;
  const code = tld === "uk" ? "GB" : tld.toUpperCase();
  return isCountryCode(code) ? code : null;
}

const isMarketLanguage = (value: string | null | undefined): value is MarketLanguage => (MARKET_LANGUAGES as readonly string[]).includes(value ?? "");

/**
 * The market step's pre-selection from what the website analysis found: the language the site is
 * written in (its `lang`, else the language its words were read in), else the interface's; the
 * country its domain names, else the region of its `lang` (`fr-CA`), else France for a French site.
 */
export function guessMarket(found: { url?: string | null; lang?: string | null; language?: string | null }, locale: MarketLanguage): { market_language: MarketLanguage; country: string } {
  const [primary, region] = (found.lang ?? "").toLowerCase().split(/[-_]/);
  const market_language = isMarketLanguage(primary) ? primary : isMarketLanguage(found.language) ? found.language : locale;
  let host = "";
  try {
    host = found.url ? new URL(found.url).hostname : "";
  } catch {
    // Not an address: no country from it.
  }
  const regional = region?.length === 2 && isCountryCode(region.toUpperCase()) ? region.toUpperCase() : null;
  const country = countryFromHost(host) ?? regional ?? (market_language === "fr" && primary === "fr" ? "FR" : "");
  return { market_language, country };
}
