import { createInstance, type i18n, type TFunction } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createCookie } from "~/lib/cookies.server";
import { LanguageDetector } from "remix-i18next/server";
import { DEFAULT_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES } from "#domain/locales";
import { i18nOptions, LOCALE_COOKIE_MAX_AGE } from "~/lib/i18n";
import type { I18n as LiteI18n } from "~/lib/i18n-lite/i18next";
import { rememberedT } from "~/lib/i18n-lite/react-i18next";

export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: LOCALE_COOKIE_MAX_AGE,
});

const detector = new LanguageDetector({
  supportedLanguages: [...SUPPORTED_LOCALES],
  fallbackLanguage: DEFAULT_LOCALE,
  cookie: localeCookie,
  order: ["cookie", "header"],
});

/**
 * One initialised i18next instance per locale, shared by every request: the stock middleware
 * builds a new one per request, a fifth of SSR time (STACK.md #4). Safe because server code never
 * calls changeLanguage on them.
 */
const instances = new Map<Locale, Promise<i18n>>();
export function instanceFor(locale: Locale): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const created = createInstance();
    instance = created.init({ ...i18nOptions, lng: locale }).then(() => created);
    instances.set(locale, instance);
  }
  return instance;
}

const localeContext = createContext<Locale>(DEFAULT_LOCALE);
const i18nContext = createContext<i18n | null>(null);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const detected = await detector.detect(request);
  const locale = isLocale(detected) ? detected : DEFAULT_LOCALE;
  context.set(localeContext, locale);
  context.set(i18nContext, await instanceFor(locale));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

/** The request's i18next instance; on a 404 no middleware ran, so the default locale's (STACK.md #3). */
export async function getI18n(context: Readonly<RouterContextProvider> | undefined): Promise<i18n> {
  try {
    const instance = context?.get(i18nContext);
    if (instance) return instance;
  } catch {
    // fall through
  }
  return instanceFor(DEFAULT_LOCALE);
}

/**
 * The request's `t` for loaders, actions and the API client, remembering its answers as the
 * components' does: i18next works each key out afresh, some 50 µs a call (issue 16). The app's
 * react-i18next runs on the real i18next on the server (vite.config.ts), hence the casts.
 */
export async function getFixedT(context: Readonly<RouterContextProvider>): Promise<TFunction> {
  return rememberedT((await getI18n(context)) as unknown as LiteI18n) as unknown as TFunction;
}
