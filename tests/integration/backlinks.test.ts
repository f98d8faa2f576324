import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answerCitations, backlinkOffers, backlinkSites } from "../../server/db/schema";
import { json, refusal, useApi, withEnv } from "../helpers/api";
import { RIVALS } from "../helpers/profiles";
import { type SiteBody, siteBody } from "../helpers/backlinks";

/**
 * Issue 15, the marketplace's API on both databases: the catalogue's filters, sorts and pages, the
 * AI citations of each domain, the cart of seed 001 (server-side prices, 409, price changes,
 * totals per currency), checkout to paid orders, the team's statuses and the CSV import; who may
 * see and change what, and bad input (never a 500).
 */
// Jobs run here: one test reads the citations of a real (demo) analysis.
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
const api = useApi({ jobs: "work" });

/** A run's own domains: the catalogue is shared with the demo seed and other files. */
const run = randomBytes(4).toString("hex");
const domainOf = (name: string) => `${name}-${run}.com`;
const site = (name: string, extra: Partial<SiteBody> = {}) => siteBody(domainOf(name), extra);

async function adminToken() {
  return (await api.signInAdmin()).access_token;
}

async function addSites(token: string, sites: SiteBody[]) {
  const admin = api.client("backlinks", { token });
  const added = [];
  for (const body of sites) added.push(await json(await admin.admin.sites.$post({ json: body }), 201));
  return added;
}

const list = async (token: string, query: Record<string, string>) =>
  json(await api.client("backlinks", { token }).sites.$get({ query: { q: run, per_page: "100", ...query } }), 200);
const domains = (page: { sites: Array<{ domain: string }> }) => page.sites.map((entry) => entry.domain);

describe("the catalogue", () => {
  test("filters, sorts and pages; a retired site leaves the listing", async () => {
    const admin = await adminToken();
    const [alpha, beta, gamma, delta] = await addSites(admin, [
      site("alpha", { dr: 80, da: 70, traffic: 900_000, category: "finance", language: "fr", country: "FR", currency: "EUR", offers: { sponsored_article_permanent: 45_000 } }),
      site("beta", { dr: 30, da: 25, traffic: 2_000, offers: { link_insertion_12_months: 5_000 } }),
      site("gamma", { dr: 60, da: 90, traffic: 50_000, currency: "GBP", country: "GB", offers: { link_insertion_permanent: 15_000, sponsored_article_12_months: 12_000 } }),
      site("delta", { dr: 10, da: 15, traffic: 300, category: "travel" }),
    ]);
    const user = (await api.signIn()).access_token;

    expect(domains(await list(user, {}))).toEqual([alpha, gamma, beta, delta].map((entry) => entry.domain));
    expect(domains(await list(user, { sort: "price_asc" }))).toEqual([beta, delta, gamma, alpha].map((entry) => entry.domain));
    expect(domains(await list(user, { sort: "price_desc" }))[0]).toBe(alpha.domain);
    expect(domains(await list(user, { sort: "da_desc" }))[0]).toBe(gamma.domain);
    expect(domains(await list(user, { sort: "traffic_desc" }))).toEqual([alpha, gamma, beta, delta].map((entry) => entry.domain));
    expect(domains(await list(user, { category: "travel" }))).toEqual([delta.domain]);
    expect(domains(await list(user, { dr_min: "30", dr_max: "60" }))).toEqual([gamma.domain, beta.domain]);
    expect(domains(await list(user, { da_min: "80" }))).toEqual([gamma.domain]);
    expect(domains(await list(user, { traffic_min: "50000" }))).toEqual([alpha.domain, gamma.domain]);
    expect(domains(await list(user, { currency: "GBP" }))).toEqual([gamma.domain]);
    expect(domains(await list(user, { language: "fr" }))).toEqual([alpha.domain]);
    expect(domains(await list(user, { country: "gb" }))).toEqual([gamma.domain]);
    // A site's price is its cheapest offer (gamma: 120.00 for a 12-month article).
    expect(domains(await list(user, { price_min: "10000", price_max: "15000" }))).toEqual([gamma.domain, delta.domain]);
    // With a link type, its price is the one shown, filtered and sorted.
    const twelveMonths = await list(user, { link_type: "sponsored_article_12_months" });
    expect(twelveMonths.sites.map((entry) => [entry.domain, entry.price])).toEqual([[gamma.domain, 12_000]]);
    expect(domains(await list(user, { q: `alpha-${run}` }))).toEqual([alpha.domain]);
    // Pages: two per page, the total stays.
    const first = await list(user, { per_page: "2", page: "1" });
    const second = await list(user, { per_page: "2", page: "2" });
    expect({ total: first.total, pages: first.pages }).toEqual({ total: 4, pages: 2 });
    expect([...domains(first), ...domains(second)]).toEqual([alpha, gamma, beta, delta].map((entry) => entry.domain));
    // A search's letters are not patterns.
    expect((await list(user, { q: `${run}%` })).total).toBe(0);

    const detail = await json(await api.client("backlinks", { token: user }).sites[":id"].$get({ param: { id: gamma.id } }), 200);
    expect(detail.offers).toEqual([
      { link_type: "sponsored_article_12_months", price: 12_000 },
      { link_type: "link_insertion_permanent", price: 15_000 },
    ]);

    await json(await api.client("backlinks", { token: admin }).admin.sites[":id"].retire.$post({ param: { id: delta.id }, json: { retired: true } }), 200);
    expect(domains(await list(user, {}))).not.toContain(delta.domain);
    refusal(await api.raw("GET", `/backlinks/sites/${delta.id}`, { token: user }), 404);
  });

  test("each site counts the AI citations of its domain in the caller's own analyses, and filters by them", async () => {
    const session = await api.signIn();
    const other = await api.signIn();
    await json(
      await api.client("seoProfile", { token: session.access_token }).index.$patch({ json: { BrandName: "Acme Analytics", MarketLanguage: "en", Keywords: ["web analytics"], Competitors: RIVALS } }),
      200,
    );
    const created = await json(await api.client("analyses", { token: session.access_token }).index.$post({ json: {} }), 201);
    await api.settledAnalysis(session.access_token, created.id);
    const db = await api.db();
    const cited = await db.select({ domain: answerCitations.domain }).from(answerCitations).where(eq(answerCitations.userId, session.user.id));
    const counts = new Map<string, number>();
    for (const row of cited) if (row.domain) counts.set(row.domain, (counts.get(row.domain) ?? 0) + 1);
    const [[domain, times]] = [...counts].sort((a, b) => b[1] - a[1]);
    // The cited domain as a catalogue site (upserted: another file may have made it), and one nobody cited.
    const admin = await adminToken();
    const [citedSite, uncited] = await addSites(admin, [site("cited", { url: `https://blog.${domain}` }), site("uncited")]);

    const mine = await list(session.access_token, { q: "", cited: "1", per_page: "100" });
    const found = mine.sites.find((entry) => entry.id === citedSite.id);
    expect(found?.ai_citations).toBe(times);
    expect(mine.sites.every((entry) => entry.ai_citations > 0)).toBe(true);
    expect(mine.sites.map((entry) => entry.id)).not.toContain(uncited.id);
    // Another user's analyses are not mine.
    const theirs = await list(other.access_token, { q: "", cited: "1" });
    expect(theirs.total).toBe(0);
  });

  test("bad filters are refused with what is wrong, never a 500", async () => {
    const user = (await api.signIn()).access_token;
    for (const [query, field] of [
      ["dr_min=101", "dr_min"],
      ["dr_min=abc", "dr_min"],
      ["sort=cheapest", "sort"],
      ["currency=BTC", "currency"],
      ["per_page=1000", "per_page"],
      ["page=0", "page"],
      ["country=France", "country"],
      ["link_type=forever", "link_type"],
    ] as const) {
      const body = refusal(await api.raw("GET", `/backlinks/sites?${query}`, { token: user }), 400, query);
      expect(Object.keys(body.errors ?? {}), query).toContain(field);
    }
    refusal(await api.raw("GET", "/backlinks/sites/not-a-uuid", { token: user }), 400);
    refusal(await api.raw("GET", `/backlinks/sites/${crypto.randomUUID()}`, { token: user }), 404);
    refusal(await api.raw("GET", "/backlinks/sites"), 401);
  });
});

describe("the cart", () => {
  test("server-side prices, 409 on a second add, types, totals per currency, removal and clearing", async () => {
    const admin = await adminToken();
    const [usd, eur] = await addSites(admin, [site("cart-usd"), site("cart-eur", { currency: "EUR", country: "FR", language: "fr" })]);
    const token = (await api.signIn()).access_token;
    const cart = api.client("cart", { token });

    // The client's price and site data are ignored: the catalogue decides.
    const added = await json(
      await cart.items.$post({ json: { page_id: usd.id, search_id: "q=marketing", domain_id: usd.domain, site_data: { price: 1 }, price: 1, currency: "EUR", permanent_link_type: "link_insertion_permanent" } }),
      201,
    );
    expect(added).toMatchObject({ price_at_add: 10_000, currency: "USD", is_configured: false, domain_id: usd.domain, search_id: "q=marketing", price_changed: false });
    expect(added.site_data).toMatchObject({ domain: usd.domain, price: 10_000, currency: "USD" });

    const again = refusal(await api.raw("POST", "/cart/items", { token, body: { page_id: usd.id, permanent_link_type: "link_insertion_permanent" } }), 409);
    expect(again).toMatchObject({ code: "already_in_cart", domain: usd.domain });
    await json(await cart.items.$post({ json: { page_id: usd.id, permanent_link_type: "sponsored_article_permanent" } }), 201);
    await json(await cart.items.$post({ json: { page_id: eur.id, permanent_link_type: "link_insertion_permanent" } }), 201);
    const unsold = refusal(await api.raw("POST", "/cart/items", { token, body: { page_id: usd.id, permanent_link_type: "link_insertion_12_months" } }), 409);
    expect(unsold).toMatchObject({ code: "link_type_unavailable", domain: usd.domain });

    const full = await json(await cart.items.$get({ query: {} }), 200);
    expect(full).toMatchObject({
      total_items: 3,
      currency: "USD",
      total_price: 30_000,
      has_multiple_currencies: true,
      totals: [
        { currency: "EUR", total: 10_000 },
        { currency: "USD", total: 30_000 },
      ],
      items_by_type: { link_insertion_permanent: 2, sponsored_article_permanent: 1, sponsored_article_12_months: 0, link_insertion_12_months: 0 },
    });
    const onlyInsertions = await json(await cart.items.$get({ query: { type: "link_insertion_permanent" } }), 200);
    expect(onlyInsertions.items.map((item) => item.permanent_link_type)).toEqual(["link_insertion_permanent", "link_insertion_permanent"]);

    await json(await cart.items[":id"].$delete({ param: { id: added.id } }), 200);
    refusal(await api.raw("DELETE", `/cart/items/${added.id}`, { token }), 404);
    expect((await json(await cart.items.$get({ query: {} }), 200)).total_items).toBe(2);
    expect(await json(await cart.items.$delete(), 200)).toEqual({ deleted: 2 });
    expect(await json(await cart.items.$get({ query: {} }), 200)).toMatchObject({ items: [], total_items: 0, total_price: 0, currency: "USD", has_multiple_currencies: false });
  });

  test("a catalogue price change shows on the line; only the catalogue's new price is accepted", async () => {
    const admin = await adminToken();
    const [changing] = await addSites(admin, [site("changing")]);
    const token = (await api.signIn()).access_token;
    const cart = api.client("cart", { token });
    const item = await json(await cart.items.$post({ json: { page_id: changing.id, permanent_link_type: "link_insertion_permanent" } }), 201);

    await json(
      await api.client("backlinks", { token: admin }).admin.sites[":id"].$put({ param: { id: changing.id }, json: site("changing", { offers: { link_insertion_permanent: 12_500, sponsored_article_permanent: 20_000 } }) }),
      200,
    );
    const [line] = (await json(await cart.items.$get({ query: {} }), 200)).items;
    expect(line).toMatchObject({ price_at_add: 10_000, current_price: 12_500, price_changed: true });
    const checkout = refusal(await api.raw("POST", "/backlinks/checkout", { token }), 409);
    expect(checkout).toMatchObject({ code: "price_changed", domain: changing.domain });

    const wrong = refusal(await api.raw("PUT", `/cart/items/${item.id}/price`, { token, body: { price: 10_000, currency: "USD" } }), 409);
    expect(wrong).toMatchObject({ code: "price_mismatch", current_price: 12_500, currency: "USD" });
    refusal(await api.raw("PUT", `/cart/items/${item.id}/price`, { token, body: { price: 12_500, currency: "EUR" } }), 409);
    const accepted = await json(await cart.items[":id"].price.$put({ param: { id: item.id }, json: { price: 12_500, currency: "USD" } }), 200);
    expect(accepted).toMatchObject({ price_at_add: 12_500, price_changed: false });

    // Retired: the line says so, and the site cannot be added again.
    await json(await api.client("backlinks", { token: admin }).admin.sites[":id"].retire.$post({ param: { id: changing.id }, json: { retired: true } }), 200);
    expect((await json(await cart.items.$get({ query: {} }), 200)).items[0]).toMatchObject({ available: false });
    const retired = refusal(await api.raw("POST", "/cart/items", { token, body: { page_id: changing.id, permanent_link_type: "sponsored_article_permanent" } }), 409);
    expect(retired).toMatchObject({ code: "site_retired", domain: changing.domain });
  });

  test("a line is configured with a page of the user's own site and an anchor", async () => {
    const admin = await adminToken();
    const [target] = await addSites(admin, [site("configure")]);
    const session = await api.signIn();
    const token = session.access_token;
    await json(await api.client("user", { token }).profile.$patch({ json: { website_url: "acme-example.com" } }), 200);
    const cart = api.client("cart", { token });
    const item = await json(await cart.items.$post({ json: { page_id: target.id, permanent_link_type: "link_insertion_permanent" } }), 201);

    const elsewhere = refusal(await api.raw("PUT", `/cart/items/${item.id}`, { token, body: { target_url: "https://other.example/page", anchor_text: "Acme" } }), 400);
    expect(elsewhere.errors?.target_url?.[0].code).toBe("target_not_own_site");
    for (const body of [{ target_url: "", anchor_text: "Acme" }, { target_url: "https://acme-example.com", anchor_text: "" }, { target_url: "https://acme-example.com", anchor_text: "x".repeat(101) }, { target_url: "not a url", anchor_text: "Acme" }, {}]) {
      refusal(await api.raw("PUT", `/cart/items/${item.id}`, { token, body }), 400, JSON.stringify(body));
    }
    const configured = await json(await cart.items[":id"].$put({ param: { id: item.id }, json: { target_url: "http://blog.acme-example.com/analytics", anchor_text: " web analytics " } }), 200);
    expect(configured).toMatchObject({ is_configured: true, target_url: "https://blog.acme-example.com/analytics", anchor_text: "web analytics" });
  });

  test("no user can see or change another's lines; bad input is refused", async () => {
    const admin = await adminToken();
    const [shared] = await addSites(admin, [site("isolation")]);
    const owner = (await api.signIn()).access_token;
    const intruder = (await api.signIn()).access_token;
    const item = await json(await api.client("cart", { token: owner }).items.$post({ json: { page_id: shared.id, permanent_link_type: "link_insertion_permanent" } }), 201);

    refusal(await api.raw("DELETE", `/cart/items/${item.id}`, { token: intruder }), 404);
    refusal(await api.raw("PUT", `/cart/items/${item.id}`, { token: intruder, body: { target_url: "https://x.example", anchor_text: "x" } }), 404);
    refusal(await api.raw("PUT", `/cart/items/${item.id}/price`, { token: intruder, body: { price: 10_000, currency: "USD" } }), 404);
    expect(await json(await api.client("cart", { token: intruder }).items.$delete(), 200)).toEqual({ deleted: 0 });
    expect((await json(await api.client("cart", { token: intruder }).items.$get({ query: {} }), 200)).total_items).toBe(0);
    expect((await json(await api.client("cart", { token: owner }).items.$get({ query: {} }), 200)).total_items).toBe(1);
    // The same site in two carts: each user has their own line.
    await json(await api.client("cart", { token: intruder }).items.$post({ json: { page_id: shared.id, permanent_link_type: "link_insertion_permanent" } }), 201);

    for (const body of [{}, { page_id: "nope", permanent_link_type: "link_insertion_permanent" }, { page_id: shared.id }, { page_id: shared.id, permanent_link_type: "forever" }, "not json", []]) {
      refusal(await api.raw("POST", "/cart/items", { token: owner, body }), 400, JSON.stringify(body));
    }
    refusal(await api.raw("POST", "/cart/items", { token: owner, body: { page_id: crypto.randomUUID(), permanent_link_type: "link_insertion_permanent" } }), 404);
    refusal(await api.raw("POST", "/cart/items", { token: owner, body: { page_id: shared.id, domain_id: "other.example", permanent_link_type: "sponsored_article_permanent" } }), 400);
    refusal(await api.raw("DELETE", "/cart/items/not-an-id", { token: owner }), 400);
    refusal(await api.raw("PUT", `/cart/items/${item.id}/price`, { token: owner, body: { price: -1, currency: "USD" } }), 400);
    refusal(await api.raw("GET", "/cart/items?type=forever", { token: owner }), 400);
  });
});

describe("orders", () => {
  test("checkout per currency, paid in test mode: items paid, the cart emptied, a mail; the team publishes and the buyer is told", async () => {
    const admin = await adminToken();
    const [one, two] = await addSites(admin, [site("order-one"), site("order-two", { currency: "EUR", country: "FR", language: "fr" })]);
    const session = await api.signIn();
    const token = session.access_token;
    const cart = api.client("cart", { token });
    const market = api.client("backlinks", { token });

    expect(refusal(await api.raw("POST", "/backlinks/checkout", { token }), 409).code).toBe("cart_empty");
    const first = await json(await cart.items.$post({ json: { page_id: one.id, permanent_link_type: "sponsored_article_permanent" } }), 201);
    const second = await json(await cart.items.$post({ json: { page_id: two.id, permanent_link_type: "link_insertion_permanent" } }), 201);
    expect(refusal(await api.raw("POST", "/backlinks/checkout", { token }), 409)).toMatchObject({ code: "cart_not_configured", domain: one.domain });
    for (const item of [first, second]) {
      await json(await cart.items[":id"].$put({ param: { id: item.id }, json: { target_url: "https://acme-shop.example/guide", anchor_text: "Acme guide" } }), 200);
    }

    const { orders } = await json(await market.checkout.$post(), 201);
    expect(orders.map((order) => [order.currency, order.total, order.status, order.items.length])).toEqual([
      ["USD", 20_000, "pending_payment", 1],
      ["EUR", 10_000, "pending_payment", 1],
    ]);
    expect(orders[0].checkout_url).toMatch(new RegExp(`/backlinks/checkout/${orders[0].id}$`));

    // Leaving one checkout keeps the cart as it was.
    await json(await market.orders[":id"].abandon.$post({ param: { id: orders[1].id } }), 200);
    expect((await json(await cart.items.$get({ query: {} }), 200)).total_items).toBe(2);
    // Another user cannot pay or read it.
    const intruder = (await api.signIn()).access_token;
    refusal(await api.raw("POST", `/backlinks/orders/${orders[0].id}/pay`, { token: intruder }), 404);
    refusal(await api.raw("GET", `/backlinks/orders/${orders[0].id}`, { token: intruder }), 404);
    refusal(await api.raw("GET", `/backlinks/orders/${crypto.randomUUID()}`, { token }), 404);

    const paid = await json(await market.orders[":id"].pay.$post({ param: { id: orders[0].id } }), 200);
    expect(paid).toMatchObject({ status: "paid", items: [{ status: "paid", domain: one.domain, target_url: "https://acme-shop.example/guide" }] });
    refusal(await api.raw("POST", `/backlinks/orders/${orders[0].id}/pay`, { token }), 409);
    const left = await json(await cart.items.$get({ query: {} }), 200);
    expect(left.items.map((item) => item.domain_id)).toEqual([two.domain]);
    const mails = await api.mailsTo(session.user.email);
    expect(mails.at(-1)?.subject).toBe("Your backlinks order is paid");
    expect(mails.at(-1)?.text).toContain(one.domain);

    const mine = await json(await market.orders.$get(), 200);
    expect(mine.orders.map((order) => order.id)).toEqual([orders[0].id]);

    // The team: only admins, and only the moves the status allows.
    refusal(await api.raw("GET", "/backlinks/admin/order-items", { token }), 403);
    const team = api.client("backlinks", { token: admin });
    const queue = await json(await team.admin["order-items"].$get({ query: { status: "paid" } }), 200);
    const item = queue.items.find((entry) => entry.order_id === orders[0].id)!;
    expect(item).toMatchObject({ buyer_email: session.user.email, next_statuses: ["in_progress", "rejected", "refunded"] });
    expect(refusal(await api.raw("PUT", `/backlinks/admin/order-items/${item.id}/status`, { token: admin, body: { status: "published", published_url: "https://x.example" } }), 409).code).toBe(
      "status_transition",
    );
    await json(await team.admin["order-items"][":id"].status.$put({ param: { id: item.id }, json: { status: "in_progress" } }), 200);
    expect(refusal(await api.raw("PUT", `/backlinks/admin/order-items/${item.id}/status`, { token: admin, body: { status: "published" } }), 400).code).toBe("published_url_required");
    const published = await json(
      await team.admin["order-items"][":id"].status.$put({ param: { id: item.id }, json: { status: "published", published_url: `www.${one.domain}/acme-guide` } }),
      200,
    );
    expect(published).toMatchObject({ status: "published", published_url: `https://www.${one.domain}/acme-guide` });
    const after = await json(await market.orders[":id"].$get({ param: { id: orders[0].id } }), 200);
    expect(after.items[0]).toMatchObject({ status: "published", published_url: `https://www.${one.domain}/acme-guide` });
    expect((await api.mailsTo(session.user.email)).at(-1)?.subject).toBe(`Your link on ${one.domain} is live`);
    refusal(await api.raw("PUT", `/backlinks/admin/order-items/${crypto.randomUUID()}/status`, { token: admin, body: { status: "in_progress" } }), 404);
  });
});

describe("the catalogue's administration", () => {
  test("CSV import adds and updates by domain and reports each refused row; export round-trips", async () => {
    const admin = await adminToken();
    const team = api.client("backlinks", { token: admin });
    const header =
      "url,dr,da,traffic,currency,category,language,country,dofollow,turnaround_days,sample_url,sponsored_article_permanent,sponsored_article_12_months,link_insertion_permanent,link_insertion_12_months";
    const csv = [
      header,
      `https://${domainOf("csv-one")},40,35,"12,000",USD,business,en,US,yes,7,,250,,120,`,
      `https://${domainOf("csv-two")},101,35,500,USD,business,en,US,yes,7,,250,,,`,
      `https://${domainOf("csv-three")},40,35,500,BTC,business,en,US,yes,7,,250,,,`,
    ].join("\n");
    const report = await json(await team.admin.sites.import.$post({ json: { csv } }), 200);
    expect(report.added).toBe(1);
    expect(report.refused.map((row) => [row.line, row.domain])).toEqual([
      [3, domainOf("csv-two")],
      [4, domainOf("csv-three")],
    ]);
    expect(report.refused[0].errors.join(" ")).toMatch(/^dr: /);
    // The same domain again: updated, not doubled.
    const again = await json(await team.admin.sites.import.$post({ json: { csv: [header, `https://${domainOf("csv-one")},41,35,12000,USD,business,en,US,yes,7,,260,,120,`].join("\n") } }), 200);
    expect(again).toMatchObject({ added: 0, updated: 1, refused: [] });
    const db = await api.db();
    const [row] = await db.select().from(backlinkSites).where(eq(backlinkSites.domain, domainOf("csv-one")));
    expect({ dr: row.dr, price: row.price, traffic: row.traffic }).toEqual({ dr: 41, price: 12_000, traffic: 12_000 });
    expect((await db.select().from(backlinkOffers).where(eq(backlinkOffers.siteId, row.id))).map((offer) => offer.price).sort()).toEqual([12_000, 26_000]);

    expect(refusal(await api.raw("POST", "/backlinks/admin/sites/import", { token: admin, body: { csv: "domain,price\nx.com,1" } }), 400).code).toBe("csv_header");
    const exported = await json(await team.admin.sites.export.$get(), 200);
    expect(exported.csv.split(/\r?\n/)[0]).toBe(header);
    expect(exported.csv).toContain(domainOf("csv-one"));

    const user = (await api.signIn()).access_token;
    refusal(await api.raw("POST", "/backlinks/admin/sites/import", { token: user, body: { csv } }), 403);
    refusal(await api.raw("POST", "/backlinks/admin/sites", { token: user, body: site("nope") }), 403);
    // A bad site body names its fields.
    const bad = refusal(await api.raw("POST", "/backlinks/admin/sites", { token: admin, body: { ...site("bad"), dr: 120, offers: {}, currency: "BTC" } }), 400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(["currency", "dr", "offers"]);
  });
});
