import { afterEach, describe, expect, it, vi } from "vitest";
import { MODULES_ID, scriptsAfterPaint } from "./scripts-after-paint.server";

const bootstrap = ';\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");';
const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce+/="/><link rel="modulepreload" href="/assets/root.js" nonce="n0nce+/="/>' +
  "<title>Équipe — Sightline</title></head><body><p>Voilà : déjà écrit</p>" +
  '<script nonce="n0nce+/=">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce+/=" type="module" async="">${bootstrap}</script>` +
  '<script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script></body></html>';

/** The classic script the rewrite adds: the last inline script before the stream's own. */
function starterOf(html: string): string {
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
  return scripts.find((script) => script.includes("first-contentful-paint")) as string;
}

describe("scriptsAfterPaint", () => {
  it("takes the preloads and the module out of the document and keeps the rest as it was", () => {
    const html = scriptsAfterPaint(page);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/type="module"/);
    expect(html).toContain(`<script nonce="n0nce+/=" type="application/x-sightline-module" id="${MODULES_ID}">${bootstrap}</script>`);
    expect(html).toContain("<title>Équipe — Sightline</title></head><body><p>Voilà : déjà écrit</p>");
    expect(html.endsWith('<script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
    // Every script element keeps the response's nonce.
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toContain('nonce="n0nce+/="');
  });

  it("takes the preloads from <head> only: the body, text a reader wrote included, is left as it was", () => {
    const quoted = '<pre>&lt;link rel="modulepreload" href="/x.js"&gt;</pre><template><link rel="modulepreload" href="/assets/late.js"/></template>';
    const html = scriptsAfterPaint(page.replace("<body><p>", `<body>${quoted}<p>`));
    expect(html).toContain(quoted);
    expect(starterOf(html)).not.toContain("late.js");
    expect(starterOf(html)).toContain('["/assets/entry.client.js","/assets/root.js"]');
  });

  it("leaves a page without scripts, and a page already rewritten, as they are", () => {
    const plain = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><form method="post"></form></body></html>';
    expect(scriptsAfterPaint(plain)).toBe(plain);
    const once = scriptsAfterPaint(page);
    expect(scriptsAfterPaint(once)).toBe(once);
  });

  it("escapes an href that could close the script", () => {
    const hostile = page.replace('href="/assets/root.js"', 'href="/assets/&lt;/script&gt;&lt;b&gt;&amp;.js"');
    expect(starterOf(scriptsAfterPaint(hostile))).toContain("/assets/\\u003c/script>\\u003cb>&.js");
  });
});

/** Runs the starter against a small stand-in for the browser and says what it appended, and when. */
function runStarter(options: { visibility?: "visible" | "hidden"; readyState?: "loading" | "interactive"; paintTiming?: boolean }) {
  const appended: { parent: string; tag: string; props: Record<string, string> }[] = [];
  const listeners = new Map<string, () => void>();
  let observer: ((list: { getEntriesByName(name: string): unknown[] }, self: { disconnect(): void }) => void) | null = null;
  const frames: (() => void)[] = [];
  const element = (tag: string) => ({ tag, props: {} as Record<string, string> });
  const parent = (name: string) => ({
    append: (child: { tag: string; props: Record<string, string> }) => appended.push({ parent: name, tag: child.tag, props: { ...child.props } }),
  });
  const proxied = (tag: string) => {
    const target = element(tag);
    return new Proxy(target, {
      set: (_, key, value) => {
        target.props[key as string] = value;
        return true;
      },
      get: (_, key) => (key === "tag" ? tag : key === "props" ? target.props : target.props[key as string]) });
  };
  const document = {
    currentScript: { nonce: "abc" },
    visibilityState: options.visibility ?? "visible",
    readyState: options.readyState ?? "interactive",
    head: parent("head"),
    body: parent("body"),
    createElement: proxied,
    getElementById: (id: string) => (id === MODULES_ID ? { textContent: bootstrap } : null),
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ["resource"] : ["paint", "resource"];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  const requestAnimationFrame = (callback: () => void) => frames.push(callback);
  new Function("document", "PerformanceObserver", "requestAnimationFrame", starterOf(scriptsAfterPaint(page)))(document, PerformanceObserver, requestAnimationFrame);
  return {
    appended,
    paint: (name = "first-contentful-paint") => observer?.({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect() {} }),
    frame: () => frames.shift()?.(),
    fire: (type: string) => listeners.get(type)?.(),
  };
}

describe("the starter", () => {
  afterEach(() => vi.useRealTimers());

  it("starts nothing before the first contentful paint, then the preloads and the module, with the nonce", () => {
    vi.useFakeTimers();
    const browser = runStarter({});
    browser.paint("first-paint");
    expect(browser.appended).toEqual([]);
    browser.paint();
    expect(browser.appended).toEqual([
      { parent: "head", tag: "link", props: { rel: "modulepreload", href: "/assets/entry.client.js", nonce: "abc" } },
      { parent: "head", tag: "link", props: { rel: "modulepreload", href: "/assets/root.js", nonce: "abc" } },
      { parent: "body", tag: "script", props: { type: "module", nonce: "abc", textContent: bootstrap } },
    ]);
    // The time limit that follows adds nothing more.
    vi.advanceTimersByTime(5000);
    expect(browser.appended).toHaveLength(3);
  });

  it("starts at once in a hidden document, and after 3 s if no paint is ever reported", () => {
    vi.useFakeTimers();
    expect(runStarter({ visibility: "hidden" }).appended).toHaveLength(3);
    const unpainted = runStarter({});
    vi.advanceTimersByTime(2999);
    expect(unpainted.appended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(unpainted.appended).toHaveLength(3);
  });

  it("waits a frame where Paint Timing is missing, and for the parser when the document is still loading", () => {
    vi.useFakeTimers();
    const old = runStarter({ paintTiming: false, readyState: "loading" });
    old.frame();
    vi.advanceTimersByTime(0);
    expect(old.appended).toEqual([]);
    old.fire("DOMContentLoaded");
    expect(old.appended).toHaveLength(3);
  });
});
