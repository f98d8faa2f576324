import { ChevronRightIcon, HomeIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sectionFor } from "~/lib/navigation";
import { MobileMenuButton } from "./sidebar";

/** The bar above every page: the dashboard's title there, a breadcrumb everywhere else (seed 000 §2). */
export function PageHeader({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const crumbs = pathname === "/dashboard" ? null : breadcrumb(pathname);
  return (
    <header className="flex h-16 items-center border-b bg-card px-4 lg:px-6">
      <MobileMenuButton />
      {crumbs ? (
        <nav aria-label={t("breadcrumb.label")}>
          <ol className="flex items-center gap-1.5 text-sm text-slate-500">
            <li>
              <Link to="/dashboard" className="flex items-center hover:text-slate-900">
                <HomeIcon className="size-4" aria-hidden />
                <span className="sr-only">{t("nav.dashboard")}</span>
              </Link>
            </li>
            {crumbs.map((crumb, index) => (
              <li key={crumb.to} className="flex items-center gap-1.5">
                <ChevronRightIcon className="size-4 text-slate-300" aria-hidden />
                {index === crumbs.length - 1 ? (
                  <span aria-current="page" className="font-medium text-slate-900">
                    {t(`nav.${crumb.key}`)}
                  </span>
                ) : (
                  <Link to={crumb.to} className="hover:text-slate-900">
                    {t(`nav.${crumb.key}`)}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : (
        <h1 className="text-lg font-semibold">{t("nav.dashboard")}</h1>
      )}
    </header>
  );
}

/** Each known ancestor of the path that is a section of its own: /settings/billing → Settings › Billing. */
function breadcrumb(pathname: string) {
  const crumbs: { to: string; key: string }[] = [];
  const parts = pathname.split("/").filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const path = `/${parts.slice(0, i).join("/")}`;
    const section = sectionFor(path);
    if (section && !crumbs.some((crumb) => crumb.key === section.key)) crumbs.push({ to: section.to, key: section.key });
  }
  return crumbs;
}
