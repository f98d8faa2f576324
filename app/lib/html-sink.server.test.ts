import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement as h, lazy, Suspense, useId } from "react";
import { renderToPipeableStream as renderBytes } from "react-dom/server.node";
import { renderToPipeableStream as renderStrings } from "react-dom/server.bun";
import { describe, expect, it } from "vitest";
import { htmlSink } from "./html-sink.server";

const options = { nonce: "n0nce+/=", progressiveChunkSize: Number.POSITIVE_INFINITY, onError: () => "digest" };

/** The document as app/entry.server.tsx rendered it before: React's Node build, its bytes read back. */
function withNodeRenderer(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderBytes(element, {
      ...options,
      onAllReady() {
        const body = new PassThrough();
        text(body).then(resolve, reject);
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

/** The document as app/entry.server.tsx renders it now. */
function withStringRenderer(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderStrings(element, {
      ...options,
      onAllReady() {
        pipe(htmlSink(resolve, reject));
      },
      onShellError: reject,
    });
  });
}

/** Text that crosses the Node build's 2 kB buffers with characters of two, three and four bytes. */
const long = (seed: string) => Array.from({ length: 400 }, (_, i) => `${seed} ${i} déjà vu — “quoted” 🚀 <&> `).join("");

function Labelled({ label }: { label: string }) {
  const id = useId();
  return h("p", null, h("label", { htmlFor: id }, label), h("input", { id, name: "q", defaultValue: 'a "value" & <more>', required: true }));
}

/** A part whose code arrives while the server renders, as a deferred form does (app/lib/deferred.tsx). */
const Later = lazy(() => new Promise<{ default: typeof Labelled }>((resolve) => setTimeout(() => resolve({ default: Labelled }), 5)));
const Soon = lazy(async () => ({ default: Labelled }));

/** A part that fails while the server renders it: React writes its fallback and leaves it to the browser. */
function Broken(): React.ReactElement {
  throw new Error("a part that fails on the server");
}

function Page() {
  return h(
    "html",
    { lang: "fr", dir: "ltr" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Équipe · Sightline"), h("link", { rel: "stylesheet", href: "/assets/app.css?x=1&y=2" })),
    h(
      "body",
      { className: "min-h-screen [&>svg]:size-3" },
      h("nav", { "aria-label": "Sections", "data-collapsed": false }, h("a", { href: "/seo-llms?period=7&tab=a", "data-discover": "true" }, "SEO LLMs")),
      h("svg", { viewBox: "0 0 24 24", strokeWidth: 2, "aria-hidden": true }, h("use", { href: "/assets/icons.svg#x" })),
      h("div", { style: { width: "40%", "--bar": 3 } }, long("Texte")),
      h("form", { method: "post", action: "/preferences" }, h("input", { type: "hidden", name: "intent", value: "locale" }), h("button", { type: "submit", disabled: true }, "Enregistrer")),
      h(Suspense, { fallback: h("p", null, "…") }, h(Later, { label: "Plus tard" })),
      h(Suspense, { fallback: null }, h(Soon, { label: "Bientôt" })),
      h(Suspense, { fallback: h("p", null, "Chargement…") }, h(Broken)),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup, as React Router's <Scripts> writes its inline scripts
      h("div", { dangerouslySetInnerHTML: { __html: "<b>déjà</b> écrit" } }),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed markup, as React Router's <Scripts> writes its inline scripts
      h("script", { nonce: options.nonce, dangerouslySetInnerHTML: { __html: `window.__data = ${JSON.stringify(long("data")).replaceAll("<", "\\u003c")};` } }),
    ),
  );
}

describe("htmlSink", () => {
  it("holds the same document, byte for byte, as React's Node renderer wrote", async () => {
    const [bytes, strings] = await Promise.all([withNodeRenderer(h(Page)), withStringRenderer(h(Page))]);
    // Development builds (these tests') write the failure's stack, which names each build's file.
    const withoutStacks = (html: string) => html.replace(/ data-c?stck="[^"]*"/g, "");
    expect(withoutStacks(strings)).toBe(withoutStacks(bytes));
    // Every part in its place: the suspended ones too, with no script to move them.
    expect(strings).toContain("Plus tard");
    expect(strings).toContain("Bientôt");
    expect(strings).not.toMatch(/\$RC|hidden id="S:/);
    // The part that failed: its fallback in place, marked for the browser to render again.
    expect(strings).toMatch(/<!--\$!--><template data-dgst="digest"[^>]*><\/template><p>Chargement…<\/p><!--\/\$-->/);
    expect(strings.endsWith("</body></html>")).toBe(true);
  });

  it("hands the document over once, when React ends it, and a failure to fail", () => {
    const documents: string[] = [];
    const failures: unknown[] = [];
    const sink = htmlSink(
      (html) => documents.push(html),
      (error) => failures.push(error),
    );
    expect(sink.write("<p>déjà")).toBe(true);
    sink.write("</p>");
    expect(documents).toEqual([]);
    sink.end();
    expect(documents).toEqual(["<p>déjà</p>"]);
    const error = new Error("stream closed");
    (sink as unknown as { destroy(error: unknown): void }).destroy(error);
    expect(failures).toEqual([error]);
  });
});
