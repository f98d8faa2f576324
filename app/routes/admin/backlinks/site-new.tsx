import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/site-new";
import { deferred } from "~/lib/deferred";
import { BackLink } from "~/components/back-link";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/lib/admin.server";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { type SiteFormReply, siteFormConstraint, submitSiteForm } from "./site-form.server";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const AdminSiteForm = deferred(() => import("~/components/backlinks/admin-site-form").then((module) => module.AdminSiteForm));

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.title }]);

const PREFIX = "backlinksAdmin:site";

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const t = await getFixedT(context);
  return { title: t(`${PREFIX}.newTitle`), constraint: siteFormConstraint() };
}

/** One site by hand (the CSV import adds many): a domain already there is updated, as the import does. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context);
  const formData = await request.formData();
  if (formData.get("intent") !== "save") throw data(null, { status: 400 });
  const t = await getFixedT(context);
  return submitSiteForm({
    formData,
    t,
    failedKey: `${PREFIX}.saveFailed`,
    call: (site) => read(getApiClient(context).backlinks.admin.sites.$post({ json: site })).then(dataOf),
    success: (site) => redirectWithToast(`/admin/backlinks/sites/${site.id}`, { type: "success", title: t(`${PREFIX}.created`) }),
  });
}

export default function AdminSiteNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = actionData as SiteFormReply | undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <BackLink to="/admin/backlinks">{t(`${PREFIX}.back`)}</BackLink>
      <Card className="grid gap-4 p-4 sm:p-6">
        <CardHeader>
          <CardTitle>{t(`${PREFIX}.newTitle`)}</CardTitle>
          <CardDescription>{t(`${PREFIX}.newHint`)}</CardDescription>
        </CardHeader>
        <AdminSiteForm site={null} lastResult={reply?.result} submitLabel={t(`${PREFIX}.create`)} constraint={loaderData.constraint} />
      </Card>
    </div>
  );
}
