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
 * `t` remembering its answers to a bare key (no options), the most of what a page asks: the
 * sidebar alone asks some sixty on every render, and i18next resolves each again (key, namespace,
 * fallbacks) on the server's every request. A change of language or strings makes a new `t`, so
 * nothing remembered outlives what it was read from.
 */
function remembering(t: TFunction): TFunction {
  const answers = new Map<string, unknown>();
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length || typeof key !== "string") return (t as (...args: unknown[]) => unknown)(key, ...rest);
    if (answers.has(key)) return answers.get(key);
    const answer = t(key);
    if (answers.size < REMEMBERED) answers.set(key, answer);
    return answer;
  }) as TFunction;
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
