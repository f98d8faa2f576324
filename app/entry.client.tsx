import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#domain/locales";
import { initialResources } from "./lib/i18n-client";
import { i18nBaseOptions } from "./lib/i18n-options";

/**
 * Resolves once the browser has painted the server's HTML (a frame, then a task after it), or after
 * 100 ms in a tab that is not painting (hidden). The page is whole and usable before hydration;
 * hydrating first would hold its first paint behind a long task on a slow phone whenever the
 * scripts arrive before the paint (from the cache, on a fast network).
 */
const painted = () =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

async function hydrate() {
  // The server wrote the locale it rendered with into <html lang>; start from the same one.
  const lang = document.documentElement.lang;
  const lng = isLocale(lang) ? lang : DEFAULT_LOCALE;
  await i18next.use(initReactI18next).init({
    ...i18nBaseOptions,
    lng,
    resources: { [lng]: await initialResources(lng, window.location.pathname) },
    // A namespace added later (a navigation's) re-renders what reads it.
    react: { bindI18nStore: "added" },
  });
  await painted();
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
