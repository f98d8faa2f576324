import { useTranslation } from "react-i18next";
import type { Route } from "./+types/index";
import { AuditReport } from "~/components/site-audit/report";
import { requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { getFixedT } from "~/middleware/i18next.server";
import { auditList, auditPage } from "./audit.server";

export const meta: Route.MetaFunction = titleMeta;

/** The latest analysis's report, or nothing yet. */
export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const { audits } = await auditList(context);
  if (audits[0]) return auditPage(context, audits[0].id);
  const t = await getFixedT(context);
  return { title: t("audit:title"), audit: null, pollingInterval: 0, canRun: true };
}

export default function LatestAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { audit, pollingInterval, canRun } = loaderData;
  if (!audit) {
    return <p className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">{t("audit:empty")}</p>;
  }
  return <AuditReport audit={audit} pollingInterval={pollingInterval} canRun={canRun} />;
}
