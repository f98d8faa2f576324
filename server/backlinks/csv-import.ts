import type { z } from "zod";
import type { LinkType } from "#domain/backlinks";
import { fieldErrorsOf } from "../http/field-errors";
import { type CheckedSite, SiteInputSchema, siteDomain } from "./site-input";

/**
 * The catalogue as a spreadsheet: admins import sites from a CSV file and export them back in the
 * same format. Prices are written in major units ("149.00"), as a person types them, and become
 * cents here; every row then passes through SiteInputSchema like a site from the edit form.
 */

const PRICE_COLUMNS = ["sponsored_article_permanent", "sponsored_article_12_months", "link_insertion_permanent", "link_insertion_12_months"] as const satisfies readonly LinkType[];

export const CATALOGUE_CSV_COLUMNS = [
  "url",
  "dr",
  "da",
  "traffic",
  "currency",
  "category",
  "language",
  "country",
  "dofollow",
  "turnaround_days",
  "sample_url",
  ...PRICE_COLUMNS,
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

export const MAX_CSV_ROWS = 10_000;

/** The file as a whole cannot be read (its header, its size): nothing in it is imported. */
export class CsvHeaderError extends Error {
  override name = "CsvHeaderError";
}

/**
 * Why a row was refused: `errors` in English for people, `issues` the same as codes by column for a
 * screen to say in its own language (the field codes of server/http/field-errors.ts, and
 * price_format, field_count, unclosed_quote, duplicate_domain).
 */
export type RowIssue = { column: string | null; code: string };
export type RefusedRow = { line: number; domain: string | null; errors: string[]; issues: RowIssue[] };
export type CatalogueCsvImport = { sites: CheckedSite[]; refused: RefusedRow[] };

// ---------------------------------------------------------------------------------------------
// RFC 4180 records

type CsvRecord = { line: number; fields: string[]; unclosedQuote: boolean };

/**
 * The records of a CSV text, each with the physical line it starts on (a quoted field may span
 * lines). Lenient where spreadsheets are sloppy: a UTF-8 BOM, CRLF, LF or CR line ends, spaces
 * before an opening quote, and a quote inside an unquoted field kept as a character.
 */
function* csvRecords(text: string): Generator<CsvRecord> {
  let fields: string[] = [];
  let field = "";
  let wasQuoted = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(field);
    field = "";
    wasQuoted = false;
  };
  const takeRecord = (): CsvRecord => {
    endField();
    const record = { line: recordLine, fields, unclosedQuote: inQuotes };
    fields = [];
    return record;
  };

  for (let i = text.startsWith("\uFEFF") ? 1 : 0; i < text.length; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') inQuotes = false;
      else {
        if (char === "\n" || (char === "\r" && text[i + 1] !== "\n")) line++;
        field += char;
      }
    } else if (char === '"' && !wasQuoted && field.trim() === "") {
      field = "";
      inQuotes = true;
      wasQuoted = true;
    } else if (char === ",") endField();
    else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      yield takeRecord();
      line++;
      recordLine = line;
    } else field += char;
  }
  if (fields.length > 0 || field !== "" || wasQuoted) yield takeRecord();
}

/** An empty line, or a row of empty cells as spreadsheets leave below the data. */
const isBlank = (record: CsvRecord) => !record.unclosedQuote && record.fields.every((field) => field.trim() === "");

// ---------------------------------------------------------------------------------------------
// Header

function columnPositions(header: string[]): Record<CatalogueCsvColumn, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(CATALOGUE_CSV_COLUMNS);
  const missing = CATALOGUE_CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.flatMap((name, i) => (known.has(name) ? [] : [name || `an unnamed column (number ${i + 1})`]));
  const repeated = [...new Set(names.filter((name, i) => known.has(name) && names.indexOf(name) !== i))];
  const problems = [
    missing.length > 0 ? `Missing ${plural(missing.length, "column")}: ${missing.join(", ")}.` : "",
    unknown.length > 0 ? `Unknown ${plural(unknown.length, "column")}: ${unknown.join(", ")}.` : "",
    repeated.length > 0 ? `Repeated ${plural(repeated.length, "column")}: ${repeated.join(", ")}.` : "",
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new CsvHeaderError(`${problems.join(" ")} The first row must name these ${CATALOGUE_CSV_COLUMNS.length} columns, in any order: ${CATALOGUE_CSV_COLUMNS.join(", ")}.`);
  }
  return Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<CatalogueCsvColumn, number>;
}

const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);

// ---------------------------------------------------------------------------------------------
// Cells → a site for SiteInputSchema

type Cell = (column: CatalogueCsvColumn) => string;

/** Leaves anything but a plain decimal as NaN, so "1e3" or "0x10" are refused rather than read as numbers. */
function numberCell(text: string): number | undefined {
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** "12,400" as analytics tools print it. */
const trafficCell = (text: string) => numberCell(/^\d{1,3}(,\d{3})+$/.test(text) ? text.replaceAll(",", "") : text);

const BOOLEAN_WORDS = new Map([
  ["true", true],
  ["yes", true],
  ["1", true],
  ["false", false],
  ["no", false],
  ["0", false],
]);

/** Anything else goes to the schema as it is, which refuses it with its own message. */
const booleanCell = (text: string): unknown => (text === "" ? undefined : (BOOLEAN_WORDS.get(text.toLowerCase()) ?? text));

/**
 * "149", "149.5", "149.50" → cents, from the digits rather than through a float (4.35 × 100 is
 * 434.99999999999994). Twelve digits at most keeps the result a safe integer.
 */
export function majorUnitsToCents(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

function candidateSite(cell: Cell): { candidate: Record<string, unknown>; errors: string[]; issues: RowIssue[] } {
  const errors: string[] = [];
  const issues: RowIssue[] = [];
  const offers: Partial<Record<LinkType, number>> = {};
  for (const column of PRICE_COLUMNS) {
    if (cell(column) === "") continue;
    const cents = majorUnitsToCents(cell(column));
    if (cents === null) {
      errors.push(`${column}: A price such as 149 or 149.50, or empty when not offered`);
      issues.push({ column, code: "price_format" });
    }
    else offers[column] = cents;
  }
  const candidate = {
    url: cell("url"),
    dr: numberCell(cell("dr")),
    da: numberCell(cell("da")),
    traffic: trafficCell(cell("traffic")),
    currency: cell("currency").toUpperCase(),
    category: cell("category").toLowerCase(),
    language: cell("language").toLowerCase(),
    country: cell("country"),
    dofollow: booleanCell(cell("dofollow")),
    turnaround_days: numberCell(cell("turnaround_days")),
    sample_url: cell("sample_url") || null,
    offers,
  };
  return { candidate, errors, issues };
}

/** The column a schema issue belongs to: a price's own column, or all four when none is given. */
function issueColumn(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "offers") return typeof second === "string" ? second : PRICE_COLUMNS.join(", ");
  return String(first ?? "row");
}

function schemaIssues(issues: readonly z.core.$ZodIssue[], priceTyposFound: boolean, candidate: Record<string, unknown>) {
  // With a mistyped price, "at least one price" would only repeat what its column already says.
  const relevant = issues.filter((issue) => !(priceTyposFound && issue.path.length === 1 && issue.path[0] === "offers"));
  return {
    errors: relevant.map((issue) => `${issueColumn(issue.path)}: ${issue.message}`),
    issues: relevant.map((issue) => {
      const [first] = Object.entries(fieldErrorsOf([issue], candidate));
      return { column: issueColumn(issue.path), code: first?.[1][0]?.code ?? "invalid_value" };
    }),
  };
}

type RowCheck = { site: CheckedSite | null; domain: string | null; errors: string[]; issues: RowIssue[] };

function checkRecord(record: CsvRecord, positions: Record<CatalogueCsvColumn, number>): RowCheck {
  if (record.unclosedQuote) {
    return { site: null, domain: null, errors: ["A quoted field opened on this line is never closed"], issues: [{ column: null, code: "unclosed_quote" }] };
  }
  if (record.fields.length !== CATALOGUE_CSV_COLUMNS.length) {
    return {
      site: null,
      domain: null,
      errors: [`Expected ${CATALOGUE_CSV_COLUMNS.length} fields, found ${record.fields.length}`],
      issues: [{ column: null, code: "field_count" }],
    };
  }
  const cell: Cell = (column) => record.fields[positions[column]].trim();
  const { candidate, errors, issues } = candidateSite(cell);
  const result = SiteInputSchema.safeParse(candidate);
  if (result.success && errors.length === 0) return { site: result.data, domain: result.data.domain, errors: [], issues: [] };
  const schema = result.success ? { errors: [], issues: [] } : schemaIssues(result.error.issues, errors.length > 0, candidate);
  return { site: null, domain: siteDomain(cell("url")), errors: [...errors, ...schema.errors], issues: [...issues, ...schema.issues] };
}

// ---------------------------------------------------------------------------------------------
// Import and export

/** The header and the data rows, refusing a file past the row limit before checking any row. */
function headerAndRows(text: string): { header: CsvRecord; rows: CsvRecord[] } {
  let header: CsvRecord | null = null;
  const rows: CsvRecord[] = [];
  for (const record of csvRecords(text)) {
    if (isBlank(record)) continue;
    if (!header) header = record;
    else if (rows.push(record) > MAX_CSV_ROWS) throw new CsvHeaderError(`At most ${MAX_CSV_ROWS.toLocaleString("en")} rows per file`);
  }
  if (!header) throw new CsvHeaderError(`The file is empty: its first row must name the columns ${CATALOGUE_CSV_COLUMNS.join(", ")}.`);
  return { header, rows };
}

/**
 * The sites of a catalogue CSV and the rows refused, each with the line it starts on and why.
 * Throws CsvHeaderError when the file as a whole is unusable (header, row limit).
 */
export function parseCatalogueCsv(text: string): CatalogueCsvImport {
  const { header, rows } = headerAndRows(text);
  if (header.unclosedQuote) throw new CsvHeaderError("The header row opens a quoted field that is never closed.");
  const positions = columnPositions(header.fields);
  const sites: CheckedSite[] = [];
  const refused: RefusedRow[] = [];
  const lineOfDomain = new Map<string, number>();
  for (const record of rows) {
    const { site, domain, errors, issues } = checkRecord(record, positions);
    // Any earlier row counts, refused or not, so that fixing it later cannot clash with this one.
    const earlier = domain ? lineOfDomain.get(domain) : undefined;
    if (earlier !== undefined) {
      errors.push(`Domain ${domain} already appears on line ${earlier}`);
      issues.push({ column: "url", code: "duplicate_domain" });
    }
    else if (domain) lineOfDomain.set(domain, record.line);
    if (site && errors.length === 0) sites.push(site);
    else refused.push({ line: record.line, domain, errors, issues });
  }
  return { sites, refused };
}

const centsToMajorUnits = (cents: number | undefined) => (cents === undefined ? "" : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);

const WRITERS: Record<CatalogueCsvColumn, (site: CheckedSite) => string> = {
  url: (site) => site.url,
  dr: (site) => String(site.dr),
  da: (site) => String(site.da),
  traffic: (site) => String(site.traffic),
  currency: (site) => site.currency,
  category: (site) => site.category,
  language: (site) => site.language,
  country: (site) => site.country,
  dofollow: (site) => String(site.dofollow),
  turnaround_days: (site) => String(site.turnaround_days),
  sample_url: (site) => site.sample_url ?? "",
  sponsored_article_permanent: (site) => centsToMajorUnits(site.offers.sponsored_article_permanent),
  sponsored_article_12_months: (site) => centsToMajorUnits(site.offers.sponsored_article_12_months),
  link_insertion_permanent: (site) => centsToMajorUnits(site.offers.link_insertion_permanent),
  link_insertion_12_months: (site) => centsToMajorUnits(site.offers.link_insertion_12_months),
};

/** Quoted only when it must be, and when the import's trimming would otherwise change it. */
const csvField = (value: string) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value);

/** The catalogue in the import's format (CRLF line ends, as RFC 4180 has them), so an export re-imports as it was. */
export function catalogueCsv(sites: readonly CheckedSite[]): string {
  const rows = sites.map((site) => CATALOGUE_CSV_COLUMNS.map((column) => csvField(WRITERS[column](site))).join(","));
  return `${[CATALOGUE_CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
