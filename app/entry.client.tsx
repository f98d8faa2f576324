import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#domain/locales";
import { ensureRouteStrings, routeIdsFor } from "./lib/i18n-client";
import { i18nBaseOptions } from "./lib/i18n-options";

async function hydrate() {
  // The server wrote the locale it rendered with into <html lang>; start from the same one.
  const lang = document.documentElement.lang;
  const lng = isLocale(lang) ? lang : DEFAULT_LOCALE;
  await i18next.use(initReactI18next).init({
    ...i18nBaseOptions,
    lng,
    resources: {},
    // A namespace added later (a navigation's) re-renders what reads it.
    react: { bindI18nStore: "added" },
  });
  // `common` and the page's routes' strings, as a client navigation fetches them (app/root.tsx).
  await ensureRouteStrings(i18next, lng, routeIdsFor(window.location.pathname));
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
