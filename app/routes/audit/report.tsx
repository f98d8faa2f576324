import { useTranslation } from "react-i18next";
import type { Route } from "./+types/report";
import { BackLink } from "~/components/back-link";
import { AuditReport } from "~/components/site-audit/report";
import { requireSession } from "~/lib/api.server";
import { breadcrumbs, shorten } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { auditPage } from "./audit.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => (data.audit ? [{ label: shorten(data.audit.url.replace(/^https?:\/\//, "")) }] : []));

export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  return auditPage(context, params.id);
}

export default function AuditReportScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { audit, pollingInterval, canRun } = loaderData;
  return (
    <div className="grid gap-4">
      <BackLink to="/audit">{t("audit:report.back")}</BackLink>
      <AuditReport audit={audit} pollingInterval={pollingInterval} canRun={canRun} />
    </div>
  );
}
