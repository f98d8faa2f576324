/**
 * Reading schema.org JSON-LD the way search engines tolerate it in the wild: blocks wrapped in HTML
 * comments or CDATA, raw line breaks inside strings, trailing commas, a top-level array, `@graph`,
 * `@type` as an array or a full IRI, organisations nested under `publisher` or `author`. What still
 * does not parse is counted, because assistants and Google alike ignore a broken block.
 */

export type SchemaOrgEntity = { name: string | null; url: string | null; same_as: string[] };

export type SchemaOrgFacts = {
  /** `<script type="application/ld+json">` blocks on the page. */
  blocks: number;
  /** Blocks that are not JSON even after the usual repairs. */
  invalid_blocks: number;
  /** Every schema.org type declared, without prefix, sorted. */
  types: string[];
  organization: SchemaOrgEntity | null;
  website: SchemaOrgEntity | null;
};

type JsonObject = { [key: string]: unknown };

// Organization and the subtypes sites use for themselves; LocalBusiness's many subtypes (Dentist,
// Restaurant…) end in neither suffix, so the common ones are listed.
const ORGANIZATION_TYPES = new Set([
  "Organization",
  "Corporation",
  "LocalBusiness",
  "OnlineStore",
  "OnlineBusiness",
  "NGO",
  "Store",
  "ProfessionalService",
  "Airline",
  "Consortium",
]);
const MAX_DEPTH = 12;

export function readJsonLd(blocks: string[]): SchemaOrgFacts {
  const nodes: JsonObject[] = [];
  let invalid = 0;
  for (const block of blocks) {
    const value = parseLenient(block);
    if (value === undefined) invalid++;
    else collectNodes(value, nodes, 0);
  }
  const types = new Set<string>();
  for (const node of nodes) for (const type of typesOf(node)) types.add(type);
  return {
    blocks: blocks.length,
    invalid_blocks: invalid,
    types: [...types].sort(),
    organization: pickEntity(nodes, (type) => ORGANIZATION_TYPES.has(type) || /Organization$/.test(type)),
    website: pickEntity(nodes, (type) => type === "WebSite"),
  };
}

/** JSON.parse, then the repairs that make most hand-written blocks readable; undefined if none do. */
export function parseLenient(block: string): unknown {
  const unwrapped = block
    .trim()
    .replace(/^<!--|-->$/g, "")
    .replace(/^\s*(\/\/)?\s*<!\[CDATA\[|(\/\/)?\s*\]\]>\s*$/g, "")
    .trim()
    .replace(/;$/, "");
  // A raw control character (a line break typed inside a string) is only illegal inside a
  // string; as a space it is legal anywhere.
  const spaced = unwrapped.replace(/\p{Cc}+/gu, " ");
  // Then trailing commas, the other common hand-written mistake.
  const attempts = [unwrapped, spaced, spaced.replace(/,\s*([}\]])/g, "$1")];
  for (const text of attempts) {
    try {
      return JSON.parse(text);
    } catch {
      // The next repair.
    }
  }
  return undefined;
}

/** Every object in the value that declares a type, @graph members and nested values included. */
function collectNodes(value: unknown, into: JsonObject[], depth: number) {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, into, depth + 1);
    return;
  }
  const object = value as JsonObject;
  if (object["@type"] !== undefined) into.push(object);
  for (const child of Object.values(object)) collectNodes(child, into, depth + 1);
}

function typesOf(node: JsonObject): string[] {
  const raw = node["@type"];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((type): type is string => typeof type === "string").map((type) => type.replace(/^(https?:\/\/schema\.org\/|schema:)/i, ""));
}

/** The first node of the kind that has a name; its sameAs gathered with those of same-named nodes. */
function pickEntity(nodes: JsonObject[], isKind: (type: string) => boolean): SchemaOrgEntity | null {
  const matching = nodes.filter((node) => typesOf(node).some(isKind));
  if (matching.length === 0) return null;
  const named = matching.find((node) => textOf(node.name)) ?? matching[0]!;
  const name = textOf(named.name);
  const sameAs = new Set<string>();
  for (const node of matching) {
    if (node !== named && textOf(node.name) !== name) continue;
    for (const link of listOf(node.sameAs)) if (/^https?:\/\//i.test(link)) sameAs.add(link);
  }
  return { name, url: textOf(named.url), same_as: [...sameAs] };
}

/** A string, a language map entry ({"@value": …}) or the first of a list. */
function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (Array.isArray(value)) return textOf(value[0]);
  if (value && typeof value === "object" && "@value" in value) return textOf((value as JsonObject)["@value"]);
  return null;
}

function listOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map(textOf).filter((item): item is string => item !== null);
}
