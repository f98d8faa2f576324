import en from "./locales/en";
import fr from "./locales/fr";
import { i18nBaseOptions } from "./i18n-options";

/** Seed 000 §1: the chosen language is remembered for a year. */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;

export const resources = { en, fr } as const;

/** The server's options: every language, as it renders whichever the visitor asks for. */
export const i18nOptions = { ...i18nBaseOptions, resources };
