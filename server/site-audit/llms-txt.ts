/**
 * /llms.txt, the proposal at llmstxt.org: a markdown file that tells assistants what a site is and
 * where its useful pages are. Its format, in order:
 *
 *   # Title                                 (the one required part)
 *   > A one-paragraph summary               (optional)
 *   Details: paragraphs or lists, no headings (optional)
 *   ## Section                              (zero or more "file lists")
 *   - [Name](https://url): optional notes
 *
 * Problems are stable codes with the line they were found on, for the UI to translate.
 */

export type LlmsTxtProblemCode =
  /** The body is empty. */
  | "empty"
  /** The first line with content is not an H1 (`# Title`). */
  | "missing_title"
  /** More than one H1. */
  | "multiple_titles"
  /** The summary blockquote comes later than right after the title. */
  | "misplaced_summary"
  /** An H3 or deeper heading, or a heading before the title: the format has only H1 and H2. */
  | "unexpected_heading"
  /** A line in an H2 section that is neither a list item nor blank. */
  | "text_in_section"
  /** A list item in an H2 section that is not `- [name](url)` optionally followed by `: notes`. */
  | "invalid_link"
  /** A link whose URL is not a web address. */
  | "invalid_link_url"
  /** An H2 section without any link. */
  | "empty_section";

export type LlmsTxtProblem = { code: LlmsTxtProblemCode; line: number };

export type LlmsTxtReport = {
  url: string;
  /** Served as a text file (an HTML page at that address is a soft 404, not an llms.txt). */
  present: boolean;
  http_status: number | null;
  /** Present and without problems. */
  valid: boolean;
  title: string | null;
  summary: string | null;
  sections: Array<{ title: string; links: number }>;
  links: number;
  problems: LlmsTxtProblem[];
};

/** What fetching /llms.txt returned; null when the fetch failed. */
export type LlmsTxtResponse = { status: number; body: string; contentType?: string } | null;

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^\s*[-*+]\s+/;
// `- [name](url)` then optionally `: notes`; the name may hold brackets' text, not nested links.
const LINK_ITEM = /^\s*[-*+]\s+\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)\s*(?::\s*(.*))?$/;

export function checkLlmsTxt(url: string, response: LlmsTxtResponse): LlmsTxtReport {
  const absent = { url, present: false, http_status: response?.status ?? null, valid: false, title: null, summary: null, sections: [], links: 0, problems: [] };
  if (!response || response.status < 200 || response.status >= 300) return absent;
  if (/html/i.test(response.contentType ?? "") || /^\s*<(!doctype|html|head|body)/i.test(response.body)) return absent;
  const parsed = parseLlmsTxt(response.body, url);
  return { url, present: true, http_status: response.status, valid: parsed.problems.length === 0, ...parsed };
}

export function parseLlmsTxt(text: string, baseUrl: string): Pick<LlmsTxtReport, "title" | "summary" | "sections" | "links" | "problems"> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const problems: LlmsTxtProblem[] = [];
  const sections: Array<{ title: string; links: number; line: number }> = [];
  let title: string | null = null;
  let summary: string | null = null;
  let seenContent = false;
  // After the title, before anything else: where the summary may stand.
  let summaryAllowed = false;

  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    const number = index + 1;
    if (!line.trim()) return;
    const heading = HEADING.exec(line);
    const section = sections.at(-1);

    if (!seenContent) {
      seenContent = true;
      if (heading?.[1] !== "#") problems.push({ code: "missing_title", line: number });
    }
    if (heading) {
      summaryAllowed = false;
      const level = heading[1]!.length;
      if (level === 1) {
        if (title === null && sections.length === 0) {
          title = heading[2]!.trim();
          summaryAllowed = true;
        } else problems.push({ code: "multiple_titles", line: number });
      } else if (level === 2) sections.push({ title: heading[2]!.trim(), links: 0, line: number });
      else problems.push({ code: "unexpected_heading", line: number });
      return;
    }
    if (line.startsWith(">")) {
      const quoted = line.replace(/^>\s?/, "").trim();
      if (summaryAllowed) summary = summary ? `${summary} ${quoted}` : quoted;
      else if (summary === null && !section) problems.push({ code: "misplaced_summary", line: number });
      else if (section) problems.push({ code: "text_in_section", line: number });
      return;
    }
    summaryAllowed = false;
    if (!section) return; // Details between the summary and the first section: free markdown.
    if (!LIST_ITEM.test(line)) {
      problems.push({ code: "text_in_section", line: number });
      return;
    }
    const link = LINK_ITEM.exec(line);
    if (!link) {
      problems.push({ code: "invalid_link", line: number });
      return;
    }
    if (!isWebUrl(link[2]!, baseUrl)) problems.push({ code: "invalid_link_url", line: number });
    section.links++;
  });

  if (!seenContent) problems.push({ code: "empty", line: 1 });
  for (const section of sections) if (section.links === 0) problems.push({ code: "empty_section", line: section.line });
  problems.sort((a, b) => a.line - b.line);
  return {
    title,
    summary,
    sections: sections.map(({ title, links }) => ({ title, links })),
    links: sections.reduce((sum, section) => sum + section.links, 0),
    problems,
  };
}

function isWebUrl(href: string, base: string): boolean {
  try {
    const url = new URL(href, base);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
