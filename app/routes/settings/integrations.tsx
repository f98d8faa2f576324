import { UnplugIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/integrations";
import { siteLabel } from "#domain/search-console";
import { ConnectCard, ReconnectAlert } from "~/components/search-console/connect-card";
import { SiteForm } from "~/components/search-console/site-chooser";
import { SiteHeading } from "~/components/search-console/site-heading";
import { UpdatedAgo } from "~/components/search-console/updated-ago";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { dataOf, getApiClient, nullOn404, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import * as searchConsole from "~/lib/search-console.server";
import { useHydrated } from "~/lib/use-hydrated";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** Settings › Integrations (issue 13): Search Console's status, the chosen site, changing it, leaving. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const returned = await searchConsole.handleConnectionReturn(context, url);
  if (returned) return returned;
  const api = getApiClient(context);
  const [{ data: status }, profile, t] = await Promise.all([
    read(api.searchConsoleOAuth.status.$get()),
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    getFixedT(context),
  ]);
  const confirming = url.searchParams.get("confirm") === "disconnect" && status.is_connected;
  return { title: t("nav.settingsIntegrations"), status, website: profile?.WebsiteURL ?? null, confirming, renderedAt: Date.now() };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const form = await request.formData();
  const back = { to: "/settings/integrations" };
  switch (form.get("intent")) {
    case "connect":
      return searchConsole.connect(context, request, "settings", back);
    case "select":
      return searchConsole.selectSite(context, String(form.get("site_url") ?? ""), { to: "/dashboard" });
    case "disconnect":
      return searchConsole.disconnect(context, back);
    default:
      return redirect(back.to);
  }
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { status, website, confirming, renderedAt } = loaderData;
  if (confirming) return <ConfirmDisconnectPage />;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t("searchConsole:settings.title")}</h2>
        <p className="text-sm text-slate-600">{t("searchConsole:settings.description")}</p>
      </div>
      {!status.is_connected ? (
        <ConnectCard source={status.available_source} />
      ) : (
        <Card className="grid gap-5 p-6" data-testid="integration-card">
          {status.needs_reconnect ? <ReconnectAlert /> : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {status.connected_site ? (
              <SiteHeading siteUrl={status.connected_site} demo={status.source === "demo"} />
            ) : (
              <p className="font-medium">{t("searchConsole:settings.noSite")}</p>
            )}
            <DisconnectButton />
          </div>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">{t("searchConsole:settings.account")}</dt>
              <dd className="font-medium">
                {status.source === "demo" ? t("searchConsole:settings.demoAccount") : (status.account_email ?? t("searchConsole:settings.googleAccount"))}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("searchConsole:settings.lastSync")}</dt>
              <dd>
                <UpdatedAgo at={status.last_synced_at} renderedAt={renderedAt} />
              </dd>
            </div>
          </dl>
          {status.needs_reconnect ? null : (
            <details className="group grid gap-3" open={!status.connected_site}>
              <summary className="cursor-pointer text-sm font-medium text-indigo-700">
                {status.connected_site ? t("searchConsole:changeSite") : t("searchConsole:sites.title")}
              </summary>
              <div className="pt-3">
                <SiteForm sites={status.sites} website={website} />
              </div>
            </details>
          )}
          {status.connected_site ? (
            <Link to="/dashboard" className="text-sm font-medium text-indigo-700 hover:underline">
              {t("searchConsole:settings.openDashboard", { site: siteLabel(status.connected_site) })}
            </Link>
          ) : null}
        </Card>
      )}
    </div>
  );
}

/** With JavaScript a confirmation dialog; without, a link to this page's confirmation. */
function DisconnectButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "disconnect";
  if (!hydrated) {
    return (
      <Link to="?confirm=disconnect" className={buttonVariants({ variant: "outline", size: "sm" })}>
        <UnplugIcon aria-hidden />
        {t("searchConsole:disconnect")}
      </Link>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" disabled={sending}>
          <UnplugIcon aria-hidden />
          {t("searchConsole:disconnect")}
        </Button>
      }
      title={t("searchConsole:confirmDisconnect.title")}
      description={t("searchConsole:confirmDisconnect.description")}
      cancelLabel={t("searchConsole:sites.cancel")}
      confirmLabel={t("searchConsole:disconnect")}
      onConfirm={() => submit({ intent: "disconnect" }, { method: "post" })}
    />
  );
}

function ConfirmDisconnectPage() {
  const { t } = useTranslation();
  return (
    <Card role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-description" className="grid gap-4 border-destructive-border p-6">
      <h2 id="confirm-title" className="text-lg font-semibold">
        {t("searchConsole:confirmDisconnect.title")}
      </h2>
      <p id="confirm-description" className="text-sm text-muted-foreground">
        {t("searchConsole:confirmDisconnect.description")}
      </p>
      <Form method="post" action="/settings/integrations" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/settings/integrations" className={buttonVariants({ variant: "outline" })}>
          {t("searchConsole:sites.cancel")}
        </Link>
        <Button type="submit" name="intent" value="disconnect" variant="destructive">
          {t("searchConsole:disconnect")}
        </Button>
      </Form>
    </Card>
  );
}
