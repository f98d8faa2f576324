import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import defaultInstance, { type I18n, type TFunction } from "./i18next";

/**
 * The browser's react-i18next: the provider, `useTranslation()` and the init plugin, on the
 * i18next of ./i18next.ts (see there why). A component re-renders when the language changes or a
 * namespace arrives (react-i18next's `bindI18nStore: "added"`).
 */

const I18nContext = createContext<I18n>(defaultInstance);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export const initReactI18next = { type: "3rdParty" as const, init: () => {} };

/** A counter of what can change a translation: the language, and the strings loaded. */
type Version = { value: number; subscribe: (notify: () => void) => () => void };
const versions = new WeakMap<I18n, Version>();
function versionOf(i18n: I18n): Version {
  const known = versions.get(i18n);
  if (known) return known;
  const notifiers = new Set<() => void>();
  const version: Version = {
    value: 0,
    subscribe: (notify) => {
      notifiers.add(notify);
      return () => notifiers.delete(notify);
    },
  };
  const bump = () => {
    version.value++;
    for (const notify of notifiers) notify();
  };
  i18n.on("languageChanged", bump);
  i18n.on("added", bump);
  versions.set(i18n, version);
  return version;
}

type UseTranslation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

export function useTranslation(namespace?: string): UseTranslation {
  const i18n = useContext(I18nContext);
  const version = versionOf(i18n);
  const current = useSyncExternalStore(version.subscribe, () => version.value, () => version.value);
  // A new `t` when the language or the strings change, so memoised renders see it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is what makes the new `t`.
  const t = useMemo(() => i18n.getFixedT(null, namespace ?? null), [i18n, namespace, current]);
  const result = [t, i18n, true] as unknown as UseTranslation;
  result.t = t;
  result.i18n = i18n;
  result.ready = true;
  return result;
}
