import type { Route } from "./+types/site-audit";
import { getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { detailValues, resultKey, SEVERITIES } from "~/lib/site-audit";
import { getFixedT, getLocale } from "~/middleware/i18next.server";

/** One website analysis's checks, what to fix first: a row per check, with why it matters and how to fix it. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  const t = await getFixedT(context);
  const locale = getLocale(context);
  const { data: audit } = await read(getApiClient(context).siteAudits[":id"].$get({ param: { id: params.id } })).catch(notFoundOn404);
  const checks = [...(audit.result?.checks ?? [])].sort((a, b) => SEVERITIES.indexOf(a.status) - SEVERITIES.indexOf(b.status));

  const header = ["check", "status", "result", "why", "fix"].map((key) => t(`audit:csv.${key}`));
  const rows = checks.map((check) => {
    const prefix = `audit:checks.${check.id}`;
    return [
      t(`${prefix}.title`),
      t(`audit:severity.${check.status}`),
      t(`${prefix}.result.${resultKey(check)}`, detailValues(check.detail, locale)),
      t(`${prefix}.why`),
      check.status === "pass" ? "" : t(`${prefix}.fix`),
    ];
  });
  return csvResponse(`website-analysis-${new URL(audit.url).hostname}`, toCsv(header, rows));
}
