import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import defaultInstance, { type I18n, type TFunction } from "./i18next";

/**
 * The app's react-i18next: the provider, `useTranslation()` and the init plugin. In the browser it
 * runs on the i18next of ./i18next.ts (see there why); on the server on the real i18next, whose
 * instances the request's provider hands it (vite.config.ts says why the server uses this one). A
 * component re-renders when the language changes or a namespace arrives (react-i18next's
 * `bindI18nStore: "added"`).
 */

const I18nContext = createContext<I18n>(defaultInstance);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export const initReactI18next = { type: "3rdParty" as const, init: () => {} };

/**
 * What can change a translation (the language, the strings loaded) as the `t` of each namespace:
 * the same function until one of them changes, then a new one, so memoised renders see the change.
 */
type Store = { subscribe: (notify: () => void) => () => void; tOf: (namespace: string | undefined) => TFunction };
const stores = new WeakMap<I18n, Store>();
function storeOf(i18n: I18n): Store {
  const known = stores.get(i18n);
  if (known) return known;
  const notifiers = new Set<() => void>();
  const fixed = new Map<string | undefined, TFunction>();
  const store: Store = {
    subscribe: (notify) => {
      notifiers.add(notify);
      return () => notifiers.delete(notify);
    },
    tOf: (namespace) => {
      let t = fixed.get(namespace);
      if (!t) {
        t = remembering(i18n.getFixedT(null, namespace ?? null));
        fixed.set(namespace, t);
      }
      return t;
    },
  };
  const changed = () => {
    fixed.clear();
    for (const notify of notifiers) notify();
  };
  i18n.on("languageChanged", changed);
  i18n.on("added", changed);
  stores.set(i18n, store);
  return store;
}

/** How many plain strings one `t` remembers: every key the app writes, with room to spare. */
const REMEMBERED = 4000;
/**
 * How many answers to a key with options it remembers: counts and names make many, so past this
 * they are forgotten all at once and remembered again from there (the bare keys are kept).
 */
const REMEMBERED_WITH_OPTIONS = 2000;

/**
 * `t` remembering its answers: to a bare key, the most of what a page asks (the sidebar alone asks
 * some sixty on every render), and to a key with options whose values are all strings, numbers or
 * booleans (`{ count: 3 }`, `{ name }`), which i18next resolves with plurals and interpolation at
 * several times a bare key's cost, on the server's every request. An answer depends on nothing
 * else (the language and the strings are this `t`'s own), so the same question gets the same
 * string; options carrying objects (a date, `returnObjects`, nested `t` options) are asked each
 * time. A change of language or strings makes a new `t`, so nothing remembered outlives what it
 * was read from.
 */
function remembering(t: TFunction): TFunction {
  const answers = new Map<string, unknown>();
  const withOptions = new Map<string, unknown>();
  const call = t as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return call(key, ...rest);
    if (!rest.length) {
      if (answers.has(key)) return answers.get(key);
      const answer = t(key);
      if (answers.size < REMEMBERED) answers.set(key, answer);
      return answer;
    }
    const question = rest.length === 1 ? questionOf(key, rest[0]) : undefined;
    if (question === undefined) return call(key, ...rest);
    if (withOptions.has(question)) return withOptions.get(question);
    const answer = call(key, rest[0]);
    if (withOptions.size >= REMEMBERED_WITH_OPTIONS) withOptions.clear();
    withOptions.set(question, answer);
    return answer;
  }) as TFunction;
}

/**
 * The key and its options as one string, or undefined when an option is not a plain value (or asks
 * for an object back). Each name and value is written with its length, so no two questions meet.
 */
function questionOf(key: string, options: unknown): string | undefined {
  if (typeof options !== "object" || options === null || Object.getPrototypeOf(options) !== Object.prototype) return undefined;
  let question = `${key.length}:${key}`;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean" && value !== undefined) return undefined;
    if (name === "returnObjects" || name === "returnDetails") return undefined;
    const text = value === undefined ? "" : `${type[0]}${String(value)}`;
    question += `|${name.length}:${name}=${text.length}:${text}`;
  }
  return question;
}

/**
 * The instance's `t` remembering its answers as `useTranslation`'s does, for server code that
 * translates outside a render (loaders, actions, the API client's messages): the same strings on
 * every request of a locale.
 */
export function rememberedT(i18n: I18n): TFunction {
  return storeOf(i18n).tOf(undefined);
}

type UseTranslation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

export function useTranslation(namespace?: string): UseTranslation {
  const i18n = useContext(I18nContext);
  const store = storeOf(i18n);
  const snapshot = () => store.tOf(namespace);
  const t = useSyncExternalStore(store.subscribe, snapshot, snapshot);
  const result = [t, i18n, true] as unknown as UseTranslation;
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
