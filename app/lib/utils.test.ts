import fs from "node:fs";
import path from "node:path";
import { compile } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { twMerge } from "tailwind-merge";
import { describe, expect, test } from "vitest";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "./utils";

const APP = path.resolve(import.meta.dirname, "..");

/** Every class Tailwind generates for the app's sources: what `cn` can ever be handed. */
async function appClasses(): Promise<string[]> {
  const compiler = await compile(fs.readFileSync(path.join(APP, "app.css"), "utf8"), { base: APP, onDependency: () => {} });
  const scanner = new Scanner({ sources: [{ base: APP, pattern: "**/*", negated: false }] });
  const css = compiler.build(scanner.scan());
  const classes = new Set<string>();
  for (const match of css.matchAll(/\.((?:\\.|[\w-])+)/g)) {
    const name = (match[1] as string).replace(/\\(.)/g, "$1");
    // Decimals inside values (`0.5rem`) read as selectors too.
    if (/^[a-z![@-]/.test(name)) classes.add(name);
  }
  return [...classes].sort();
}

/** The variants and `!` of a class: two classes can only conflict when theirs are the same. */
function modifiers(name: string) {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < name.length; index++) {
    if (name[index] === "[") depth++;
    else if (name[index] === "]") depth--;
    else if (name[index] === ":" && depth === 0) {
      variants.push(name.slice(start, index));
      start = index + 1;
    }
  }
  return `${variants.sort().join(":")}${/^!|!$/.test(name.slice(start)) ? "!" : ""}`;
}

describe("cn", () => {
  test("decides as tailwind-merge for every pair of the app's classes, either way round", async () => {
    const classes = await appClasses();
    expect(classes.length).toBeGreaterThan(500);
    const byModifiers = new Map<string, string[]>();
    for (const name of classes) byModifiers.set(modifiers(name), [...(byModifiers.get(modifiers(name)) ?? []), name]);
    const differences: string[] = [];
    for (const group of byModifiers.values()) {
      for (const first of group) {
        for (const second of group) {
          if (first === second) continue;
          const expected = twMerge(first, second);
          if (cn(first, second) !== expected) differences.push(`${first} ${second} → ${expected}, not ${cn(first, second)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  test("a caller's class replaces the variant's, and conditions and falsy values are dropped", () => {
    expect(cn(buttonVariants({ size: "sm" }), "h-9")).toBe(twMerge(buttonVariants({ size: "sm" }), "h-9"));
    expect(cn("px-2 py-1", "p-4")).toBe("p-4");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("leading-5 text-sm", false, null, undefined, { "font-bold": true, italic: false })).toBe("text-sm font-bold");
    expect(cn("lg:w-60", "lg:w-20", "w-[280px]")).toBe("lg:w-20 w-[280px]");
  });
});
