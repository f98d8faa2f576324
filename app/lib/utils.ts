import { type ClassValue, clsx } from "clsx";

/**
 * The classes given, joined; when two set the same thing (`h-8` from a variant, then `h-9` from the
 * caller) the later wins, as tailwind-merge decides it. tailwind-merge knows every Tailwind utility
 * and weighed 8 kB gzip on every page (issue 16); this knows the kinds this app writes, and
 * app/lib/utils.test.ts checks, on every class the app's sources hold, that it decides pair by pair
 * what tailwind-merge decides.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  let merged = merges.get(joined);
  if (merged === undefined) {
    // The app writes a few hundred distinct class lists; the bound only guards against a caller
    // that builds them from data.
    if (merges.size >= MERGES_KEPT) merges.clear();
    merged = merge(joined);
    merges.set(joined, merged);
  }
  return merged;
}

/**
 * Each list's merge, remembered: a signed-in page renders about two hundred `cn` calls, and working
 * them out again was 3 % of its server time (issue 16; bench/profile-page.ts).
 */
const merges = new Map<string, string>();
const MERGES_KEPT = 5_000;

function merge(joined: string): string {
  const classes = joined.split(" ");
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const name = classes[index] as string;
    if (!name) continue;
    const kind = kindOf(name);
    if (kind) {
      if (taken.has(kind.key)) continue;
      taken.add(kind.key);
      for (const other of kind.overrides) taken.add(other);
    }
    kept.push(name);
  }
  return kept.reverse().join(" ");
}

type Kind = { key: string; overrides: string[] };

/** The variants (`lg:`, `hover:`, `[&_svg]:`), `!`, and the utility, split outside brackets. */
function parts(name: string) {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < name.length; index++) {
    const char = name[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(name.slice(start, index));
      start = index + 1;
    }
  }
  let utility = name.slice(start);
  let important = false;
  if (utility.startsWith("!")) [important, utility] = [true, utility.slice(1)];
  else if (utility.endsWith("!")) [important, utility] = [true, utility.slice(0, -1)];
  return { variants, important, utility };
}

const SIDES: Record<string, string[]> = { "": ["x", "y", "t", "r", "b", "l", "s", "e"], x: ["r", "l", "s", "e"], y: ["t", "b"] };
const sided = (group: string, side: string) => ({ group: `${group}${side}`, overrides: (SIDES[side] ?? []).map((other) => `${group}${other}`) });

const INSET: Record<string, string[]> = { "": ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"], x: ["right", "left"], y: ["top", "bottom"] };
const CORNERS: Record<string, string[]> = { t: ["tl", "tr"], r: ["tr", "br"], b: ["br", "bl"], l: ["tl", "bl"], s: ["ss", "es"], e: ["se", "ee"] };
const DISPLAY = new Set(["block", "inline-block", "inline", "flex", "inline-flex", "table", "inline-table", "grid", "inline-grid", "contents", "list-item", "hidden", "flow-root", "table-row", "table-cell"]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const SINGLES: Record<string, string> = {
  "sr-only": "sr",
  "not-sr-only": "sr",
  visible: "visibility",
  invisible: "visibility",
  collapse: "visibility",
  isolate: "isolation",
  "isolation-auto": "isolation",
  truncate: "text-overflow",
  "text-ellipsis": "text-overflow",
  "text-clip": "text-overflow",
  uppercase: "text-transform",
  lowercase: "text-transform",
  capitalize: "text-transform",
  "normal-case": "text-transform",
  italic: "font-style",
  "not-italic": "font-style",
  underline: "text-decoration",
  overline: "text-decoration",
  "line-through": "text-decoration",
  "no-underline": "text-decoration",
  ordinal: "fvn-ordinal",
  "tabular-nums": "fvn-spacing",
  "proportional-nums": "fvn-spacing",
  "break-words": "break",
  "break-all": "break",
  "break-normal": "break",
  "break-keep": "break",
  transform: "transform",
  "transform-none": "transform",
  grow: "grow",
  shrink: "shrink",
  container: "container",
  "flex-row": "flex-direction",
  "flex-row-reverse": "flex-direction",
  "flex-col": "flex-direction",
  "flex-col-reverse": "flex-direction",
  "flex-wrap": "flex-wrap",
  "flex-wrap-reverse": "flex-wrap",
  "flex-nowrap": "flex-wrap",
  "outline-none": "outline-style",
  "outline-hidden": "outline-style",
  "outline-dashed": "outline-style",
  "outline-dotted": "outline-style",
  "outline-double": "outline-style",
  "outline-solid": "outline-style",
  "object-cover": "object-fit",
  "object-contain": "object-fit",
  "object-fill": "object-fit",
  "object-none": "object-fit",
  "aspect-video": "aspect",
  "aspect-square": "aspect",
  "aspect-auto": "aspect",
  transition: "transition",
  "transition-all": "transition",
  "transition-colors": "transition",
  "transition-opacity": "transition",
  "transition-transform": "transition",
  "transition-shadow": "transition",
  "transition-none": "transition",
  "select-none": "select",
  "select-text": "select",
  "select-all": "select",
  "select-auto": "select",
  filter: "filter",
  "filter-none": "filter",
  "border-solid": "border-style",
  "border-dashed": "border-style",
  "border-dotted": "border-style",
  "border-double": "border-style",
  "border-hidden": "border-style",
  "border-none": "border-style",
  "decoration-solid": "decoration-style",
  "decoration-dashed": "decoration-style",
  "decoration-dotted": "decoration-style",
  "decoration-double": "decoration-style",
  "decoration-wavy": "decoration-style",
  "resize-y": "resize",
  "resize-x": "resize",
  resize: "resize",
  "resize-none": "resize",
  "list-inside": "list-position",
  "list-outside": "list-position",
};

/** Tailwind's named font sizes: `text-sm` is a size, `text-slate-500` a colour. */
const FONT_SIZE = /^(xs|sm|base|lg|[2-9]?xl)$/;
const ALIGN = new Set(["left", "center", "right", "justify", "start", "end"]);
const isArbitraryLength = (value: string) => /^\[(length:)?[\d.]+(px|r?em|%|vh|vw)\]$/.test(value);

/** What a utility sets, as tailwind-merge groups it, and the kinds it overrides too; null for the rest. */
function groupOf(utility: string): { group: string; overrides?: string[] } | null {
  if (DISPLAY.has(utility)) return { group: "display" };
  // `flex-1` sets grow, shrink and basis; `line-clamp-3` display and overflow.
  if (/^flex-(1|auto|initial|none)$/.test(utility)) return { group: "flex", overrides: ["basis", "grow", "shrink"] };
  if (utility.startsWith("line-clamp-")) return { group: "line-clamp", overrides: ["display", "overflow"] };
  if (POSITION.has(utility)) return { group: "position" };
  if (SINGLES[utility]) return { group: SINGLES[utility] };
  // An arbitrary property sets that property: `[overflow-wrap:anywhere]`.
  const property = /^\[([\w-]+):.+\]$/.exec(utility);
  if (property) return { group: `[${property[1]}]` };
  const value = utility.replace(/^-/, "");
  let match: RegExpExecArray | null;
  match = /^inset(?:-([xy]))?-/.exec(value);
  if (match) return { group: match[1] ? `inset-${match[1]}` : "inset", overrides: INSET[match[1] ?? ""] };
  match = /^(top|right|bottom|left|start|end)-/.exec(value);
  if (match) return { group: match[1] as string };
  match = /^([mp])([xytrblse]?)-/.exec(value);
  if (match) {
    const side = match[2] ?? "";
    const group = match[1] as string;
    return side && !SIDES[side] ? { group: `${group}${side}` } : sided(group, side);
  }
  match = /^gap-([xy])-/.exec(value);
  if (match) return { group: `gap-${match[1]}` };
  if (value.startsWith("gap-")) return { group: "gap", overrides: ["gap-x", "gap-y"] };
  match = /^space-([xy])-/.exec(value);
  if (match) return { group: `space-${match[1]}` };
  if (value.startsWith("size-")) return { group: "size", overrides: ["w", "h"] };
  match = /^(min-w|max-w|min-h|max-h|w|h|z|basis|order|opacity|duration|delay|ease|scroll-mt|underline-offset|tracking|leading|cursor|pointer-events|overflow-wrap|whitespace|animate|col-span|col-start|col-end|row-span|row-start|row-end|grid-cols|grid-rows|items|content|self|justify-items|justify-self|place-items|place-content|list|accent|aspect|object|align|origin|will-change|columns|grid-flow|auto-cols|auto-rows|rotate|scale|skew|blur|invert|sepia|grayscale|brightness|contrast|shrink|grow)-/.exec(value);
  if (match)
    return { group: match[1] as string };
  match = /^overflow(?:-([xy]))?-/.exec(value);
  if (match) return match[1] ? { group: `overflow-${match[1]}` } : { group: "overflow", overrides: ["overflow-x", "overflow-y"] };
  match = /^translate-([xy])-/.exec(value);
  if (match) return { group: `translate-${match[1]}` };
  if (value.startsWith("justify-")) return { group: "justify-content" };
  if (value.startsWith("flex-")) return { group: "flex" };
  if (value.startsWith("font-")) {
    const rest = value.slice(5);
    if (/^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(rest)) return { group: "font-weight" };
    return { group: "font-family" };
  }
  if (value.startsWith("text-")) {
    const rest = value.slice(5);
    if (ALIGN.has(rest)) return { group: "text-align" };
    // A size sets the line height too: it overrides an earlier `leading-`.
    if (FONT_SIZE.test(rest) || isArbitraryLength(rest)) return { group: "font-size", overrides: ["leading"] };
    return { group: "text-color" };
  }
  if (value.startsWith("bg-")) {
    const rest = value.slice(3);
    // tailwind-merge 3 knows Tailwind 4's `bg-linear-to-b`, and takes v3's `bg-gradient-to-b` for a colour.
    if (/^(linear-|radial|conic|none$|\[url)/.test(rest)) return { group: "bg-image" };
    if (/^(fixed|local|scroll)$/.test(rest)) return { group: "bg-attachment" };
    if (/^(cover|contain|auto)$/.test(rest)) return { group: "bg-size" };
    if (/^(center|top|bottom|left|right)/.test(rest)) return { group: "bg-position" };
    if (/^(repeat|no-repeat)/.test(rest)) return { group: "bg-repeat" };
    if (/^clip-/.test(rest)) return { group: "bg-clip" };
    return { group: "bg-color" };
  }
  match = /^(from|via|to)-/.exec(value);
  if (match) return { group: `gradient-${match[1]}` };
  if (value === "border" || /^border-(\d+|\[[\d.]+px\])$/.test(value)) return sided("border-w", "");
  match = /^border-([xytrblse])(?:-(\d+|\[[\d.]+px\]))?$/.exec(value);
  if (match) return sided("border-w", match[1] as string);
  match = /^border-([xytrblse])-/.exec(value);
  if (match) return { group: `border-color-${match[1]}` };
  if (value.startsWith("border-")) return { group: "border-color", overrides: ["border-color-x", "border-color-y", "border-color-t", "border-color-r", "border-color-b", "border-color-l", "border-color-s", "border-color-e"] };
  if (value === "rounded" || value.startsWith("rounded-")) {
    const corner = /^rounded-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es)(?:-|$)/.exec(value)?.[1];
    if (!corner) return { group: "rounded", overrides: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-s", "rounded-e", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl", "rounded-ss", "rounded-se", "rounded-ee", "rounded-es"] };
    return { group: `rounded-${corner}`, overrides: (CORNERS[corner] ?? []).map((other) => `rounded-${other}`) };
  }
  if (value === "shadow" || value.startsWith("shadow-")) {
    const rest = value.slice(7);
    return { group: !rest || /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(rest) || rest.startsWith("[") ? "shadow" : "shadow-color" };
  }
  if (value.startsWith("ring-offset-")) return { group: /^ring-offset-(\d+|\[[\d.]+px\])$/.test(value) ? "ring-offset-w" : "ring-offset-color" };
  if (value === "ring" || /^ring-(\d+|\[[\d.]+px\])$/.test(value)) return { group: "ring-w" };
  if (value.startsWith("ring-")) return { group: "ring-color" };
  if (value === "outline") return { group: "outline-w" };
  if (value.startsWith("outline-")) return { group: /^outline-(\d+|\[[\d.]+px\])$/.test(value) ? "outline-w" : /^outline-offset-/.test(value) ? "outline-offset" : "outline-color" };
  if (value === "divide-x" || /^divide-x-\d+$/.test(value)) return { group: "divide-x" };
  if (value === "divide-y" || /^divide-y-\d+$/.test(value)) return { group: "divide-y" };
  if (/^divide-(solid|dashed|dotted|double|none)$/.test(value)) return { group: "divide-style" };
  if (value.startsWith("divide-")) return { group: "divide-color" };
  if (value.startsWith("fill-")) return { group: "fill" };
  if (value.startsWith("stroke-")) return { group: /^stroke-(\d+|\[[\d.]+px\])$/.test(value) ? "stroke-w" : "stroke" };
  if (value.startsWith("decoration-")) return { group: /^decoration-(\d+|auto|from-font|\[[\d.]+px\])$/.test(value) ? "decoration-thickness" : "decoration-color" };
  if (value.startsWith("transition-")) return { group: "transition" };
  return null;
}

function kindOf(name: string): Kind | null {
  const { variants, important, utility } = parts(name);
  const found = groupOf(utility);
  if (!found) return null;
  // `hover:lg:` is `lg:hover:`; tailwind-merge keeps an arbitrary variant's place, which no class here needs.
  const prefix = `${[...variants].sort().join(":")}${important ? "!" : ""}|`;
  return { key: prefix + found.group, overrides: (found.overrides ?? []).map((other) => prefix + other) };
}
