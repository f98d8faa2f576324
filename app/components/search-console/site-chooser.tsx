import { LoaderCircleIcon, TriangleAlertIcon } from "~/components/ui/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { siteLabel, siteMatchesWebsite } from "#domain/search-console";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import { SiteFavicon } from "./site-favicon";

type Site = { site_url: string; permission_level: string };

/**
 * Seed 000 §2, the site-selection prompt: a radio list, the profile's site first and tagged
 * recommended, a warning when it is not among them, an empty state, select disabled until a site is
 * chosen, a spinner while the choice is sent. A plain form: without JavaScript it is the page's own.
 */
export function SiteForm({ sites, website, action, onCancel }: { sites: Site[]; website: string | null; action?: string; onCancel?: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const ordered = [...sites].sort((a, b) => Number(siteMatchesWebsite(b.site_url, website)) - Number(siteMatchesWebsite(a.site_url, website)));
  const recommended = ordered.find((site) => siteMatchesWebsite(site.site_url, website));
  const [chosen, setChosen] = useState<string | null>(recommended?.site_url ?? null);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "select";

  if (sites.length === 0) {
    return (
      <div className="grid gap-3">
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t("searchConsole:sites.empty")}</p>
        {onCancel ? (
          <div className="flex justify-end">
            <Button type="button" variant="outline" onClick={onCancel}>
              {t("searchConsole:sites.cancel")}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <Form method="post" action={action} className="grid gap-4">
      {website && !recommended ? (
        <Alert variant="warning" role="status">
          <TriangleAlertIcon aria-hidden />
          <AlertDescription>{t("searchConsole:sites.missing", { website: siteLabel(website) })}</AlertDescription>
        </Alert>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t("searchConsole:sites.legend")}</legend>
        {ordered.map((site) => (
          <label key={site.site_url} className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50">
            <input
              type="radio"
              name="site_url"
              value={site.site_url}
              required
              defaultChecked={site.site_url === recommended?.site_url}
              onChange={() => setChosen(site.site_url)}
              className="accent-indigo-600"
            />
            <SiteFavicon siteUrl={site.site_url} />
            <span className="min-w-0 flex-1 truncate font-medium">{siteLabel(site.site_url)}</span>
            {site.site_url.startsWith("sc-domain:") ? <Badge variant="secondary">{t("searchConsole:sites.domain")}</Badge> : null}
            {site.site_url === recommended?.site_url ? <Badge variant="success">{t("searchConsole:sites.recommended")}</Badge> : null}
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("searchConsole:sites.cancel")}
          </Button>
        ) : null}
        <Button type="submit" name="intent" value="select" disabled={(hydrated && !chosen) || sending}>
          {sending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
          {sending ? t("searchConsole:sites.connecting") : t("searchConsole:sites.select")}
        </Button>
      </div>
    </Form>
  );
}
