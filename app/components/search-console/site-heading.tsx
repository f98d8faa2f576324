import { useTranslation } from "react-i18next";
import { siteLabel } from "#domain/search-console";
import { Badge } from "~/components/ui/badge";
import { SiteFavicon } from "./site-favicon";

/** Seed §2: the connected site with its favicon; a demo connection says so. */
export function SiteHeading({ siteUrl, demo }: { siteUrl: string; demo: boolean }) {
  const { t } = useTranslation();
  return (
    <h2 className="flex min-w-0 items-center gap-2 text-lg font-semibold" data-testid="connected-site">
      <SiteFavicon siteUrl={siteUrl} size={20} />
      <span className="truncate">{siteLabel(siteUrl)}</span>
      {demo ? (
        <Badge variant="demo" title={t("searchConsole:demoExplained")}>
          {t("searchConsole:demo")}
        </Badge>
      ) : null}
    </h2>
  );
}
