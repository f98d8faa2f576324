/**
 * The browser's i18next: the part of its API this app uses, with i18next's own rules for what it
 * does (namespaces "ns:key", nested keys "a.b", plurals by Intl.PluralRules with "_zero" for 0,
 * "{{value}}" interpolation, `defaultValue`, `returnObjects`). i18next itself weighs 16 kB gzip on
 * every page; this weighs about 1 (issue 16). vite.config.ts puts it in place of "i18next" in the
 * browser's build only: the server renders with the real one, and i18n-lite.test.ts checks that
 * both give the same string for every key of every locale, so hydration never meets a difference.
 */

import { pluralRules } from "#domain/intl";

type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & {
  count?: number;
  defaultValue?: string;
  lng?: string;
  ns?: string;
  returnObjects?: boolean;
  replace?: Record<string, unknown>;
};
type InitOptions = {
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
  ns?: readonly string[];
  resources?: Record<string, Record<string, Resources>>;
  react?: { bindI18nStore?: string };
  [option: string]: unknown;
};
type Listener = (...args: unknown[]) => void;
export type TFunction = (key: string, options?: Options) => string;

const INTERPOLATION = /{{(.+?)}}/g;

function pathIn(data: unknown, path: string): unknown {
  let current = data;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function interpolate(text: string, data: Record<string, unknown>): string {
  return text.replace(INTERPOLATION, (match, name: string) => {
    const key = name.trim();
    const value = pathIn(data, key);
    // i18next leaves a variable it was not given as written, and writes nothing for one given as undefined.
    if (value === undefined) return Object.hasOwn(data, key) ? "" : match;
    return value === null ? "" : String(value);
  });
}

function pluralSuffix(language: string, count: number) {
  return `_${pluralRules(language).select(count)}`;
}

/** `target` with `source` merged in, as new objects (the modules the strings came from stay as they were). */
function deepExtend(target: Resources, source: Resources, overwrite: boolean): Resources {
  const merged: Resources = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = merged[key];
    if (isObject(value) && isObject(current)) merged[key] = deepExtend(current, value, overwrite);
    else if (overwrite || current === undefined) merged[key] = value;
  }
  return merged;
}
const isObject = (value: unknown): value is Resources => typeof value === "object" && value !== null && !Array.isArray(value);

export class I18n {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  options: InitOptions = {};
  private store: Record<string, Record<string, Resources>> = {};
  private listeners = new Map<string, Set<Listener>>();

  use(_plugin: unknown) {
    return this;
  }

  async init(options: InitOptions) {
    this.options = { defaultNS: "translation", ...options };
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, strings] of Object.entries(namespaces)) this.addResourceBundle(language, namespace, strings);
    }
    this.setLanguage(options.lng ?? options.fallbackLng ?? "en");
    this.isInitialized = true;
    this.emit("initialized", this.options);
    return this.t;
  }

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  private setLanguage(language: string) {
    this.language = language;
    const fallback = this.options.fallbackLng;
    this.languages = fallback && fallback !== language ? [language, fallback] : [language];
  }

  async changeLanguage(language: string) {
    this.setLanguage(language);
    this.emit("languageChanged", language);
    return this.t;
  }

  hasResourceBundle(language: string, namespace: string) {
    return this.store[language]?.[namespace] !== undefined;
  }

  /** As i18next's: `deep` merges subtree by subtree (a page's strings may arrive in parts), else key by key. */
  addResourceBundle(language: string, namespace: string, strings: Resources, deep?: boolean, overwrite?: boolean) {
    this.store[language] ??= {};
    const current = this.store[language][namespace];
    this.store[language][namespace] = deep && current ? deepExtend(current, strings, Boolean(overwrite)) : { ...current, ...strings };
    this.emit("added", language, namespace);
    return this;
  }

  private lookup(language: string, namespace: string, key: string, options: Options): unknown {
    const strings = this.store[language]?.[namespace];
    if (!strings) return undefined;
    const candidates = [key];
    if (typeof options.count === "number") {
      candidates.push(key + pluralSuffix(language, options.count));
      if (options.count === 0) candidates.push(`${key}_zero`);
    }
    // The most specific first, as i18next does: "_zero", then the plural form, then the key.
    for (const candidate of candidates.reverse()) {
      const found = pathIn(strings, candidate);
      if (found !== undefined && found !== null) return found;
    }
    return undefined;
  }

  t: TFunction = (fullKey, options = {}) => {
    let namespace = options.ns ?? this.options.defaultNS ?? "translation";
    let key = fullKey;
    const separator = fullKey.indexOf(":");
    if (separator !== -1) {
      namespace = fullKey.slice(0, separator);
      key = fullKey.slice(separator + 1);
    }
    const language = options.lng ?? this.language;
    const languages = options.lng ? [language, ...this.languages.filter((code) => code !== language)] : this.languages;
    let found: unknown;
    for (const code of languages) {
      found = this.lookup(code, namespace, key, options);
      if (found !== undefined) break;
    }
    const data = options.replace && typeof options.replace === "object" ? options.replace : options;
    if (found !== undefined && typeof found === "object") {
      if (options.returnObjects) return found as unknown as string;
      return `key '${key} (${language})' returned an object instead of string.`;
    }
    if (found === undefined) {
      if (options.defaultValue !== undefined) return interpolate(options.defaultValue, data);
      // The page fetched only the keys its routes' code names (scripts/route-namespaces.ts): say
      // which one it missed, as the raw key is what the user sees (the e2e run fails on it).
      if (typeof document !== "undefined") console.error(`No "${namespace}:${key}" string in ${language}: see scripts/route-namespaces.ts`);
      return key;
    }
    return interpolate(String(found), data);
  };

  getFixedT(language?: string | null, namespace?: string | null): TFunction {
    return (key, options = {}) => this.t(key, { ...options, ...(language ? { lng: language } : {}), ...(namespace && !key.includes(":") ? { ns: namespace } : {}) });
  }
}

const i18next = new I18n();
export type i18n = I18n;
export default i18next;
