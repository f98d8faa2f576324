import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconNames, SPRITE, sprite } from "../../../scripts/icon-sprite";
import * as icons from "./icons";

const drawn = Object.entries(icons).filter(([name]) => name.endsWith("Icon") && name !== "SpriteIcon") as [string, ComponentType<Record<string, unknown>>][];
const lucideIcon = (name: string) => (lucide as unknown as Record<string, ComponentType<Record<string, unknown>> | undefined>)[name];

/** `<svg a="1" b="2">` → its attributes, sorted, without lucide's name class. */
function outer(markup: string) {
  const tag = markup.match(/^<svg([^>]*)>/)?.[1] ?? "";
  return [...tag.matchAll(/ ([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => (name === "class" ? `class=${value.split(" ").filter((word) => !word.startsWith("lucide-")).join(" ")}` : `${name}=${value}`)).sort();
}

describe("icons drawn from the sprite", () => {
  it("the sprite is what scripts/icon-sprite.ts writes for icons.tsx (run it after adding an icon)", async () => {
    expect(fs.readFileSync(SPRITE, "utf8")).toBe(await sprite());
  });

  it("every icon has lucide's name and the same outer <svg> as lucide-react's component", () => {
    expect(drawn.length).toBe(iconNames().length);
    for (const [name, Drawn] of drawn) {
      const Lucide = lucideIcon(name);
      expect(Lucide, `${name} is not one of lucide-react's names`).toBeDefined();
      for (const props of [{}, { className: "size-4 text-red-600" }, { "aria-label": "Label", role: "img" }]) {
        const ours = renderToStaticMarkup(createElement(Drawn, props));
        const theirs = renderToStaticMarkup(createElement(Lucide as ComponentType<Record<string, unknown>>, props));
        expect(outer(ours), name).toEqual(outer(theirs));
      }
    }
  });

  it("each symbol draws what lucide-react's component draws", async () => {
    const symbols = new Map([...(await sprite()).matchAll(/<symbol id="([\w-]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map(([, id, body]) => [id, body]));
    for (const [name, Drawn] of drawn) {
      const id = renderToStaticMarkup(createElement(Drawn)).match(/#([\w-]+)"/)?.[1] as string;
      const inner = renderToStaticMarkup(createElement(lucideIcon(name) as ComponentType)).replace(/^<svg[^>]*>|<\/svg>$/g, "");
      // React closes each element with its own end tag; the sprite writes them self-closed.
      expect(symbols.get(id), name).toBe(inner.replace(/><\/(\w+)>/g, "/>"));
    }
  });

  it("is how the app draws an icon: nothing else in app/ imports lucide-react", () => {
    const app = path.resolve(import.meta.dirname, "../..");
    const importers = fs
      .readdirSync(app, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
      .filter((file) => /from\s*["']lucide-react/.test(fs.readFileSync(path.join(app, file), "utf8")));
    expect(importers).toEqual([]);
  });

  it("refers to the sprite by the icon's lucide name, and names an icon only when asked to", () => {
    expect(renderToStaticMarkup(createElement(icons.TrophyIcon))).toMatch(/^<svg [^>]*class="lucide lucide-trophy"[^>]*aria-hidden="true"[^>]*><use href="[^"]*icons\.svg#trophy"><\/use><\/svg>$/);
    expect(renderToStaticMarkup(createElement(icons.TrophyIcon, { "aria-label": "Rank" }))).not.toContain("aria-hidden");
  });
});
