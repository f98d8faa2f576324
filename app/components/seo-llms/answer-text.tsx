import type { ReactNode } from "react";
import { highlightRanges, type Term } from "~/lib/highlight";

/**
 * An assistant's markdown answer, shown as text with the tracked brands highlighted. Only what
 * answers use is rendered (headings, lists, bold, links); nothing is injected as HTML, and links
 * leave with rel="nofollow noopener".
 */
export function AnswerText({ text, terms }: { text: string; terms: Term[] }) {
  const blocks: ReactNode[] = [];
  let list: { ordered: boolean; items: ReactNode[] } | null = null;
  const flush = () => {
    if (!list) return;
    const Tag = list.ordered ? "ol" : "ul";
    blocks.push(
      <Tag key={`list-${blocks.length}`} className={list.ordered ? "list-decimal space-y-1 pl-5" : "list-disc space-y-1 pl-5"}>
        {list.items}
      </Tag>,
    );
    list = null;
  };
  // Keys are offsets into the answer, which never change for a given answer.
  let offset = 0;
  for (const line of text.split(/\r?\n/)) {
    const at = offset;
    offset += line.length + 1;
    const item = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      const ordered = Boolean(item[2]);
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push(<li key={at}>{inline(item[3], terms)}</li>);
      continue;
    }
    flush();
    if (!line.trim()) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    blocks.push(
      heading ? (
        <p key={at} className="font-semibold text-slate-900">
          {inline(heading[1], terms)}
        </p>
      ) : (
        <p key={at}>{inline(line, terms)}</p>
      ),
    );
  }
  flush();
  return <div className="grid gap-2 text-sm leading-relaxed text-slate-700">{blocks}</div>;
}

type Segment = { start: number; text: string; bold: boolean; href: string | null };

/** **bold** and [label](url); everything else is text. */
function segments(line: string): Segment[] {
  const out: Segment[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > last) out.push({ start: last, text: line.slice(last, match.index), bold: false, href: null });
    if (match[1] !== undefined) out.push({ start: match.index, text: match[1], bold: true, href: null });
    else out.push({ start: match.index, text: match[2], bold: false, href: /^https?:\/\//i.test(match[3]) ? match[3] : null });
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push({ start: last, text: line.slice(last), bold: false, href: null });
  return out;
}

function inline(line: string, terms: Term[]): ReactNode[] {
  return segments(line).map((segment) => {
    const content = highlighted(segment.text, terms);
    if (segment.href) {
      return (
        <a key={segment.start} href={segment.href} target="_blank" rel="nofollow noopener noreferrer" className="text-indigo-700 underline-offset-2 hover:underline">
          {content}
        </a>
      );
    }
    return segment.bold ? (
      <strong key={segment.start} className="font-semibold text-slate-900">
        {content}
      </strong>
    ) : (
      <span key={segment.start}>{content}</span>
    );
  });
}

function highlighted(text: string, terms: Term[]): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const range of highlightRanges(text, terms)) {
    if (range.start > last) out.push(text.slice(last, range.start));
    out.push(
      <mark
        key={range.start}
        data-kind={range.kind}
        className={range.kind === "brand" ? "rounded bg-indigo-100 px-0.5 text-indigo-900" : "rounded bg-amber-100 px-0.5 text-amber-900"}
      >
        {text.slice(range.start, range.end)}
      </mark>,
    );
    last = range.end;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
