import { ExternalLinkIcon, SparklesIcon } from "~/components/ui/icons";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { OrderItemStatus } from "#domain/backlinks";
import { Badge } from "~/components/ui/badge";
import { exactNumber, shortNumber } from "~/lib/short-number";
import { cn } from "~/lib/utils";
import { displayNames } from "#domain/intl";

/*
 * The pieces every marketplace screen shows a site with (seed 001 §2): its domain as a link out,
 * its scores, its traffic shortened (the exact figure in the title), the demo label and how often
 * the AI assistants cited it in the user's analyses.
 */

/** A link to the site itself: a new tab, and no referrer or endorsement passed on. */
export function DomainLink({ url, domain, className }: { url: string; domain: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={cn("inline-flex min-w-0 max-w-full items-center gap-1 font-semibold text-foreground hover:text-primary hover:underline", className)}
      aria-label={t("backlinks:pages.backlinks.catalogue.visit", { domain })}
      data-testid="site-domain"
    >
      <span className="break-all">{domain}</span>
      <ExternalLinkIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
    </a>
  );
}

/** Monthly visits shortened (4.5M), the whole figure in the title for whoever wants it. */
export function Traffic({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  return (
    <span title={t("backlinks:metrics.trafficTitle", { exact: exactNumber(value, i18n.language) })} data-testid="site-traffic">
      {shortNumber(value, i18n.language)}
    </span>
  );
}

/** DR, DA and traffic side by side, each figure under its name. */
export function SiteMetrics({ dr, da, traffic, className }: { dr: number; da: number; traffic: number; className?: string }) {
  const { t } = useTranslation();
  const items = [
    { key: "dr", label: t("backlinks:metrics.dr"), title: t("backlinks:metrics.drTitle"), value: dr },
    { key: "da", label: t("backlinks:metrics.da"), title: t("backlinks:metrics.daTitle"), value: da },
  ];
  return (
    <dl className={cn("grid grid-cols-3 divide-x rounded-md border bg-background text-center", className)}>
      {items.map((item) => (
        <div key={item.key} className="grid gap-0.5 px-2 py-2">
          <dt className="text-xs font-medium text-muted-foreground">
            <abbr title={item.title} className="no-underline">
              {item.label}
            </abbr>
          </dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid={`site-${item.key}`}>
            {item.value}
          </dd>
        </div>
      ))}
      <div className="grid gap-0.5 px-2 py-2">
        <dt className="text-xs font-medium text-muted-foreground">{t("backlinks:metrics.traffic")}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          <Traffic value={traffic} />
          <span className="sr-only"> {t("backlinks:metrics.perMonth")}</span>
        </dd>
      </div>
    </dl>
  );
}

export function DemoSiteBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="demo" title={t("backlinks:metrics.demoTitle")} data-testid="demo-badge">
      {t("backlinks:metrics.demo")}
    </Badge>
  );
}

/** "Cited 12× by AI assistants in your analyses", leading to the citing sources. */
export function AiCitations({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Link
      to="/seo-llms/sources"
      title={t("backlinks:metrics.aiCitationsTitle")}
      className="inline-flex min-h-6 w-fit items-center gap-1.5 rounded-full bg-info-muted px-2.5 py-0.5 text-xs font-medium text-info-subtle-foreground hover:underline"
      data-testid="ai-citations"
    >
      <SparklesIcon className="size-3.5 shrink-0" aria-hidden />
      {t("backlinks:metrics.aiCitations", { count })}
    </Link>
  );
}

/** The language a site writes in, by its name in the reader's language. */
export function languageName(t: TFunction, code: string) {
  return t(`backlinks:languages.${code}`, { defaultValue: code.toUpperCase() });
}

export function categoryName(t: TFunction, code: string) {
  return t(`backlinks:categories.${code}`, { defaultValue: code });
}

/** A country by its name in the reader's language (the runtime's own list), else its code. */
export function countryName(code: string, locale: string) {
  try {
    return displayNames([locale.startsWith("fr") ? "fr-FR" : "en-US"], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const ITEM_TONES: Record<OrderItemStatus, "secondary" | "info" | "success" | "warning" | "destructive"> = {
  pending_payment: "warning",
  paid: "info",
  in_progress: "info",
  published: "success",
  rejected: "destructive",
  refunded: "secondary",
};

export function ItemStatusBadge({ status }: { status: OrderItemStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={ITEM_TONES[status]} data-testid="item-status" data-status={status}>
      {t(`backlinks:itemStatuses.${status}`)}
    </Badge>
  );
}
