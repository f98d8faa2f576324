import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { NAMESPACE_FILES, type Namespace } from "../app/lib/i18n-options";
import { SUPPORTED_LOCALES } from "../domain/locales";
import { routeStringsChunk } from "../scripts/js-budget.mjs";

/**
 * The strings each route's screen shows, one chunk per route and language (issue 16): instead of
 * the whole of every namespace a page names, the browser fetches the keys its routes name
 * (app/lib/route-namespaces.json, written by scripts/route-namespaces.ts). `common` stays whole.
 *
 *   import { routeStringsUrl } from "virtual:route-strings";
 *   await import(routeStringsUrl("fr", "routes/seo-llms/overview"))   // { default: { seo: { overview: {…} }, … } }
 *
 * The build emits each as `assets/strings-<language>-<route>-<version>.js` (routeStringsChunk), the
 * version a hash of every route's strings; the page works its address out rather than carrying a
 * loader per route and language (2 kB gzip on every page for 130 of them; route-strings.test.ts
 * checks the two agree). scripts/js-budget.mjs adds a page's to its weight. The development server
 * serves the same modules by their id.
 */
export type Resources = { [key: string]: string | Resources };
export type RouteStrings = Record<string, string[]>;

const INDEX = "virtual:route-strings";
const PART = `${INDEX}/`;

/**
 * The part of `strings` that `prefixes` name: each key or subtree, with the key's plural and
 * context forms (`items` keeps `items_one` and `items_other`). "" is all of it.
 */
export function pick(strings: Resources, prefixes: readonly string[]): Resources {
  if (prefixes.includes("")) return strings;
  const picked: Resources = {};
  for (const prefix of prefixes) {
    const segments = prefix.split(".");
    const leaf = segments.pop() as string;
    let from: Resources | undefined = strings;
    let to = picked;
    for (const segment of segments) {
      const next: string | Resources | undefined = from?.[segment];
      if (typeof next !== "object") {
        from = undefined;
        break;
      }
      from = next;
      to[segment] ??= {};
      to = to[segment] as Resources;
    }
    if (!from) continue;
    for (const [key, value] of Object.entries(from)) if (key === leaf || key.startsWith(`${leaf}_`)) to[key] = value;
  }
  return picked;
}

export function routeStrings(root: string): Plugin {
  const mapFile = path.join(root, "app/lib/route-namespaces.json");
  const localeFile = (locale: string, namespace: Namespace) => path.join(root, "locales", locale, `${NAMESPACE_FILES[namespace]}.json`);
  const read = () => JSON.parse(fs.readFileSync(mapFile, "utf8")) as Record<string, RouteStrings>;
  const readLocale = (locale: string, namespace: Namespace) => JSON.parse(fs.readFileSync(localeFile(locale, namespace), "utf8")) as Resources;
  const part = (locale: string, strings: RouteStrings, load = readLocale) =>
    Object.fromEntries(Object.entries(strings).map(([namespace, prefixes]) => [namespace, pick(load(locale, namespace as Namespace), prefixes)]));
  /** Every route's strings in every language, and a version that changes with any of them. */
  const all = () => {
    // Each language's namespace read once, not once per route that shows some of it.
    const files = new Map<string, Resources>();
    const load = (locale: string, namespace: Namespace) => {
      const key = `${locale}/${namespace}`;
      let strings = files.get(key);
      if (!strings) {
        strings = readLocale(locale, namespace);
        files.set(key, strings);
      }
      return strings;
    };
    const parts = new Map<string, Record<string, Resources>>();
    for (const [route, strings] of Object.entries(read())) for (const locale of SUPPORTED_LOCALES) parts.set(`${locale}/${route}`, part(locale, strings, load));
    const version = crypto.createHash("sha256").update(JSON.stringify([...parts])).digest("hex").slice(0, 8);
    return { parts, version };
  };
  let building = false;
  /** The browser build's strings, read once: its index and each module serve from them. */
  let built: ReturnType<typeof all> | null = null;
  return {
    name: "sightline:route-strings",
    configResolved(config) {
      building = config.command === "build" && !config.build.ssr;
    },
    buildStart() {
      if (!building) return;
      built = all();
      const { parts, version } = built;
      for (const id of parts.keys()) {
        const [locale, ...route] = id.split("/");
        this.emitFile({ type: "chunk", id: `${PART}${id}`, fileName: `assets/${routeStringsChunk(locale, route.join("/"))}-${version}.js` });
      }
    },
    resolveId(id) {
      return id === INDEX || id.startsWith(PART) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        this.addWatchFile(mapFile);
        // The browser build's modules are where buildStart put them; the development server serves a
        // virtual module at /@id/__x00__<id>. (The server bundle never calls routeStringsUrl.)
        const url = built
          ? `import.meta.env.BASE_URL + "assets/strings-" + locale + "-" + route.replace(/[^\\w]+/g, "-") + "-${built.version}.js"`
          : `"/@id/__x00__${PART}" + locale + "/" + route`;
        return `const routes = new Set(${JSON.stringify(Object.keys(read()))});\nexport function routeStringsUrl(locale, route) { return routes.has(route) ? ${url} : null; }\n`;
      }
      if (id.startsWith(`\0${PART}`)) {
        const key = id.slice(PART.length + 1);
        let strings = built?.parts.get(key);
        if (!strings) {
          const [locale, ...route] = key.split("/");
          const names = read()[route.join("/")];
          if (!names || !(SUPPORTED_LOCALES as readonly string[]).includes(locale)) throw new Error(`No strings for ${route.join("/")} in ${locale}`);
          for (const namespace of Object.keys(names)) this.addWatchFile(localeFile(locale, namespace as Namespace));
          strings = part(locale, names);
        }
        return `export default ${JSON.stringify(strings)};\n`;
      }
      return null;
    },
  };
}
