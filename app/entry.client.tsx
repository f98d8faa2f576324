import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE } from "#domain/locales";
import { i18nOptions } from "./lib/i18n";

async function hydrate() {
  // The server wrote the locale it rendered with into <html lang>; start from the same one.
  const lng = document.documentElement.lang || DEFAULT_LOCALE;
  await i18next.use(initReactI18next).init({ ...i18nOptions, lng });
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
