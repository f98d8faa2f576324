import { describe, expect, test } from "vitest";
import { NOTHING_PENDING } from "~/components/backlinks/pending-cart";
import type { Cart, CartItem } from "./api-types";
import {
  CATALOGUE_PAGE_SIZE,
  cartOf,
  catalogueApiQuery,
  catalogueSearch,
  checkoutBlockers,
  formatMoney,
  isFiltered,
  majorText,
  parseCatalogueQuery,
  parseMajor,
  tempItemId,
  withPending,
} from "./backlinks";

describe("money", () => {
  test("minor units as the reader reads them, without decimals unless there are cents", () => {
    expect(formatMoney(12900, "USD", "en")).toBe("$129");
    expect(formatMoney(12950, "USD", "en")).toBe("$129.50");
    expect(formatMoney(12900, "EUR", "fr")).toBe("129\u00a0€");
    expect(formatMoney(123400, "GBP", "en")).toBe("£1,234");
    expect(formatMoney(0, "USD", "en")).toBe("$0");
  });

  test("a typed price in major units becomes cents", () => {
    expect(parseMajor("149")).toBe(14900);
    expect(parseMajor(" 149.5 ")).toBe(14950);
    expect(parseMajor("149,50")).toBe(14950);
    expect(parseMajor("1 234,50")).toBe(123450);
    expect(parseMajor("1,234.50")).toBe(123450);
    expect(parseMajor("0")).toBe(0);
    for (const refused of ["", "-5", "1.234", "abc", "1e3", "12.3.4", "1,2,3"]) expect(parseMajor(refused), refused).toBeNull();
  });

  test("cents back into a form's major units", () => {
    expect(majorText(14900)).toBe("149");
    expect(majorText(14950)).toBe("149.50");
    expect(majorText(null)).toBe("");
  });
});

describe("catalogue filters", () => {
  test("reads what it can, leaves out and names what it cannot", () => {
    const query = parseCatalogueQuery(
      new URLSearchParams("q=%20news%00&category=finance&language=xx&country=fr&dr_min=20&dr_max=101&da_min=-1&traffic_min=10%2C000&price_min=99,5&price_max=abc&cited=1&sort=price_asc&page=2"),
    );
    expect(query.values).toMatchObject({ q: "news", category: "finance", language: "", country: "FR", dr_min: "20", dr_max: "", da_min: "", traffic_min: "10000", price_min: "99,5", price_max: "" });
    expect(query.ignored.sort()).toEqual(["da_min", "dr_max", "language", "price_max"]);
    expect(query).toMatchObject({ cited: true, sort: "price_asc", page: 2 });
  });

  test("hostile or absent values fall back to the defaults", () => {
    const query = parseCatalogueQuery(new URLSearchParams("page=-1&sort=random&category=%00"));
    expect(query).toMatchObject({ page: 1, sort: "dr_desc", cited: false });
    expect(isFiltered(query)).toBe(false);
    expect(catalogueSearch(query)).toBe("");
  });

  test("the API's query: prices in cents, the page size of the screen", () => {
    const query = parseCatalogueQuery(new URLSearchParams("price_min=99,5&price_max=200&cited=on&link_type=link_insertion_permanent"));
    expect(catalogueApiQuery(query)).toEqual({
      price_min: "9950",
      price_max: "20000",
      link_type: "link_insertion_permanent",
      cited: "1",
      sort: "dr_desc",
      page: "1",
      per_page: String(CATALOGUE_PAGE_SIZE),
    });
  });

  test("the screen's own links keep the filters and change the page", () => {
    const query = parseCatalogueQuery(new URLSearchParams("q=tech&sort=traffic_desc&page=3&dr_min="));
    expect(catalogueSearch(query, { page: 4 })).toBe("?q=tech&sort=traffic_desc&page=4");
    expect(catalogueSearch(query, { page: 1 })).toBe("?q=tech&sort=traffic_desc");
    expect(isFiltered(query)).toBe(true);
  });
});

const line = (id: string, overrides: Partial<CartItem> = {}): CartItem => ({
  id,
  page_id: `site-${id}`,
  search_id: null,
  domain_id: `${id}.example`,
  site_data: {},
  price_at_add: 10000,
  currency: "USD",
  permanent_link_type: "link_insertion_permanent",
  is_configured: true,
  target_url: "https://acme.example/",
  anchor_text: "Acme",
  added_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  current_price: overrides.price_at_add ?? 10000,
  price_changed: false,
  available: true,
  ...overrides,
});

describe("the cart with the changes under way", () => {
  const cart: Cart = cartOf([
    line("a", { price_at_add: 12900 }),
    line("b", { price_at_add: 20000, permanent_link_type: "sponsored_article_permanent" }),
    line("c", { price_at_add: 15000, currency: "EUR" }),
  ]);

  test("the figures as the server gives them: one total per currency, USD first when there", () => {
    expect(cart).toMatchObject({ total_items: 3, total_price: 32900, currency: "USD", has_multiple_currencies: true });
    expect(cart.totals).toEqual([
      { currency: "EUR", total: 15000 },
      { currency: "USD", total: 32900 },
    ]);
    expect(cart.items_by_type).toMatchObject({ link_insertion_permanent: 2, sponsored_article_permanent: 1, sponsored_article_12_months: 0 });
  });

  test("nothing pending: the same cart", () => {
    expect(withPending(cart, NOTHING_PENDING)).toBe(cart);
  });

  test("removing takes its price_at_add off the total and one off its link type's count", () => {
    const after = withPending(cart, { ...NOTHING_PENDING, removing: ["a"] });
    expect(after.items.map((item) => item.id)).toEqual(["b", "c"]);
    expect(after).toMatchObject({ total_items: 2, total_price: 20000, has_multiple_currencies: true });
    expect(after.items_by_type.link_insertion_permanent).toBe(1);
    const onlyEuros = withPending(cart, { ...NOTHING_PENDING, removing: ["a", "b"] });
    expect(onlyEuros).toMatchObject({ currency: "EUR", total_price: 15000, has_multiple_currencies: false });
  });

  test("clearing: an empty cart at 0 in USD", () => {
    const euros = cartOf([line("c", { currency: "EUR" })]);
    expect(withPending(euros, { ...NOTHING_PENDING, clearing: true })).toMatchObject({ items: [], total_items: 0, total_price: 0, currency: "USD", totals: [], has_multiple_currencies: false });
  });

  test("adding: a temp- line, not configured, at the catalogue's price; never the same site and type twice", () => {
    const add = { page_id: "site-new", domain: "new.example", permanent_link_type: "sponsored_article_12_months" as const, price: 9900, currency: "USD" as const };
    const after = withPending(cart, { ...NOTHING_PENDING, adding: [add] }, "2026-02-01T00:00:00.000Z");
    const added = after.items.at(-1)!;
    expect(added.id).toBe(tempItemId(add));
    expect(added.id.startsWith("temp-")).toBe(true);
    expect(added).toMatchObject({ is_configured: false, price_at_add: 9900, domain_id: "new.example", added_at: "2026-02-01T00:00:00.000Z" });
    expect(after).toMatchObject({ total_items: 4, total_price: 42800 });
    const twice = withPending(cart, { ...NOTHING_PENDING, adding: [{ ...add, page_id: "site-a", permanent_link_type: "link_insertion_permanent" }] });
    expect(twice.total_items).toBe(3);
  });
});

describe("what holds the checkout back", () => {
  test("each reason once, none for a ready cart", () => {
    expect(checkoutBlockers(cartOf([]))).toEqual(["empty"]);
    expect(checkoutBlockers(cartOf([line("a")]))).toEqual([]);
    expect(
      checkoutBlockers(cartOf([line("a", { is_configured: false }), line("b", { price_changed: true, current_price: 1 }), line("c", { available: false, current_price: null }), line("d", { is_configured: false })])),
    ).toEqual(["not_configured", "price_changed", "unavailable"]);
  });
});
