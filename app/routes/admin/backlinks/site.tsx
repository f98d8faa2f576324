import { ArchiveRestoreIcon, ArchiveXIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import type { Route } from "./+types/site";
import { deferred } from "~/lib/deferred";
import { DemoSiteBadge, DomainLink } from "~/components/backlinks/site-facts";
import { BackLink } from "~/components/back-link";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireAdmin } from "~/lib/admin.server";
import { dataOf, getApiClient, notFoundOn404, read } from "~/lib/api.server";
import { backlinksErrorMessage, isUuid, refusal } from "~/lib/backlinks.server";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { type SiteFormReply, siteFormConstraint, submitSiteForm } from "./site-form.server";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const AdminSiteForm = deferred(() => import("~/components/backlinks/admin-site-form").then((module) => module.AdminSiteForm));

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.site.domain }]);

const PREFIX = "backlinksAdmin:site";

export async function loader({ context, params }: Route.LoaderArgs) {
  await requireAdmin(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  // Admins see a retired site too (orders still name it): here is where it comes back.
  const [site, t] = await Promise.all([read(getApiClient(context).backlinks.sites[":id"].$get({ param: { id: params.id } })).then(dataOf, notFoundOn404), getFixedT(context)]);
  return { site, title: t(`${PREFIX}.editTitle`, { domain: site.domain }), constraint: siteFormConstraint() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const id = params.id;
  const formData = await request.formData();
  const t = await getFixedT(context);
  const admin = getApiClient(context).backlinks.admin.sites;
  const back = `/admin/backlinks/sites/${id}`;
  const intent = formData.get("intent");

  if (intent === "retire" || intent === "restore") {
    const retired = intent === "retire";
    try {
      await read(admin[":id"].retire.$post({ param: { id }, json: { retired } }));
    } catch (caught) {
      return redirectWithToast(back, { type: "error", title: t(`${PREFIX}.retireFailed`), description: backlinksErrorMessage(t, refusal(caught)) });
    }
    return redirectWithToast(back, { type: "success", title: t(retired ? `${PREFIX}.retired` : `${PREFIX}.restored`) });
  }
  if (intent === "save") {
    return submitSiteForm({
      formData,
      t,
      failedKey: `${PREFIX}.saveFailed`,
      call: (site) => read(admin[":id"].$put({ param: { id }, json: site })).then(dataOf),
      success: () => redirectWithToast(back, { type: "success", title: t(`${PREFIX}.saved`) }),
    });
  }
  throw data(null, { status: 400 });
}

export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site } = loaderData;
  const reply = actionData as SiteFormReply | undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <BackLink to="/admin/backlinks">{t(`${PREFIX}.back`)}</BackLink>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="break-all text-lg font-semibold">{t(`${PREFIX}.editTitle`, { domain: site.domain })}</h2>
        {site.demo ? <DemoSiteBadge /> : null}
        {site.retired ? (
          <Badge variant="destructive" data-testid="retired-badge">
            {t("backlinks:retiredBadge")}
          </Badge>
        ) : null}
      </div>
      <DomainLink url={site.url} domain={site.url} className="text-sm font-normal text-muted-foreground" />

      <Alert variant={site.retired ? "destructive" : "default"} role="note" className="flex flex-wrap items-center justify-between gap-3">
        <AlertDescription className="col-span-2">{site.retired ? t(`${PREFIX}.restoreHint`) : t(`${PREFIX}.retireHint`)}</AlertDescription>
        <Form method="post" className="col-span-2">
          <input type="hidden" name="intent" value={site.retired ? "restore" : "retire"} />
          <Button type="submit" size="sm" variant={site.retired ? "default" : "outline"} className="h-9">
            {site.retired ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveXIcon aria-hidden />}
            {site.retired ? t(`${PREFIX}.restore`) : t(`${PREFIX}.retire`)}
          </Button>
        </Form>
      </Alert>

      <Card className="p-4 sm:p-6">
        {/* A saved site comes back with its figures as stored: a new form, not the one typed into. */}
        <AdminSiteForm key={JSON.stringify(site)} site={site} lastResult={reply?.result} submitLabel={t(`${PREFIX}.save`)} constraint={loaderData.constraint} />
      </Card>
    </div>
  );
}
