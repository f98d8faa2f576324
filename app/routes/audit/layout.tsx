import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Outlet } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/layout";
import { ScreenTitle } from "~/components/screen-title";
import { formatDateTime } from "~/components/seo-llms/format";
import { AuditStatusBadge } from "~/components/site-audit/report";
import { Card } from "~/components/ui/card";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";
import type { SiteAuditSummary, Usage } from "~/lib/api-types";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { AuditFormSchema } from "~/lib/audit-schemas";
import { deferred } from "~/lib/deferred";
import { auditList } from "./audit.server";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const AuditForm = deferred(() => import("./audit-form").then((module) => module.AuditForm));

export const meta: Route.MetaFunction = titleMeta;

/** The screen's frame: the form that starts an analysis (with what the plan has left), the report below, the history. */
export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const [{ data: profile }, { audits, usage }, t] = await Promise.all([read(getApiClient(context).user.profile.$get()), auditList(context), getFixedT(context)]);
  return { title: t("audit:title"), website: profile.WebsiteURL ?? audits[0]?.url ?? "", audits, usage, constraint: getZodConstraint(AuditFormSchema) };
}

/** Starts an analysis (the form, or a report's "Run again") and opens its report. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const submission = parseWithZod(await request.formData(), { schema: AuditFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = await getFixedT(context);
  try {
    const { data: audit } = await read(getApiClient(context).siteAudits.index.$post({ json: { url: submission.value.url } }));
    return redirectWithToast(`/audit/${audit.id}`, { type: "success", title: t("audit:started") });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.code === "site_audit_limit") return data({ result: submission.reply({ formErrors: [t("audit:limitReached")] }) }, { status: 403 });
    if (error.code === "site_audits_in_flight") return data({ result: submission.reply({ formErrors: [t("audit:inFlight")] }) }, { status: 429 });
    if (error.status !== 400) throw error;
    return data({ result: submission.reply(fieldErrorsFrom(error, t, "audit", ["url"])) }, { status: 400 });
  }
}

export default function AuditLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { website, audits, usage, constraint } = loaderData;
  return (
    <section className="mx-auto grid max-w-6xl gap-6 p-6 lg:p-10">
      <ScreenTitle title={t("audit:title")} description={t("audit:description")} />
      <Card className="grid gap-3 p-4">
        <h2 className="font-medium">{t("audit:form.title")}</h2>
        <AuditForm website={website} noneLeft={usage !== null && usage.remaining <= 0} constraint={constraint} result={actionData?.result} />
        <UsageLine usage={usage} />
      </Card>
      <Outlet />
      {audits.length > 0 ? <History audits={audits} /> : null}
    </section>
  );
}

/** Seed §7's lifetime counters: "2 of 3 analyses left", or the way to more. */
function UsageLine({ usage }: { usage: Usage }) {
  const { t } = useTranslation();
  if (!usage) return null;
  if (usage.remaining > 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="audit-usage">
        {t("audit:form.left", { remaining: usage.remaining, limit: usage.limit })}
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" data-testid="audit-usage">
      {t("audit:form.noneLeft", { limit: usage.limit })}{" "}
      <Link to="/settings/billing/plans" className="font-medium text-primary hover:underline">
        {t("audit:form.upgrade")}
      </Link>
    </p>
  );
}

function History({ audits }: { audits: SiteAuditSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="audit-history" className="grid gap-3">
      <h2 id="audit-history" className="text-lg font-semibold">
        {t("audit:history.title")}
      </h2>
      <Table data-testid="audit-history" region={t("audit:history.title")}>
        <TableHeader>
          <TableHead>{t("audit:history.date")}</TableHead>
          <TableHead>{t("audit:history.url")}</TableHead>
          <TableHead>{t("audit:history.status")}</TableHead>
          <TableHead numeric>{t("audit:history.score")}</TableHead>
        </TableHeader>
        <TableBody>
          {audits.map((audit) => (
            <tr key={audit.id}>
              <td className="px-4 py-2">
                <Link to={`/audit/${audit.id}`} className="font-medium text-primary hover:underline">
                  {formatDateTime(audit.created_at, i18n.language)}
                </Link>
              </td>
              <td className="max-w-xs truncate px-4 py-2 text-muted-foreground">{audit.url}</td>
              <td className="px-4 py-2">
                <AuditStatusBadge status={audit.status} />
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{audit.score ?? "—"}</td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
