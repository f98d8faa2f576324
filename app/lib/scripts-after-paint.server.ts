/**
 * Rewrites a rendered page so that the browser paints it before it asks for the page's scripts.
 *
 * Every page is rendered whole on the server and works before its scripts run (links are links,
 * forms post without them), so what a reader needs first is the document and its stylesheet; the
 * scripts only make it interactive. React Router's `<Scripts>` writes one `<link rel="modulepreload">`
 * per module in `<head>` (15–50 on a signed-in page) and an inline module that imports the route
 * modules, so the scripts are fetched alongside the stylesheet and, on a fast connection, run
 * before the first frame. Here the preloads leave the document and the inline module becomes an
 * inert data block; a small classic script, after the first frame has been painted, puts the
 * preloads back and starts the module as it was written. Hydration then starts one frame later
 * than before, and nothing the page shows waits for a script (docs/operations.md, "Lighthouse").
 *
 * A hidden document (a tab opened in the background) paints no frame: its scripts start at once.
 * The added elements carry the page's nonce, read from the running script (the attribute itself is
 * hidden from the DOM once parsed), so the Content-Security-Policy is unchanged.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
/** React Router's inline bootstrap: the one module script it writes. */
const MODULE_SCRIPT = /<script([^>]*)\stype="module"([^>]*)>([\s\S]*?)<\/script>/;
/** The same, matched only where it starts (`lastIndex`). */
const MODULE_SCRIPT_AT = new RegExp(MODULE_SCRIPT.source, "y");
const NONCE = /\snonce="([^"]*)"/;
export const MODULES_ID = "sl-modules";

/**
 * The classic script that starts the modules once the page has been painted: at the browser's
 * first-contentful-paint entry (a frame later where Paint Timing is missing, and after 3 s whatever
 * happens), or at once in a hidden document. `hrefs` become the preloads again.
 */
function starter(hrefs: string[]): string {
  // `<` is escaped so no href could close the script element early.
  const list = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
  return `(() => {
const d = document, nonce = d.currentScript.nonce;
let started = false;
const go = () => {
  if (started) return;
  started = true;
  for (const href of ${list}) {
    const link = d.createElement("link");
    link.rel = "modulepreload"; link.href = href; link.nonce = nonce;
    d.head.append(link);
  }
  const script = d.createElement("script");
  script.type = "module"; script.nonce = nonce;
  script.textContent = d.getElementById("${MODULES_ID}").textContent;
  d.body.append(script);
};
const start = () => d.readyState === "loading" ? d.addEventListener("DOMContentLoaded", go, { once: true }) : go();
if (d.visibilityState === "hidden") return start();
setTimeout(start, 3000);
if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(start));
new PerformanceObserver((entries, observer) => {
  if (entries.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); start(); }
}).observe({ type: "paint", buffered: true });
})();`.replaceAll("\n", "");
}

/** An attribute's value as React escaped it (`&`, `<`, `>`, `"` and `'`), back to its text. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const unescapeAttribute = (value: string) => value.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] as string);

/** The page with its scripts started after the first paint; a page without scripts (or already rewritten) as it was. */
export function scriptsAfterPaint(html: string): string {
  const module = moduleScript(html);
  if (!module) return html;
  const [whole, before, after, body] = module as unknown as [string, string, string, string];
  const nonce = NONCE.exec(`${before}${after}`)?.[1];
  const hrefs: string[] = [];
  // React hoists the preloads into <head>: only that part is searched and copied, not the body.
  const headEnd = html.indexOf("</head>");
  const end = headEnd === -1 || headEnd > module.index ? module.index : headEnd;
  const head =
    html.slice(0, end).replace(PRELOAD, (link) => {
      const href = HREF.exec(link)?.[1];
      if (!href) return link;
      hrefs.push(unescapeAttribute(href));
      return "";
    }) + html.slice(end, module.index);
  // The data block carries the nonce too: every script element the server writes has it.
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  const replacement = `<script${nonceAttribute} type="application/x-sightline-module" id="${MODULES_ID}">${body}</script><script${nonceAttribute}>${starterFor(hrefs)}</script>`;
  return `${head}${replacement}${html.slice(module.index + whole.length)}`;
}

/**
 * The bootstrap script, found from its attribute: a string search over the page is a few times
 * cheaper than the pattern trying every `<script` of a 40 kB page (issue 16). React escapes quotes
 * in text and attribute values, so the attribute is the script's own; were it anything else, the
 * whole page is searched as before.
 */
function moduleScript(html: string): RegExpExecArray | null {
  const attribute = html.indexOf(' type="module"');
  if (attribute === -1) return null;
  MODULE_SCRIPT_AT.lastIndex = html.lastIndexOf("<script", attribute);
  return MODULE_SCRIPT_AT.exec(html) ?? MODULE_SCRIPT.exec(html);
}

/** The starter for a list of modules: a page's list is one of a few dozen (its routes'), each written once. */
const starters = new Map<string, string>();
function starterFor(hrefs: string[]): string {
  const key = hrefs.join("\n");
  let script = starters.get(key);
  if (script === undefined) {
    script = starter(hrefs);
    if (starters.size >= 500) starters.clear();
    starters.set(key, script);
  }
  return script;
}
