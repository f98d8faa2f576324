import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import type { SiteAuditReport } from "~/lib/api-types";
import { ExternalLink, Fact } from "./facts";

type AccessValue = "allowed" | "blocked";

function Access({ value }: { value: AccessValue }) {
  const { t } = useTranslation();
  return <Badge variant={value === "allowed" ? "success" : "destructive"}>{t(`audit:crawlers.${value}`)}</Badge>;
}

/** Each AI crawler's access to the home page, and what robots.txt and the page said. */
export function CrawlersCard({ report }: { report: SiteAuditReport["ai_crawlers"] }) {
  const { t } = useTranslation();
  const { robots_txt: robots } = report;
  return (
    // Not a landmark itself: the table's scrolling region carries the name, once.
    <section className="grid gap-3">
      <CardHeader>
        <CardTitle asChild>
          <h3 id="ai-crawlers">{t("audit:crawlers.title")}</h3>
        </CardTitle>
        <CardDescription>{t("audit:crawlers.description")}</CardDescription>
        <p className="text-sm">{t(`audit:crawlers.robotsTxt.${robots.state}`, { url: robots.url, status: robots.http_status ?? "—" })}</p>
        {report.directives.length ? <p className="text-sm">{t("audit:crawlers.directives", { directives: report.directives.join(", ") })}</p> : null}
      </CardHeader>
      <Table data-testid="crawlers" region={t("audit:crawlers.title")}>
        <TableHeader>
          <TableHead>{t("audit:crawlers.crawler")}</TableHead>
          <TableHead>{t("audit:crawlers.operator")}</TableHead>
          <TableHead>{t("audit:crawlers.purpose")}</TableHead>
          <TableHead>{t("audit:crawlers.robots")}</TableHead>
          <TableHead>{t("audit:crawlers.pageDirectives")}</TableHead>
          <TableHead>{t("audit:crawlers.access")}</TableHead>
        </TableHeader>
        <TableBody>
          {report.crawlers.map((crawler) => (
            <tr key={crawler.token} data-testid="crawler" data-token={crawler.token}>
              <th scope="row" className="px-4 py-2 text-left font-mono text-xs font-medium">
                {crawler.token}
              </th>
              <td className="px-4 py-2 text-muted-foreground">{crawler.operator}</td>
              <td className="px-4 py-2 text-muted-foreground">{t(`audit:crawlers.purposes.${crawler.purpose}`)}</td>
              <td className="px-4 py-2">
                <Access value={crawler.robots_txt} />
              </td>
              <td className="px-4 py-2 text-muted-foreground">{crawler.directives.length ? crawler.directives.join(", ") : t("audit:crawlers.none")}</td>
              <td className="px-4 py-2">
                <Access value={crawler.status} />
              </td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** Whether /llms.txt is there, what it holds, and its problems by line. */
export function LlmsTxtCard({ report }: { report: SiteAuditReport["llms_txt"] }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-3 p-4" data-testid="llms-txt">
      <CardTitle asChild>
        <h3 className="flex items-center gap-2">
          {t("audit:llmsTxt.title")}
          {report.present ? <Badge variant={report.valid ? "success" : "warning"}>{report.valid ? t("audit:llmsTxt.valid") : t("audit:llmsTxt.invalid")}</Badge> : null}
        </h3>
      </CardTitle>
      {report.present ? (
        <>
          <p className="text-sm">
            <ExternalLink href={report.url} />
          </p>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            {report.title ? <Fact label={t("audit:llmsTxt.titleLabel")} value={report.title} /> : null}
            {report.summary ? <Fact label={t("audit:llmsTxt.summary")} value={report.summary} /> : null}
            <Fact label={t("audit:llmsTxt.sections")} value={report.sections.map((section) => `${section.title} (${section.links})`).join(", ") || "—"} />
            <Fact label={t("audit:llmsTxt.links")} value={String(report.links)} />
          </dl>
          {report.problems.length ? (
            <ul className="grid list-disc gap-1 pl-5 text-sm" data-testid="llms-txt-problems">
              {report.problems.map((problem) => (
                <li key={`${problem.code}-${problem.line}`}>{t("audit:llmsTxt.problem", { line: problem.line, problem: t(`audit:llmsTxt.problems.${problem.code}`) })}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("audit:llmsTxt.missing", { url: report.url })}</p>
      )}
    </Card>
  );
}
