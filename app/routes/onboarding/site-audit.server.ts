import type { RouterContextProvider } from "react-router";
import type { OnboardingProgress } from "~/lib/api-types";
import { ApiRequestError, getApiClient, nullOn404, read } from "~/lib/api.server";
import type { SiteFindings } from "~/components/onboarding/site-findings";
import { displayNames } from "#domain/intl";

/*
 * The website analysis as onboarding uses it (the site-audit API): started by the website step,
 * read back by it and by the steps it pre-fills.
 */

type Context = Readonly<RouterContextProvider>;

/**
 * Why no analysis was started: the plan's lifetime count is used, the address is a private one, or
 * the analysis could not be asked for just now (the step goes on without it all the same).
 */
export type AuditRefusal = "site_audit_limit" | "address_not_allowed" | "unavailable";

/** Starts an analysis of `website`: its id, or why there is none. */
export async function startAudit(context: Context, website: string): Promise<{ id: string } | { refused: AuditRefusal }> {
  try {
    const { data: audit } = await read(getApiClient(context).siteAudits.index.$post({ json: { url: website } }));
    return { id: audit.id };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { refused: error.code === "site_audit_limit" || error.code === "address_not_allowed" ? error.code : "unavailable" };
  }
}

/** The analysis the website step saved, as the onboarding screens show it (null: none, or gone). */
export async function findingsOf(context: Context, progress: OnboardingProgress, locale: string): Promise<SiteFindings | null> {
  const id = progress.steps.website_analysis?.audit_id;
  if (!id) return null;
  const audit = await read(getApiClient(context).siteAudits[":id"].$get({ param: { id } })).then(({ data }) => data, nullOn404);
  if (!audit) return null;
  const { result } = audit;
  return {
    status: audit.status,
    error: audit.error?.code ?? null,
    url: result?.site.url ?? audit.url,
    site: result
      ? {
          name: result.site.og_site_name ?? result.suggestions.brand_name ?? result.site.title,
          description: result.site.description ?? result.suggestions.description,
          lang: result.site.lang,
          language: result.site.lang ? languageName(result.site.lang, locale) : null,
        }
      : null,
    suggestions: result
      ? {
          source: result.suggestions.source,
          brand_name: result.suggestions.brand_name,
          language: result.suggestions.language,
          keywords: result.suggestions.keywords,
          competitors: result.suggestions.competitors,
        }
      : null,
  };
}

/** `fr-CA` as the interface names it ("French (Canada)"), here so the page and its hydration agree. */
function languageName(tag: string, locale: string): string {
  try {
    return displayNames([locale], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
