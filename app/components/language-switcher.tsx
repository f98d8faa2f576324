import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { SUPPORTED_LOCALES } from "#domain/locales";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";

/**
 * en | fr as two submit buttons: a plain form post without JavaScript, a fetcher with it. In a
 * menu (`inMenu`), they are its radio entries, and the group around them carries the name.
 */
export function LanguageSwitcher({ className, inMenu = false }: { className?: string; inMenu?: boolean }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("lng");
  const current = typeof pending === "string" ? pending : i18n.language;
  return (
    <fetcher.Form method="post" action="/preferences" className={cn("inline-flex rounded-md border border-slate-200 bg-white p-0.5", className)} aria-label={inMenu ? undefined : t("language.label")}>
      <input type="hidden" name="intent" value="locale" />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
      {SUPPORTED_LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="lng"
          value={locale}
          {...(inMenu ? { role: "menuitemradio", "aria-checked": current === locale, tabIndex: -1 } : { "aria-pressed": current === locale })}
          lang={locale}
          title={t(`language.names.${locale}`)}
          className={cn(
            "rounded px-2 py-0.5 text-xs font-semibold uppercase",
            current === locale ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100",
          )}
        >
          {locale}
        </button>
      ))}
    </fetcher.Form>
  );
}
