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
        t = i18n.getFixedT(null, namespace ?? null);
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
