import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import type { SiteAuditReport } from "~/lib/api-types";

/** What the home page says about the site: its address, identity, languages and files. */
export function SiteFactsCard({ site }: { site: SiteAuditReport["site"] }) {
  const { t } = useTranslation();
  const none = t("audit:facts.none");
  const organization = site.schema_org.organization ?? site.schema_org.website;
  return (
    <Card className="grid gap-3 p-4" data-testid="site-facts">
      <CardTitle asChild>
        <h3>{t("audit:facts.title")}</h3>
      </CardTitle>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <Fact label={t("audit:facts.url")} value={<ExternalLink href={site.url} />} />
        <Fact label={t("audit:facts.status")} value={site.http_status} />
        <Fact label={t("audit:facts.redirects")} value={site.redirects.length ? site.redirects.map((hop) => `${hop.from} → ${hop.to} (${hop.status})`).join(", ") : none} />
        <Fact label={t("audit:facts.pageTitle")} value={site.title ?? none} />
        <Fact label={t("audit:facts.description")} value={site.description ?? none} />
        <Fact label={t("audit:facts.h1")} value={site.h1.join(" · ") || none} />
        <Fact label={t("audit:facts.lang")} value={site.lang ?? none} />
        <Fact label={t("audit:facts.siteName")} value={site.og_site_name ?? none} />
        <Fact label={t("audit:facts.organization")} value={organization?.name ?? none} />
        {organization?.same_as.length ? (
          <Fact
            label={t("audit:facts.sameAs")}
            value={
              <ul className="grid gap-0.5">
                {organization.same_as.map((href) => (
                  <li key={href}>
                    <ExternalLink href={href} />
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        <Fact label={t("audit:facts.canonical")} value={site.canonical ? <ExternalLink href={site.canonical} /> : none} />
        <Fact label={t("audit:facts.hreflang")} value={site.hreflang.map((alternate) => alternate.lang).join(", ") || none} />
        <Fact label={t("audit:facts.favicon")} value={site.favicon_declared ? <ExternalLink href={site.favicon} /> : t("audit:facts.faviconDefault", { url: site.favicon })} />
        <Fact label={t("audit:facts.sitemap")} value={site.sitemap.found ? <ExternalLink href={site.sitemap.url} /> : none} />
      </dl>
    </Card>
  );
}

/** The brand, a sentence, keywords and competitors, as onboarding pre-fills them, and where they come from. */
export function SuggestionsCard({ suggestions }: { suggestions: SiteAuditReport["suggestions"] }) {
  const { t } = useTranslation();
  const none = t("audit:suggestions.none");
  return (
    <Card className="grid gap-3 p-4" data-testid="suggestions">
      <div className="grid gap-1">
        <CardTitle asChild>
          <h3>{t("audit:suggestions.title")}</h3>
        </CardTitle>
        <CardDescription>{t(suggestions.source === "page_and_ai" ? "audit:suggestions.sourceAi" : "audit:suggestions.source")}</CardDescription>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <Fact label={t("audit:suggestions.brand")} value={suggestions.brand_name ?? none} />
        <Fact label={t("audit:suggestions.description")} value={suggestions.description ?? none} />
        <Fact
          label={t("audit:suggestions.keywords")}
          value={
            suggestions.keywords.length ? (
              <ul className="flex flex-wrap gap-1">
                {suggestions.keywords.map((keyword) => (
                  <li key={keyword}>
                    <Badge variant="secondary">{keyword}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              none
            )
          }
        />
        <Fact
          label={t("audit:suggestions.competitors")}
          value={
            suggestions.competitors
              .map((competitor) => (competitor.domain ? `${competitor.name} (${competitor.domain})` : competitor.name))
              .join(", ") || t("audit:suggestions.noCompetitors")
          }
        />
      </dl>
    </Card>
  );
}

/** One row of a facts list: a term and what the site said (`—` for nothing). */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value ?? "—"}</dd>
    </>
  );
}

/** A link to what a site wrote, when it is a web address: a page may write any scheme (javascript:, data:). */
export function ExternalLink({ href }: { href: string }) {
  if (!/^https?:\/\//i.test(href)) return <>{href}</>;
  return (
    <a href={href} className="text-primary hover:underline" rel="noreferrer nofollow" target="_blank">
      {href}
    </a>
  );
}
