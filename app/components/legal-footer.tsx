import { GlobeIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { isLocale } from "#domain/locales";
import { StaticMarkup } from "~/lib/static-markup";

/** Seed 000 §1: the 15 interface languages the footer offers, each with its flag and own name. */
export const FOOTER_LANGUAGES = [
  { code: "fr", flag: "🇫🇷", name: "Français" },
  { code: "en", flag: "🇬🇧", name: "English" },
  { code: "de", flag: "🇩🇪", name: "Deutsch" },
  { code: "es", flag: "🇪🇸", name: "Español" },
  { code: "it", flag: "🇮🇹", name: "Italiano" },
  { code: "pt", flag: "🇵🇹", name: "Português" },
  { code: "nl", flag: "🇳🇱", name: "Nederlands" },
  { code: "pl", flag: "🇵🇱", name: "Polski" },
  { code: "ru", flag: "🇷🇺", name: "Русский" },
  { code: "ja", flag: "🇯🇵", name: "日本語" },
  { code: "zh", flag: "🇨🇳", name: "中文" },
  { code: "ko", flag: "🇰🇷", name: "한국어" },
  { code: "ar", flag: "🇸🇦", name: "العربية" },
  { code: "tr", flag: "🇹🇷", name: "Türkçe" },
  { code: "id", flag: "🇮🇩", name: "Bahasa Indonesia" },
] as const;

const LEGAL_PAGES = ["legalNotice", "privacy", "refund", "terms", "affiliate"] as const;

/** The five legal pages live on the public site; their paths differ per language. */
const LEGAL_PATHS: Record<"en" | "fr", Record<(typeof LEGAL_PAGES)[number], string>> = {
  en: { legalNotice: "/en/legal-notice", privacy: "/en/privacy-policy", refund: "/en/refund-policy", terms: "/en/terms-of-service", affiliate: "/en/affiliate-program-terms" },
  fr: { legalNotice: "/mentions-legales", privacy: "/politique-de-confidentialite", refund: "/politique-de-remboursement", terms: "/conditions-generales-de-vente", affiliate: "/conditions-programme-affiliation" },
};

/** `year` comes from the server so the page hydrates the same in every time zone. */
export function LegalFooter({ legalSiteUrl, year }: { legalSiteUrl: string; year: number }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Seed 000 §2: French text when the locale is French, otherwise English.
  const lang = i18n.language === "fr" ? "fr" : "en";
  return (
    <footer className="mt-auto flex flex-col gap-3 border-t border-slate-200 px-6 py-4 text-xs text-slate-500 md:flex-row md:items-center md:justify-between">
      <StaticMarkup
        as="nav"
        aria-label={t("footer.legal")}
        className="flex flex-wrap gap-x-4"
        cacheKey={`footer-legal:${lang}:${legalSiteUrl}`}
        render={() =>
          LEGAL_PAGES.map((page) => (
            <a key={page} href={`${legalSiteUrl}${LEGAL_PATHS[lang][page]}`} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center hover:text-slate-900 hover:underline">
              {t(`footer.links.${page}`, { lng: lang })}
            </a>
          ))
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/methodology" className="inline-flex min-h-6 items-center hover:text-slate-900 hover:underline">
          {t("footer.methodology")}
        </Link>
        <span>© {year} Sightline</span>
        <details className="relative">
          <summary className="flex min-h-6 cursor-pointer list-none items-center gap-1 rounded px-2 py-1 hover:bg-slate-100">
            <GlobeIcon className="size-3.5" aria-hidden />
            {FOOTER_LANGUAGES.find((language) => language.code === i18n.language)?.name ?? "English"}
          </summary>
          <form method="post" action="/preferences" className="absolute bottom-8 right-0 z-30 grid max-h-80 w-56 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <input type="hidden" name="intent" value="locale" />
            <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
            {/* The same fifteen buttons on every page in a locale; `contents` keeps them the form's grid items. */}
            <StaticMarkup as="div" className="contents" cacheKey={`footer-languages:${i18n.language}`} render={() => <LanguageButtons />} />
          </form>
        </details>
      </div>
    </footer>
  );
}

function LanguageButtons() {
  const { t } = useTranslation();
  const unavailable = t("footer.languageUnavailable");
  return FOOTER_LANGUAGES.map((language) => {
    const available = isLocale(language.code);
    return (
      <button
        key={language.code}
        type="submit"
        name="lng"
        value={language.code}
        disabled={!available}
        lang={language.code}
        title={available ? undefined : unavailable}
        className="flex items-center gap-2 rounded px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span aria-hidden>{language.flag}</span>
        {language.name}
      </button>
    );
  });
}
