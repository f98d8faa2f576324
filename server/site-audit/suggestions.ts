import { getDomainWithoutSuffix } from "tldts";
import type { PageFacts } from "./html";
import { detectLanguage, extractKeywords, type KeywordSource } from "./keywords";
import { type KeywordLanguage, STOP_WORDS } from "./stop-words";

/**
 * What onboarding pre-fills from the home page alone: the brand, one sentence about it, and the
 * keywords the site itself uses. Competitors cannot be read from a page; when an assistant is
 * configured, ai-suggestions.ts adds them and more keywords, and says so in `source`.
 */
export type Suggestions = {
  source: "page" | "page_and_ai";
  brand_name: string | null;
  description: string | null;
  /** The language the keywords are in, when the page is English or French. */
  language: KeywordLanguage | null;
  keywords: string[];
  competitors: Array<{ name: string; domain: string | null }>;
};

// Title separators as sites write them: "Pricing | Acme", "Acme — Bookkeeping for freelancers".
const TITLE_SEPARATOR = /\s+[-|–—·•:»/]\s+|\s*[|•·»]\s*|:\s+/;
const DESCRIPTION_LIMIT = 250;
const MIN_SENTENCE = 20;
// Where the page's words come from, and how much each counts.
const WEIGHTS = { title: 3, h1: 3, description: 2, h2: 2, heading: 1.5, text: 1 };

export function suggestFromPage(page: PageFacts, url: string): Suggestions {
  const brand = brandName(page, url);
  const language = detectLanguage(page.lang, page.text);
  const sources: KeywordSource[] = [
    { text: page.title ?? "", weight: WEIGHTS.title },
    { text: page.description ?? page.og_description ?? "", weight: WEIGHTS.description },
    ...page.headings.map((heading) => ({
      text: heading.text,
      weight: heading.level === 1 ? WEIGHTS.h1 : heading.level === 2 ? WEIGHTS.h2 : WEIGHTS.heading,
    })),
    { text: page.text, weight: WEIGHTS.text },
  ];
  const domain = getDomainWithoutSuffix(new URL(url).hostname) ?? "";
  return {
    source: "page",
    brand_name: brand,
    description: oneSentence(page.description ?? page.og_description ?? firstParagraph(page.text)),
    language,
    keywords: extractKeywords(sources, language ?? "en", { exclude: [brand ?? "", domain].filter(Boolean) }),
    competitors: [],
  };
}

/**
 * The name a site gives itself (og:site_name, then schema.org), else the part of its title that
 * matches its domain, else the shorter end of the title, else the domain.
 */
export function brandName(page: Pick<PageFacts, "og_site_name" | "schema_org" | "title">, url: string): string | null {
  const declared = page.og_site_name ?? page.schema_org.organization?.name ?? page.schema_org.website?.name;
  if (declared) return declared;
  const domain = getDomainWithoutSuffix(new URL(url).hostname) ?? null;
  const segments = (page.title ?? "")
    .split(TITLE_SEPARATOR)
    .map((segment) => segment.trim())
    .filter(Boolean);
  const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  if (domain) {
    const matching = segments.find((segment) => squash(segment) === squash(domain) || squash(domain).includes(squash(segment)) || squash(segment).startsWith(squash(domain)));
    if (matching) return matching;
  }
  if (segments.length > 1) {
    const [first, last] = [segments[0]!, segments.at(-1)!];
    return first.length <= last.length ? first : last;
  }
  if (segments.length === 1 && segments[0]!.split(/\s+/).length <= 3 && !isGeneric(segments[0]!)) return segments[0]!;
  return domain ? domain.charAt(0).toUpperCase() + domain.slice(1) : null;
}

/** A title such as "Home" or "Accueil" names the page, not the brand. */
function isGeneric(segment: string): boolean {
  const words = segment.toLowerCase().split(/\s+/);
  return words.every((word) => STOP_WORDS.en.has(word) || STOP_WORDS.fr.has(word));
}

/** The first sentence, cut at a word before the limit. */
export function oneSentence(text: string | null): string | null {
  const clean = text?.replace(/\s+/g, " ").trim();
  if (!clean) return null;
  // A sentence ends at . ! or ? before a capital or the end, and is not an abbreviation ("Acme Inc.").
  const end = [...clean.matchAll(/[.!?](?=\s+\p{Lu}|$)/gu)].find((match) => match.index >= MIN_SENTENCE);
  const sentence = end ? clean.slice(0, end.index + 1) : clean;
  if (sentence.length <= DESCRIPTION_LIMIT) return sentence;
  const cut = sentence.slice(0, DESCRIPTION_LIMIT);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:]+$/, "")}…`;
}

/** The first line of body text long enough to describe something (eight words or more). */
function firstParagraph(text: string): string | null {
  return text.split("\n").find((line) => line.split(/\s+/).length >= 8) ?? null;
}
