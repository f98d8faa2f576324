import i18next, { type i18n } from "i18next";
import { matchRoutes, type RouteObject } from "react-router";
import { routeStringsUrl } from "virtual:route-strings";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/locales";
import { NAMESPACE_FILES, type Namespace } from "./i18n-options";

/**
 * The browser's translations: `common`, and the strings of the routes a page matches in the
 * language it shows (one chunk per route: build-plugins/route-strings.ts, from the keys
 * scripts/route-namespaces.ts finds in each route's code). Fetched before hydrating and, on a client
 * navigation, before the next page renders (root's clientMiddleware), so no raw key is ever painted.
 * A module fetched on demand brings whole namespaces (`withStrings`).
 */
// Mails are written on the server: their strings never travel.
const files = import.meta.glob<{ default: Record<string, unknown> }>(["../../locales/*/*.json", "!../../locales/*/mail.json"]);

type Strings = Record<string, Record<string, unknown>>;

/** What this browser holds, per language: the routes whose strings it fetched, the namespaces it has whole. */
const held = new Map<Locale, { routes: Set<string>; whole: Set<Namespace> }>();
const heldIn = (locale: Locale) => {
  let entry = held.get(locale);
  if (!entry) {
    entry = { routes: new Set(), whole: new Set() };
    held.set(locale, entry);
  }
  return entry;
};

async function wholeNamespace(locale: Locale, namespace: Namespace) {
  const load = files[`../../locales/${locale}/${NAMESPACE_FILES[namespace]}.json`];
  if (!load) throw new Error(`No ${namespace} strings in ${locale}`);
  return (await load()).default;
}

async function stringsOfRoute(locale: Locale, routeId: string): Promise<Strings> {
  const url = routeStringsUrl(locale, routeId);
  return url ? ((await import(/* @vite-ignore */ url)) as { default: Strings }).default : {};
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  }
}

let routeTree: { size: number; tree: RouteObject[] } | null = null;
/**
 * The ids of the routes a path matches, from React Router's manifest. The manifest grows as React
 * Router discovers routes (lazy route discovery, before a navigation matches): the tree is rebuilt
 * when it has.
 */
export function routeIdsFor(pathname: string): string[] {
  const routes = Object.values(window.__reactRouterManifest?.routes ?? {});
  if (routeTree?.size !== routes.length) {
    const build = (parentId: string | undefined): RouteObject[] =>
      routes
        .filter((route) => route.parentId === parentId)
        .map((route) => (route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) }));
    routeTree = { size: routes.length, tree: build(undefined) };
  }
  return (matchRoutes(routeTree.tree, pathname) ?? []).map((match) => match.route.id as string);
}

/**
 * The strings of these routes, in `locale`, added to what the browser's i18next holds, with
 * `common`: before hydrating (the entry) and before a client navigation renders (root).
 */
export async function ensureRouteStrings(instance: i18n, locale: Locale, routeIds: string[]) {
  const entry = heldIn(locale);
  const missing = routeIds.filter((id) => !entry.routes.has(id));
  await Promise.all([
    ensureNamespaces(instance, locale, ["common"]),
    ...missing.map(async (id) => {
      for (const [namespace, strings] of Object.entries(await stringsOfRoute(locale, id))) instance.addResourceBundle(locale, namespace, strings, true, true);
      entry.routes.add(id);
    }),
  ]);
}

/** Whole namespaces, in `locale`, added to what the browser's i18next holds. */
export async function ensureNamespaces(instance: i18n, locale: Locale, namespaces: Namespace[]) {
  const entry = heldIn(locale);
  await Promise.all(
    namespaces
      .filter((namespace) => !entry.whole.has(namespace))
      .map(async (namespace) => {
        instance.addResourceBundle(locale, namespace, await wholeNamespace(locale, namespace), true, true);
        entry.whole.add(namespace);
      }),
  );
}

/** Switches the browser's i18next to `locale`, fetching first, in it, all it holds in the current one. */
export async function switchLocale(instance: i18n, locale: Locale) {
  const current = isLocale(instance.language) ? heldIn(instance.language) : { routes: new Set<string>(), whole: new Set<Namespace>(["common"]) };
  await Promise.all([ensureNamespaces(instance, locale, [...current.whole]), ensureRouteStrings(instance, locale, [...current.routes])]);
  await instance.changeLanguage(locale);
}

/**
 * The loader of a module fetched on demand (`lazy(withStrings(["billing"], () => import(…)))`) that
 * fetches the namespaces it shows with it. scripts/route-namespaces.ts leaves a module loaded so out
 * of its page's strings: the plan dialog's strings come when it opens, not with every page.
 */
export function withStrings<T>(namespaces: Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const locale = isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
    const [module] = await Promise.all([load(), ensureNamespaces(i18next, locale, namespaces)]);
    return module;
  };
}
