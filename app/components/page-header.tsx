import { ChevronRightIcon, HomeIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { Link } from "~/components/ui/link";
import { StaticMarkup } from "~/lib/static-markup";
import { breadcrumbTrail, type Crumb } from "~/lib/breadcrumbs";
import { formatDateTime } from "./seo-llms/format";
import { MobileMenuButton } from "./sidebar";

/** The bar above every page: the dashboard's title there, a breadcrumb everywhere else (seed 000 §2). */
export function PageHeader({ pathname }: { pathname: string }) {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const crumbs = pathname === "/dashboard" ? null : breadcrumbTrail(pathname, matches);
  const labelOf = (crumb: Crumb) => crumb.label ?? (crumb.date ? formatDateTime(crumb.date, i18n.language) : t(crumb.key ?? ""));
  const labels = crumbs?.map(labelOf);
  // The trail's paths and labels are all the header shows besides the locale's words.
  let cacheKey = `header:${i18n.language}:${crumbs ? "trail" : "title"}`;
  if (crumbs) for (const [index, crumb] of crumbs.entries()) cacheKey += `\u0000${crumb.to}\u0000${labels?.[index]}`;
  return (
    <StaticMarkup as="header" className="flex h-16 items-center border-b bg-card px-4 lg:px-6" cacheKey={cacheKey} render={() => <HeaderContent crumbs={crumbs} labels={labels} />} />
  );
}

function HeaderContent({ crumbs, labels }: { crumbs: Crumb[] | null; labels: string[] | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <MobileMenuButton />
      {crumbs ? (
        <nav aria-label={t("breadcrumb.label")} className="min-w-0">
          <ol className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
            <li>
              <Link to="/dashboard" className="flex items-center hover:text-slate-900">
                <HomeIcon className="size-4" aria-hidden />
                <span className="sr-only">{t("nav.dashboard")}</span>
              </Link>
            </li>
            {crumbs.map((crumb, index) => (
              // The page's own name gives way first: its ancestors stay readable on a phone.
              <li key={crumb.to} className={`flex items-center gap-1.5 ${index === crumbs.length - 1 ? "min-w-0" : "max-w-32 min-w-0 shrink-0 sm:max-w-none"}`}>
                <ChevronRightIcon className="size-4 shrink-0 text-slate-300" aria-hidden />
                {index === crumbs.length - 1 ? (
                  <span aria-current="page" className="truncate font-medium text-slate-900">
                    {labels?.[index]}
                  </span>
                ) : (
                  <Link to={crumb.to} className="truncate hover:text-slate-900">
                    {labels?.[index]}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : (
        <h1 className="text-lg font-semibold">{t("nav.dashboard")}</h1>
      )}
    </>
  );
}
