import { type HTMLElement, NodeType, type Node, parse } from "node-html-parser";
import { readJsonLd, type SchemaOrgFacts } from "./json-ld";

/**
 * What a home page says about its site, read with node-html-parser: a lenient parser, because
 * real pages are rarely valid HTML, and fast enough for a 2 MB page.
 */

export type Heading = { level: number; text: string };
export type Alternate = { lang: string; href: string };
/** A robots meta tag: `name` is `robots` or a crawler's token (`googlebot`, `gptbot`), lower-case. */
export type MetaRobots = { name: string; content: string };

export type PageFacts = {
  title: string | null;
  description: string | null;
  /** The `<html lang>` as written (en, fr-CA), or null. */
  lang: string | null;
  og_site_name: string | null;
  og_title: string | null;
  og_description: string | null;
  schema_org: SchemaOrgFacts;
  /** Absolute. */
  canonical: string | null;
  hreflang: Alternate[];
  /** The declared icon, else /favicon.ico, which is where browsers look without one. */
  favicon: string;
  favicon_declared: boolean;
  h1: string[];
  headings: Heading[];
  /** Visible body text without navigation, footer and scripts; one line per block, capped. */
  text: string;
  meta_robots: MetaRobots[];
};

export const TEXT_LIMIT = 20_000;
const HEADING_LIMIT = 100;
const HEADING_TEXT_LIMIT = 200;

// Never shown, or boilerplate repeated on every page whose words would drown the page's own.
const HIDDEN_TAGS = new Set(["script", "style", "noscript", "template", "svg", "iframe", "head", "nav", "footer", "select", "button"]);
// Inline elements continue the sentence around them; every other element ends a text block.
const INLINE_TAGS = new Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr"]);

export function extractPage(html: string, pageUrl: string): PageFacts {
  const root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true, pre: true } });
  const base = baseUrl(root, pageUrl);
  const metas = readMetas(root);
  const links = root.querySelectorAll("link").map((link) => ({ rel: relTokens(link), element: link }));
  const href = (element: HTMLElement) => absolute(element.getAttribute("href"), base);

  const icon = links.find((link) => link.rel.includes("icon")) ?? links.find((link) => link.rel.includes("apple-touch-icon"));
  const iconHref = icon ? href(icon.element) : null;
  const headings = readHeadings(root);
  const jsonLd = root
    .querySelectorAll("script")
    .filter((script) => (script.getAttribute("type") ?? "").trim().toLowerCase() === "application/ld+json")
    .map((script) => script.rawText);

  return {
    title: collapse(root.querySelectorAll("title").find((title) => !title.closest("svg"))?.text),
    description: metas.get("description") ?? null,
    lang: collapse(root.querySelector("html")?.getAttribute("lang")),
    og_site_name: metas.get("og:site_name") ?? null,
    og_title: metas.get("og:title") ?? null,
    og_description: metas.get("og:description") ?? null,
    schema_org: readJsonLd(jsonLd),
    canonical: links.filter((link) => link.rel.includes("canonical")).map((link) => href(link.element))[0] ?? null,
    hreflang: links
      .filter((link) => link.rel.includes("alternate") && link.element.getAttribute("hreflang"))
      .map((link) => ({ lang: link.element.getAttribute("hreflang")!.trim(), href: href(link.element) }))
      .filter((alternate): alternate is Alternate => alternate.href !== null && alternate.lang !== ""),
    favicon: iconHref ?? new URL("/favicon.ico", pageUrl).href,
    favicon_declared: iconHref !== null,
    h1: headings.filter((heading) => heading.level === 1).map((heading) => heading.text),
    headings: headings.slice(0, HEADING_LIMIT),
    text: visibleText(root.querySelector("body") ?? root),
    meta_robots: readMetaRobots(root),
  };
}

/** `<meta name|property>` values, first one wins, names lower-case. */
function readMetas(root: HTMLElement): Map<string, string> {
  const metas = new Map<string, string>();
  for (const meta of root.querySelectorAll("meta")) {
    const key = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim().toLowerCase();
    const content = collapse(meta.getAttribute("content"));
    if (key && content && !metas.has(key)) metas.set(key, content);
  }
  return metas;
}

// `robots`, or a crawler's token (googlebot, GPTBot, ChatGPT-User, Google-Extended, Bytespider,
// meta-externalagent…); the crawlers module decides which ones concern it.
const ROBOTS_META_NAME = /^robots$|bot$|spider$|crawler$|agent$|-user$|-extended$/;
const ROBOTS_DIRECTIVE = /\b(noindex|nofollow|noai|noimageai|none|all|index|follow|nosnippet|noarchive)\b/;

/** `<meta name="robots">` and its crawler-specific forms (`<meta name="GPTBot" content="noindex">`). */
function readMetaRobots(root: HTMLElement): MetaRobots[] {
  const found: MetaRobots[] = [];
  for (const meta of root.querySelectorAll("meta[name]")) {
    const name = meta.getAttribute("name")!.trim().toLowerCase();
    const content = collapse(meta.getAttribute("content"))?.toLowerCase();
    if (content && ROBOTS_META_NAME.test(name) && ROBOTS_DIRECTIVE.test(content)) found.push({ name, content });
  }
  return found;
}

function readHeadings(root: HTMLElement): Heading[] {
  return root
    .querySelectorAll("h1, h2, h3, h4, h5, h6")
    .map((element) => ({ level: Number(element.tagName.slice(1)), text: collapse(element.text)?.slice(0, HEADING_TEXT_LIMIT) ?? "" }))
    .filter((heading) => heading.text !== "");
}

/** Text a visitor sees, one line per block so a keyword never spans two paragraphs. */
function visibleText(from: HTMLElement): string {
  const lines: string[] = [];
  let line = "";
  let length = 0;
  const endLine = () => {
    const text = collapse(line);
    if (text) {
      lines.push(text);
      length += text.length + 1;
    }
    line = "";
  };
  const walk = (node: Node) => {
    if (length >= TEXT_LIMIT) return;
    if (node.nodeType === NodeType.TEXT_NODE) {
      line += ` ${node.text}`;
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = node as HTMLElement;
    const tag = element.tagName?.toLowerCase() ?? "";
    if (HIDDEN_TAGS.has(tag) || element.hasAttribute("hidden") || element.getAttribute("aria-hidden") === "true") return;
    const inline = INLINE_TAGS.has(tag);
    if (!inline) endLine();
    for (const child of element.childNodes) walk(child);
    if (!inline) endLine();
  };
  walk(from);
  endLine();
  return lines.join("\n").slice(0, TEXT_LIMIT);
}

function baseUrl(root: HTMLElement, pageUrl: string): string {
  return absolute(root.querySelector("base[href]")?.getAttribute("href"), pageUrl) ?? pageUrl;
}

function relTokens(link: HTMLElement): string[] {
  return (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
}

function absolute(href: string | undefined | null, base: string): string | null {
  const value = href?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function collapse(text: string | undefined | null): string | null {
  const value = text?.replace(/\s+/g, " ").trim();
  return value ? value : null;
}
