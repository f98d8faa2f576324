import { DownloadIcon, LoaderCircleIcon, RotateCwIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { formatDateTime } from "~/components/seo-llms/format";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { SiteAudit, SiteAuditReport } from "~/lib/api-types";
import { checksBySeverity, SEVERITY_TONE, scoreTone } from "~/lib/site-audit";
import { usePolling } from "~/lib/use-polling";
import { cn } from "~/lib/utils";
import { isSiteAuditRunning, type SiteAuditStatus } from "#domain/site-audit";
import { CheckGroups } from "./checks";
import { CrawlersCard, LlmsTxtCard } from "./crawlers";
import { SiteFactsCard, SuggestionsCard } from "./facts";

const SCORE_TEXT = { success: "text-success", warning: "text-warning", destructive: "text-destructive" } as const;

const STATUS_TONE = { pending: "secondary", running: "info", done: "success", failed: "destructive" } as const;

export function AuditStatusBadge({ status, testId }: { status: SiteAuditStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_TONE[status]} data-testid={testId}>
      {t(`audit:status.${status}`)}
    </Badge>
  );
}

/**
 * One website analysis: its progress while it runs (polled with JavaScript, refreshed by the page
 * itself without), why it failed, or its report. `canRun`: the plan has an analysis left to run it again.
 */
export function AuditReport({ audit, pollingInterval, canRun }: { audit: SiteAudit; pollingInterval: number; canRun: boolean }) {
  const { t, i18n } = useTranslation();
  const running = isSiteAuditRunning(audit.status);
  usePolling(running, pollingInterval);
  const report = audit.status === "done" ? audit.result : null;
  return (
    <div className="grid gap-6" data-testid="audit-report">
      <Card className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 break-words text-lg font-semibold">{t("audit:report.heading", { url: audit.url })}</h2>
          <AuditStatusBadge status={audit.status} testId="audit-status" />
          <div className="ml-auto flex flex-wrap gap-2">
            {report ? (
              // A plain link: the download works without JavaScript.
              <a href={`/exports/site-audits/${audit.id}.csv`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
                <DownloadIcon aria-hidden /> {t("audit:report.export")}
              </a>
            ) : null}
            {running ? null : <RunAgain url={audit.url} disabled={!canRun} />}
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{t("audit:report.analysedAt", { date: formatDateTime(audit.finished_at ?? audit.created_at, i18n.language) })}</p>
      </Card>
      {running ? <Running url={audit.url} pollingInterval={pollingInterval} /> : null}
      {audit.status === "failed" ? (
        <Alert variant="destructive" role="alert" data-testid="audit-error">
          <AlertTitle>{t("audit:errors.title")}</AlertTitle>
          <AlertDescription>
            <p>{t(`audit:errors.${audit.error?.code ?? "audit_error"}`)}</p>
            <p>{t("audit:errors.notCounted")}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      {report ? <Report report={report} /> : null}
    </div>
  );
}

function RunAgain({ url, disabled }: { url: string; disabled: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/audit";
  return (
    <Form method="post" action="/audit">
      <input type="hidden" name="url" value={url} />
      <Button type="submit" variant="outline" size="sm" disabled={disabled || submitting}>
        <RotateCwIcon aria-hidden /> {t("audit:report.rerun")}
      </Button>
    </Form>
  );
}

function Running({ url, pollingInterval }: { url: string; pollingInterval: number }) {
  const { t } = useTranslation();
  return (
    <Alert variant="info" role="status">
      <LoaderCircleIcon className="animate-spin" aria-hidden />
      <AlertTitle>{t("audit:running.title", { url })}</AlertTitle>
      <AlertDescription>
        <p>{t("audit:running.description")}</p>
        {/* Without JavaScript the page reloads itself, and offers the link in case it does not. */}
        <noscript>
          <meta httpEquiv="refresh" content={String(Math.max(2, Math.round(pollingInterval / 1000)))} />
          <Link to="." className="font-medium text-primary hover:underline">
            {t("audit:running.refresh")}
          </Link>
        </noscript>
      </AlertDescription>
    </Alert>
  );
}

function Report({ report }: { report: SiteAuditReport }) {
  const { t } = useTranslation();
  const groups = checksBySeverity(report.checks);
  return (
    <>
      <Card className="flex flex-wrap items-center gap-6 p-4">
        <div className="grid gap-1" data-testid="audit-score">
          <span className="text-sm font-medium text-muted-foreground">{t("audit:report.score")}</span>
          <span className={cn("text-4xl font-semibold tabular-nums", SCORE_TEXT[scoreTone(report.score)])}>
            {report.score}
            <span className="text-base font-normal text-muted-foreground">/100</span>
          </span>
        </div>
        <ul className="flex flex-wrap gap-2">
          {groups.map((group) => (
            <li key={group.severity}>
              <Badge variant={SEVERITY_TONE[group.severity]} size="lg">
                {t(`audit:severity.${group.severity}`)}: {group.checks.length}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="basis-full text-sm text-muted-foreground">{t("audit:report.scoreHint")}</p>
      </Card>
      <CheckGroups checks={report.checks} />
      <CrawlersCard report={report.ai_crawlers} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LlmsTxtCard report={report.llms_txt} />
        <SuggestionsCard suggestions={report.suggestions} />
      </div>
      <SiteFactsCard site={report.site} />
    </>
  );
}
