import i18next, { type i18n } from "i18next";
import { matchRoutes, type RouteObject } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#domain/locales";
import { NAMESPACE_FILES, NAMESPACES, type Namespace } from "./i18n-options";
import ROUTE_NAMESPACES from "./route-namespaces.json";

/**
 * The browser's translations: only the namespaces of the routes a page matches, in the language it
 * shows (scripts/route-namespaces.ts says which), each its own chunk. Fetched before hydrating and,
 * on a client navigation, before the next page renders (root's clientMiddleware), so no raw key
 * is ever painted.
 */
// Mails are written on the server: their strings never travel.
const files = import.meta.glob<{ default: Record<string, unknown> }>(["../../locales/*/*.json", "!../../locales/*/mail.json"]);
const routeNamespaces = ROUTE_NAMESPACES as Record<string, Namespace[] | undefined>;

async function stringsOf(locale: Locale, namespace: Namespace) {
  const load = files[`../../locales/${locale}/${NAMESPACE_FILES[namespace]}.json`];
  if (!load) throw new Error(`No ${namespace} strings in ${locale}`);
  return (await load()).default;
}

export function namespacesFor(routeIds: Iterable<string>): Namespace[] {
  const needed = new Set<Namespace>(["common"]);
  for (const id of routeIds) for (const namespace of routeNamespaces[id] ?? []) needed.add(namespace);
  return [...needed];
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

/** The strings the first render needs, for i18next's `resources`. */
export async function initialResources(locale: Locale, pathname: string) {
  const namespaces = namespacesFor(routeIdsFor(pathname));
  const entries = await Promise.all(namespaces.map(async (namespace) => [namespace, await stringsOf(locale, namespace)] as const));
  return Object.fromEntries(entries);
}

export async function ensureNamespaces(instance: i18n, locale: Locale, namespaces: Namespace[]) {
  await Promise.all(
    namespaces
      .filter((namespace) => !instance.hasResourceBundle(locale, namespace))
      .map(async (namespace) => instance.addResourceBundle(locale, namespace, await stringsOf(locale, namespace), true, true)),
  );
}

/** Switches the browser's i18next to `locale`, fetching the namespaces loaded so far in it first. */
export async function switchLocale(instance: i18n, locale: Locale) {
  const loaded = NAMESPACES.filter((namespace) => instance.hasResourceBundle(instance.language, namespace));
  await ensureNamespaces(instance, locale, loaded);
  await instance.changeLanguage(locale);
}

/**
 * The loader of a module fetched on demand (`lazy(withStrings(["billing"], () => import(…)))`) that
 * fetches the namespaces it shows with it. scripts/route-namespaces.ts leaves a module loaded so out
 * of its page's namespaces: the plan dialog's strings come when it opens, not with every page.
 */
export function withStrings<T>(namespaces: Namespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const locale = isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
    const [module] = await Promise.all([load(), ensureNamespaces(i18next, locale, namespaces)]);
    return module;
  };
}
