import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { createCookie } from "~/lib/cookies.server";
import { LanguageDetector } from "remix-i18next/server";
import { DEFAULT_LOCALE, isLocale, type Locale, SUPPORTED_LOCALES } from "#domain/locales";
import { i18nOptions, LOCALE_COOKIE_MAX_AGE } from "~/lib/i18n";

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

export async function getFixedT(context: Readonly<RouterContextProvider>) {
  return (await getI18n(context)).t;
}
