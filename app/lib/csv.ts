/**
 * CSV as spreadsheet programs open it: UTF-8 with a byte-order mark (or Excel reads French text as
 * Latin-1), CRLF line ends, every field quoted. Text that an assistant or a web page wrote is
 * untrusted: a cell starting with = + - @ (or a tab / carriage return) would be run as a formula,
 * so it is prefixed with an apostrophe.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === "string" && FORMULA.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** The response for a CSV download; `name` without extension, dated so downloads do not collide. */
export function csvResponse(name: string, body: string, now = new Date()): Response {
  const file = `${name}-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file}"`,
      "cache-control": "private, no-store",
    },
  });
}
