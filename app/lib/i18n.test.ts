import { describe, expect, test } from "vitest";
import { SUPPORTED_LOCALES } from "#domain/locales";
import { resources } from "./i18n";

/** Every key path of a namespace, "a.b.c", plural suffixes included. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The keys a screen asks for: "days_one" and "days_other" are both "days". */
const asked = (tree: unknown) => [...new Set(keys(tree).map((key) => key.replace(PLURAL, "")))].sort();

describe("translations", () => {
  for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
    test(`${namespace}: English and French have the same keys, none empty`, () => {
      expect(asked(resources.fr[namespace])).toEqual(asked(resources.en[namespace]));
      for (const locale of SUPPORTED_LOCALES) {
        const tree = resources[locale][namespace];
        const empty = keys(tree).filter((path) => path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) === "");
        expect(empty, locale).toEqual([]);
      }
    });

    test(`${namespace}: every plural has each form its language uses`, () => {
      for (const locale of SUPPORTED_LOCALES) {
        const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        const all = new Set(keys(resources[locale][namespace]));
        const plurals = [...all].filter((key) => key.endsWith("_other")).map((key) => key.replace(PLURAL, ""));
        // i18next shows the bare key when the form a count needs is missing (French "many": 1,000,000).
        const missing = plurals.flatMap((base) => forms.filter((form) => !all.has(`${base}_${form}`)).map((form) => `${base}_${form}`));
        expect(missing, locale).toEqual([]);
      }
    });
  }
});
