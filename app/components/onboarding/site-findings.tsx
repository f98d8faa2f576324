import { CircleAlertIcon, GlobeIcon, LoaderCircleIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { SiteAuditErrorCode, SiteAuditStatus } from "#domain/site-audit";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";

/** What the website analysis found, as onboarding shows it (app/routes/onboarding/site-audit.server.ts). */
export type SiteFindings = {
  status: SiteAuditStatus;
  error: SiteAuditErrorCode | null;
  /** The address that answered (after redirects), or the one asked for. */
  url: string;
  site: { name: string | null; description: string | null; lang: string | null; language: string | null } | null;
  suggestions: {
    source: "page" | "page_and_ai";
    brand_name: string | null;
    language: "en" | "fr" | null;
    keywords: string[];
    competitors: Array<{ name: string; domain: string | null }>;
  } | null;
};

/** The failures told apart in plain words; the rest is "could not be analysed". */
const FAILURES = ["dns_failed", "timeout", "connection_failed", "too_many_redirects", "address_not_allowed"] as const;

/**
 * The website analysis on the website step: running (the page polls, or refreshes itself without
 * JavaScript), failed (why, in plain words, and that the user can go on), or what it found.
 */
export function SiteFindingsPanel({ findings }: { findings: SiteFindings }) {
  const { t } = useTranslation();
  const host = hostOf(findings.url);
  if (findings.status === "pending" || findings.status === "running") {
    return (
      <Alert variant="info" role="status" data-testid="site-analysis" data-status={findings.status}>
        <LoaderCircleIcon className="animate-spin" aria-hidden />
        <AlertTitle>{t("onboarding:website.running", { host })}</AlertTitle>
        <AlertDescription>
          <p>{t("onboarding:website.runningHint")}</p>
          <noscript>
            <Link to="." className="font-medium underline">
              {t("onboarding:website.refresh")}
            </Link>
          </noscript>
        </AlertDescription>
      </Alert>
    );
  }
  if (findings.status === "failed" || !findings.site) {
    const reason = FAILURES.find((code) => code === findings.error) ?? "other";
    return (
      <Alert variant="warning" role="status" data-testid="site-analysis" data-status="failed">
        <CircleAlertIcon aria-hidden />
        <AlertTitle>{t("onboarding:website.failedTitle", { host })}</AlertTitle>
        <AlertDescription>
          <p>{t(`onboarding:website.failed.${reason}`)}</p>
          <p>{t("onboarding:website.continueAnyway")}</p>
        </AlertDescription>
      </Alert>
    );
  }
  const { site, suggestions } = findings;
  const advised = suggestions?.source === "page_and_ai";
  return (
    <section className="grid gap-4 rounded-lg border bg-muted/40 p-4" data-testid="site-analysis" data-status="done" aria-labelledby="site-findings-title">
      <div className="flex items-start gap-3">
        <GlobeIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <h2 id="site-findings-title" className="font-semibold">
            {t("onboarding:website.found", { host })}
          </h2>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <Finding term={t("onboarding:website.siteName")} value={site.name} />
            <Finding term={t("onboarding:website.siteDescription")} value={site.description} />
            <Finding term={t("onboarding:website.siteLanguage")} value={site.language} />
          </dl>
        </div>
      </div>
      {suggestions?.keywords.length ? (
        <Suggested title={t(advised ? "onboarding:website.suggestedKeywordsAi" : "onboarding:website.suggestedKeywords")} items={suggestions.keywords} />
      ) : null}
      {suggestions?.competitors.length ? (
        <Suggested
          title={t(advised ? "onboarding:website.suggestedCompetitorsAi" : "onboarding:website.suggestedCompetitors")}
          items={suggestions.competitors.map((competitor) => competitor.name)}
        />
      ) : null}
      {advised ? <p className="text-sm text-muted-foreground">{t("onboarding:website.fromAi")}</p> : null}
    </section>
  );
}

function Finding({ term, value }: { term: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className={value ? "text-foreground" : "text-muted-foreground italic"}>{value ?? t("onboarding:website.notFound")}</dd>
    </>
  );
}

function Suggested({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item}>
            <Badge variant="info">{item}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
