import { describe, expect, it } from "vitest";
import { CATALOGUE_CSV_COLUMNS, catalogueCsv, CsvHeaderError, MAX_CSV_ROWS, majorUnitsToCents, parseCatalogueCsv } from "./csv-import";
import { demoSites } from "./demo-catalogue";
import { SiteInputSchema } from "./site-input";

const HEADER = CATALOGUE_CSV_COLUMNS.join(",");

type Row = Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string>>;

/** A valid row in the header's order, with some cells replaced. */
function row(overrides: Row = {}): string {
  const cells: Record<string, string> = {
    url: "https://www.example-garden.com",
    dr: "45",
    da: "40",
    traffic: "12400",
    currency: "EUR",
    category: "home",
    language: "fr",
    country: "FR",
    dofollow: "yes",
    turnaround_days: "7",
    sample_url: "",
    sponsored_article_permanent: "249",
    sponsored_article_12_months: "",
    link_insertion_permanent: "149.5",
    link_insertion_12_months: "",
    ...overrides,
  };
  return CATALOGUE_CSV_COLUMNS.map((column) => cells[column]).join(",");
}

const file = (...lines: string[]) => `${[HEADER, ...lines].join("\n")}\n`;

describe("parseCatalogueCsv", () => {
  it("reads a valid row into a checked site, prices in cents", () => {
    const { sites, refused } = parseCatalogueCsv(file(row()));
    expect(refused).toMatchObject([]);
    expect(sites).toEqual([
      {
        url: "https://www.example-garden.com",
        domain: "example-garden.com",
        dr: 45,
        da: 40,
        traffic: 12_400,
        currency: "EUR",
        category: "home",
        language: "fr",
        country: "FR",
        dofollow: true,
        turnaround_days: 7,
        sample_url: null,
        offers: { sponsored_article_permanent: 24_900, link_insertion_permanent: 14_950 },
        price: 14_950,
      },
    ]);
  });

  it("round-trips the demo catalogue through catalogueCsv", () => {
    const sites = demoSites().map((site) => SiteInputSchema.parse(site));
    const csv = catalogueCsv(sites);
    expect(csv.split("\r\n")[0]).toBe(HEADER);
    expect(csv).toMatch(/,\d+\.00,/);
    const parsed = parseCatalogueCsv(csv);
    expect(parsed.refused).toEqual([]);
    expect(parsed.sites).toEqual(sites);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, counting physical lines", () => {
    const sample = '"https://example-garden.com/blog/pots,-trays-and-""bargains"""';
    const text = file(row({ sample_url: sample }), row({ url: '"https://second-site.com"', sample_url: '"https://second-site.com/a\nb"' }), row({ url: "third-site.com", dr: "x" }));
    const { sites, refused } = parseCatalogueCsv(text);
    expect(sites[0].sample_url).toBe('https://example-garden.com/blog/pots,-trays-and-%22bargains%22');
    expect(sites[1].domain).toBe("second-site.com");
    // The second row spans lines 3 and 4, so the third starts on line 5.
    expect(refused).toMatchObject([{ line: 5, domain: "third-site.com", errors: ["dr: DR must be a whole number from 0 to 100"] }]);
  });

  it("writes fields that need it quoted, and reads them back", () => {
    const [site] = parseCatalogueCsv(file(row({ sample_url: '"https://example-garden.com/a,b"' }))).sites;
    const csv = catalogueCsv([site]);
    expect(csv).toContain(',"https://example-garden.com/a,b",');
    expect(parseCatalogueCsv(csv).sites).toEqual([site]);
  });

  it("accepts a BOM, CRLF line ends, blank lines and no final line end", () => {
    const text = `\uFEFF${HEADER}\r\n\r\n${row()}\r\n,,,,,,,,,,,,,,\r\n${row({ url: "other-site.com" })}\r\n${row({ url: "last-site.com", da: "" })}`;
    const { sites, refused } = parseCatalogueCsv(text);
    expect(sites.map((site) => site.domain)).toEqual(["example-garden.com", "other-site.com"]);
    expect(refused).toMatchObject([{ line: 6, domain: "last-site.com", errors: ["da: DA must be a whole number from 0 to 100"] }]);
  });

  it("matches columns in any order and case, with spaces around their names", () => {
    const reversed = [...CATALOGUE_CSV_COLUMNS].reverse();
    const header = reversed.map((column) => ` ${column.toUpperCase()} `).join(",");
    const values = row().split(",").reverse().join(",");
    const { sites, refused } = parseCatalogueCsv(`${header}\n${values}\n`);
    expect(refused).toMatchObject([]);
    expect(sites[0]).toMatchObject({ domain: "example-garden.com", dr: 45, da: 40, offers: { link_insertion_permanent: 14_950 } });
  });

  it("refuses bad rows with their line and a message naming the column, keeping the good ones", () => {
    const text = file(
      row({ url: "first-site.com" }),
      row({ url: "bad-dr.com", dr: "140" }),
      row({ url: "bad-currency.com", currency: "CHF" }),
      row({ url: "no-offers.com", sponsored_article_permanent: "", link_insertion_permanent: "" }),
      row({ url: "not a web address" }),
      row({ url: "bad-price.com", link_insertion_permanent: "about 150" }),
      row({ url: "bad-dofollow.com", dofollow: "maybe" }),
    );
    const { sites, refused } = parseCatalogueCsv(text);
    expect(sites.map((site) => site.domain)).toEqual(["first-site.com"]);
    expect(refused).toMatchObject([
      { line: 3, domain: "bad-dr.com", errors: ["dr: DR must be a whole number from 0 to 100"] },
      { line: 4, domain: "bad-currency.com", errors: ["currency: One of USD, EUR, GBP"] },
      { line: 5, domain: "no-offers.com", errors: [expect.stringMatching(/^sponsored_article_permanent, .*link_insertion_12_months: At least one link type/)] },
      { line: 6, domain: null, errors: ["url: A web address, e.g. https://example.com"] },
      { line: 7, domain: "bad-price.com", errors: [expect.stringMatching(/^link_insertion_permanent: A price such as 149/)] },
      { line: 8, domain: "bad-dofollow.com", errors: ["dofollow: true or false"] },
    ]);
    // The same, coded by column, for a screen to say in its own language.
    expect(refused.map((entry) => entry.issues)).toEqual([
      [{ column: "dr", code: "too_big" }],
      [{ column: "currency", code: "invalid_value" }],
      [{ column: expect.stringContaining("link_insertion_permanent"), code: "invalid_value" }],
      [{ column: "url", code: "invalid_format" }],
      [{ column: "link_insertion_permanent", code: "price_format" }],
      [{ column: "dofollow", code: "invalid_type" }],
    ]);
  });

  it("reads dofollow words in any case and traffic with thousands separators", () => {
    const words = { TRUE: true, Yes: true, "1": true, False: false, no: false, "0": false };
    const rows = Object.keys(words).map((word, i) => row({ url: `site-${i}.com`, dofollow: word, traffic: '"1,234,567"' }));
    const { sites, refused } = parseCatalogueCsv(file(...rows));
    expect(refused).toMatchObject([]);
    expect(sites.map((site) => site.dofollow)).toEqual(Object.values(words));
    expect(sites.every((site) => site.traffic === 1_234_567)).toBe(true);
  });

  it("refuses the later of two rows for the same domain, whatever its spelling", () => {
    const { sites, refused } = parseCatalogueCsv(file(row({ url: "https://example-garden.com" }), row({ url: "other-site.com" }), row({ url: "http://WWW.Example-Garden.com/" })));
    expect(sites.map((site) => site.domain)).toEqual(["example-garden.com", "other-site.com"]);
    expect(refused).toMatchObject([{ line: 4, domain: "example-garden.com", errors: ["Domain example-garden.com already appears on line 2"] }]);
  });

  it("refuses a row with the wrong number of fields", () => {
    const { sites, refused } = parseCatalogueCsv(file(`${row()},extra`, "just,three,fields"));
    expect(sites).toEqual([]);
    expect(refused).toMatchObject([
      { line: 2, domain: null, errors: ["Expected 15 fields, found 16"] },
      { line: 3, domain: null, errors: ["Expected 15 fields, found 3"] },
    ]);
  });

  it("refuses a row whose quoted field is never closed", () => {
    const { refused } = parseCatalogueCsv(file(row(), row({ url: '"other-site.com' })));
    expect(refused).toMatchObject([{ line: 3, domain: null, errors: ["A quoted field opened on this line is never closed"] }]);
  });

  it("throws CsvHeaderError naming missing, unknown and repeated columns", () => {
    const header = [...CATALOGUE_CSV_COLUMNS.filter((column) => column !== "da" && column !== "traffic"), "price", "dr"].join(",");
    const read = () => parseCatalogueCsv(`${header}\n`);
    expect(read).toThrow(CsvHeaderError);
    expect(read).toThrow("Missing columns: da, traffic. Unknown column: price. Repeated column: dr.");
    expect(() => parseCatalogueCsv("")).toThrow(CsvHeaderError);
    expect(() => parseCatalogueCsv(`${HEADER},\n`)).toThrow("Unknown column: an unnamed column (number 16).");
  });

  it("converts decimal prices exactly, without float drift", () => {
    expect(majorUnitsToCents("149")).toBe(14_900);
    expect(majorUnitsToCents("149.00")).toBe(14_900);
    expect(majorUnitsToCents("149.5")).toBe(14_950);
    expect(majorUnitsToCents("4.35")).toBe(435); // 4.35 * 100 is 434.99999999999994
    expect(majorUnitsToCents("1.15")).toBe(115);
    expect(majorUnitsToCents("0.1")).toBe(10);
    for (const typo of ["", "1.234", "-5", "1e3", "12,5", ".5", "€149"]) expect(majorUnitsToCents(typo), typo).toBeNull();
    const { sites } = parseCatalogueCsv(file(row({ sponsored_article_permanent: "4.35", link_insertion_permanent: "1.15" })));
    expect(sites[0].offers).toEqual({ sponsored_article_permanent: 435, link_insertion_permanent: 115 });
  });

  it("accepts MAX_CSV_ROWS rows and throws past them", () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => row({ url: `site-${i}.com` }));
    expect(parseCatalogueCsv(file(...rows(MAX_CSV_ROWS))).sites).toHaveLength(MAX_CSV_ROWS);
    expect(() => parseCatalogueCsv(file(...rows(MAX_CSV_ROWS + 1)))).toThrow(new CsvHeaderError("At most 10,000 rows per file"));
  });
});
