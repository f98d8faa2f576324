import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nOptions, resources } from "../i18n";
import { I18n } from "./i18next";

/**
 * The browser's i18next (./i18next.ts) must write what the server's real one writes, or hydration
 * meets a different text: every key of every namespace in both languages, with the options the
 * app passes (a count for plurals, the variables a string names, none at all).
 */

type Tree = { [key: string]: string | string[] | Tree };

function keysOf(tree: Tree, prefix = ""): Array<{ key: string; text: string }> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [{ key: path, text: value }];
    if (Array.isArray(value)) return [];
    return keysOf(value, path);
  });
}

const PLURAL = /_(?:zero|one|two|few|many|other)$/;
const SAMPLES: Record<string, unknown> = { name: "Acme", brand: "Acme", date: "2 Nov 2026", email: "a@b.co", url: "https://example.com" };

function variablesOf(text: string) {
  return [...text.matchAll(/{{(.+?)}}/g)].map((match) => match[1].trim().split(",")[0].trim());
}

const real = createInstance();
const lite = new I18n();

beforeAll(async () => {
  await real.init({ ...i18nOptions, lng: "en" });
  await lite.init({ ...i18nOptions, lng: "en" });
});

describe("the browser's i18next writes what i18next writes", () => {
  for (const language of ["en", "fr"] as const) {
    for (const [namespace, strings] of Object.entries(resources[language])) {
      it(`${language}/${namespace}`, async () => {
        await real.changeLanguage(language);
        await lite.changeLanguage(language);
        const entries = keysOf(strings as Tree);
        const keys = [...new Set(entries.map((entry) => entry.key.replace(PLURAL, "")))];
        for (const key of keys) {
          const fullKey = `${namespace}:${key}`;
          const names = new Set(entries.filter((entry) => entry.key.replace(PLURAL, "") === key).flatMap((entry) => variablesOf(entry.text)));
          const values = Object.fromEntries([...names].map((name, index) => [name, SAMPLES[name] ?? `v${index}`]));
          const optionSets: Array<Record<string, unknown> | undefined> = [
            undefined,
            values,
            ...[0, 1, 2, 5, 21, 1_000_000].map((count) => ({ ...values, count })),
            { ...values, [[...names][0] ?? "unused"]: undefined },
          ];
          for (const options of optionSets) expect(lite.t(fullKey, options), `${language} ${fullKey} ${JSON.stringify(options)}`).toBe(real.t(fullKey, options));
        }
      });
    }
  }

  it("reads the default namespace, a missing key, a default value, another language and returned objects the same way", async () => {
    await real.changeLanguage("fr");
    await lite.changeLanguage("fr");
    const cases: Array<[string, Record<string, unknown>?]> = [
      ["nav.dashboard"],
      ["common:nav.dashboard"],
      ["no.such.key"],
      ["seo:no.such.key"],
      ["no.such.key", { defaultValue: "Hello {{name}}", name: "Ada" }],
      ["footer.methodology", { lng: "en" }],
      ["features:items.articles.offers", { returnObjects: true }],
    ];
    for (const [key, options] of cases) expect(lite.t(key, options), key).toEqual(real.t(key, options));
  });

  it("prefers a key's _zero form for a count of 0, as i18next does", async () => {
    const strings = { en: { common: { items_zero: "No items", items_one: "One item", items_other: "{{count}} items", plain_one: "{{count}} thing", plain_other: "{{count}} things" } } };
    const options = { fallbackLng: "en", defaultNS: "common", lng: "en", interpolation: { escapeValue: false }, resources: strings };
    const other = createInstance();
    await other.init(options);
    const mine = new I18n();
    await mine.init(options);
    for (const key of ["items", "plain"]) for (const count of [0, 1, 2]) expect(mine.t(key, { count })).toBe(other.t(key, { count }));
    expect(mine.t("items", { count: 0 })).toBe("No items");
  });

  it("merges a namespace's parts subtree by subtree when asked to, as i18next does (a page's routes each bring part of one)", async () => {
    const options = { fallbackLng: "en", defaultNS: "common", lng: "en", interpolation: { escapeValue: false }, resources: {} };
    const other = createInstance();
    await other.init(options);
    const mine = new I18n();
    await mine.init(options);
    const first = { overview: { title: "Overview", tabs: { one: "One" } } };
    const second = { overview: { tabs: { two: "Two" } }, sources: { title: "Sources" } };
    for (const instance of [other, mine]) {
      instance.addResourceBundle("en", "seo", first, true, true);
      instance.addResourceBundle("en", "seo", second, true, true);
    }
    for (const key of ["seo:overview.title", "seo:overview.tabs.one", "seo:overview.tabs.two", "seo:sources.title"]) expect(mine.t(key)).toBe(other.t(key));
    expect(mine.t("seo:overview.tabs.one")).toBe("One");
    // The modules the parts came from are left as they were.
    expect(first).toEqual({ overview: { title: "Overview", tabs: { one: "One" } } });
  });
});
