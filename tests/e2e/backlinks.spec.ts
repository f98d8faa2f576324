import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { apiAs } from "./support/api";
import { BACKLINKS_ADMIN_EMAILS, E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { expect, failedToLoad, test, toast } from "./support/fixtures";

/*
 * Issue 15, the backlinks marketplace's screens, with and without JavaScript (projects js and
 * no-js): a user filters the catalogue, adds two links from two sites (the same one twice is
 * refused with its domain), configures them in the cart, pays on the test-mode page and sees them
 * paid; an admin moves one to in progress, then published with its live page, which the buyer then
 * sees. Also: remove and clear with their totals, the team's CSV import, edit and retire, and the
 * screens in French. The catalogue is the demo one (60 invented sites, seeded at start-up).
 */

const adminEmail = (javaScriptEnabled: boolean, index: 0 | 1) => BACKLINKS_ADMIN_EMAILS[javaScriptEnabled ? "js" : "no-js"][index];

/** The toast with this text, on screen (a radix toast with JavaScript, a status box without). */
const toastWith = (page: Page, text: string | RegExp) => toast(page).filter({ hasText: text });

/** "€1,249" or "1 249 €" as a number of major units. */
const amountOf = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

const sidebarCount = (page: Page) => page.locator("aside#app-sidebar").getByTestId("cart-count");

/** Opens a site's page from its card on the catalogue page shown. */
async function openSite(page: Page, card: Locator) {
  const domain = await card.getAttribute("data-domain");
  await card.getByRole("link", { name: `See the offers of ${domain}` }).click();
  await expect(page.getByTestId("site-title")).toHaveText(domain!);
  return domain!;
}

async function addOffer(page: Page, offer: Locator, domain: string) {
  const type = await offer.getAttribute("data-link-type");
  const price = amountOf(await offer.getByTestId("offer-price").textContent());
  await offer.getByRole("button", { name: /^Add .* to the cart$/ }).click();
  await expect(toastWith(page, "Added to your cart")).toContainText(domain);
  await expect(offer.getByTestId("in-cart")).toBeVisible();
  return { type: type!, price };
}

async function configure(line: Locator, fields: { target: string; anchor: string }) {
  await line.getByLabel("Page to link to").fill(fields.target);
  await line.getByLabel("Anchor text").fill(fields.anchor);
  await line.getByRole("button", { name: "Save" }).click();
}

test.describe("backlinks marketplace", () => {
  test("filter, add two links (one twice: refused), configure, pay; the team publishes one; the buyer sees it live", async ({
    page,
    browser,
    email,
    signIn,
    ready,
    javaScriptEnabled,
    allowConsoleErrors,
  }) => {
    test.slow();
    const js = javaScriptEnabled !== false;
    // A refused form answers 400: the page itself without JavaScript, its data request with it.
    allowConsoleErrors(
      failedToLoad(400, "/backlinks/cart"),
      failedToLoad(400, "/backlinks/cart.data"),
      failedToLoad(400, "/admin/backlinks/orders?status=in_progress"),
      failedToLoad(400, "/admin/backlinks/orders.data?status=in_progress"),
    );
    await signIn(page, email, { redirectTo: "/backlinks" });
    await expect(page.getByRole("heading", { name: "Backlinks marketplace", level: 1 })).toBeVisible();
    await expect(page.getByTestId("catalogue-count")).toHaveText(/^\d+ sites$/);

    // A filter as a GET form: the URL holds it, every card is of that category, prices in euros.
    await page.getByLabel("Category").selectOption("technology");
    await page.locator("summary", { hasText: "More filters" }).click();
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByRole("button", { name: "Show sites" }).click();
    await expect(page).toHaveURL(/[?&]category=technology/);
    await expect(page).toHaveURL(/[?&]currency=EUR/);
    const cards = page.getByTestId("site-card");
    await expect(cards.first()).toBeVisible();
    // Retried: with JavaScript the new cards replace the old ones as the navigation settles.
    await expect(async () => {
      for (const category of await page.getByTestId("site-category").allTextContents()) expect(category).toBe("Technology");
      for (const price of await page.getByTestId("site-price").allTextContents()) expect(price).toMatch(/^€\d/);
    }).toPass();
    await expect(cards.first().getByTestId("site-domain")).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(cards.first().getByTestId("site-domain")).toHaveAttribute("target", "_blank");
    await expect(cards.first().getByTestId("site-traffic")).toHaveAttribute("title", /^[\d,]+ visits a month$/);
    await ready(page);

    // The first site: a tab opened before the add stays stale, and adding there again is refused.
    const firstDomain = await openSite(page, cards.first());
    await expect(page.getByRole("link", { name: "Back to the results" })).toHaveAttribute("href", /category=technology/);
    const stale = await page.context().newPage();
    await stale.goto(page.url());
    await ready(page);
    const first = await addOffer(page, page.getByTestId("offer").first(), firstDomain);
    await expect(sidebarCount(page)).toContainText("1");
    await ready(stale);
    const staleOffer = stale.locator(`[data-testid=offer][data-link-type="${first.type}"]`);
    await staleOffer.getByRole("button", { name: /^Add .* to the cart$/ }).click();
    await expect(toastWith(stale, "Already in your cart")).toContainText(firstDomain);
    await expect(staleOffer.getByTestId("in-cart")).toBeVisible();
    await stale.close();

    // The listing says which sites are in the cart.
    await page.getByRole("link", { name: "Back to the results" }).click();
    await expect(page.getByTestId("site-card").filter({ has: page.getByTestId("in-cart-badge") })).toHaveAttribute("data-domain", firstDomain);

    // A second site, and another link type.
    await page.goto("/backlinks?currency=EUR&sort=price_asc");
    const secondCard = page.getByTestId("site-card").filter({ hasNot: page.getByTestId("in-cart-badge") }).first();
    await ready(page);
    const secondDomain = await openSite(page, secondCard);
    const otherType = page.locator(`[data-testid=offer]:not([data-link-type="${first.type}"])`).first();
    const second = await addOffer(page, otherType, secondDomain);
    expect(second.type).not.toBe(first.type);
    await expect(sidebarCount(page)).toContainText("2");

    // The cart: two lines not configured yet, one total in euros, the checkout waiting for them.
    await page.getByRole("link", { name: /^Cart/ }).click();
    await expect(page).toHaveURL(/\/backlinks\/cart$/);
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(page.getByTestId("cart-total")).toHaveText(`€${(first.price + second.price).toLocaleString("en-US")}`);
    await expect(page.getByTestId("items-by-type").locator(`[data-link-type="${first.type}"]`)).toContainText("× 1");
    await expect(page.getByRole("button", { name: "Proceed to checkout" })).toBeDisabled();
    await expect(page.getByTestId("checkout-blockers")).toContainText("Set the page to link to and the anchor text of every line.");
    await ready(page);

    // A page that is not a web address is refused at its field, with what was typed kept.
    const firstLine = page.locator(`[data-testid=cart-line][data-domain="${firstDomain}"]`);
    await configure(firstLine, { target: "not a web page", anchor: "Acme analytics" });
    await expect(firstLine.getByText("Enter a web address such as example.com/page.")).toBeVisible();
    await expect(firstLine.getByLabel("Anchor text")).toHaveValue("Acme analytics");
    await ready(page);
    await configure(firstLine, { target: "http://acme.example/pricing", anchor: "Acme analytics" });
    await expect(toastWith(page, "Link details saved")).toBeVisible();
    await expect(firstLine).toHaveAttribute("data-configured", "true");
    await expect(firstLine.getByLabel("Page to link to")).toHaveValue("https://acme.example/pricing");
    await ready(page);
    await configure(page.locator(`[data-testid=cart-line][data-domain="${secondDomain}"]`), { target: "acme.example/blog", anchor: "web analytics" });
    await expect(page.locator(`[data-testid=cart-line][data-domain="${secondDomain}"]`)).toHaveAttribute("data-configured", "true");
    await expect(page.getByTestId("checkout-blockers")).toHaveCount(0);

    // One currency: straight to its payment, the test-mode page.
    await page.getByRole("button", { name: "Proceed to checkout" }).click();
    await expect(page).toHaveURL(/\/backlinks\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("note").first()).toContainText("Test mode: no real payment.");
    await expect(page.getByTestId("checkout-lines")).toContainText(firstDomain);
    await expect(page.getByTestId("checkout-total")).toHaveText(`€${(first.price + second.price).toLocaleString("en-US")}`);
    await ready(page);
    await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await expect(page).toHaveURL(/\/backlinks\/orders(#order-[0-9a-f-]{36})?$/);
    await expect(toastWith(page, "Payment received")).toBeVisible();
    const order = page.getByTestId("order").first();
    await expect(order.getByTestId("order-status")).toHaveText("Paid");
    await expect(order.getByTestId("order-item")).toHaveCount(2);
    for (const status of await order.getByTestId("item-status").allTextContents()) expect(status).toBe("Paid");
    await expect(order.locator(`[data-testid=order-item][data-domain="${firstDomain}"]`)).toContainText("https://acme.example/pricing");
    // Paid lines leave the cart.
    await expect(sidebarCount(page)).toHaveCount(0);
    await page.goto("/backlinks/cart");
    await expect(page.getByTestId("cart-empty")).toContainText("Your cart is empty");

    // The team: in progress, then published with its live page (required).
    const context = await browser.newContext({ javaScriptEnabled: js, baseURL: E2E_BASE_URL });
    const admin = await context.newPage();
    await signIn(admin, adminEmail(js, 0), { redirectTo: "/admin/backlinks/orders?status=paid" });
    const paidRow = admin.locator(`[data-testid=admin-item][data-domain="${firstDomain}"]`).filter({ hasText: email });
    await expect(paidRow).toHaveAttribute("data-status", "paid");
    await paidRow.getByLabel(`New status for ${firstDomain}`).selectOption("in_progress");
    await paidRow.getByRole("button", { name: "Update" }).click();
    await expect(toastWith(admin, "Status changed")).toBeVisible();
    await admin.goto("/admin/backlinks/orders?status=in_progress");
    await ready(admin);
    const startedRow = admin.locator(`[data-testid=admin-item][data-domain="${firstDomain}"]`).filter({ hasText: email });
    await expect(startedRow).toHaveAttribute("data-status", "in_progress");
    await startedRow.getByLabel(`New status for ${firstDomain}`).selectOption("published");
    await startedRow.getByRole("button", { name: "Update" }).click();
    await expect(startedRow.getByText("Enter the address of the live page to mark it published.")).toBeVisible();
    await ready(admin);
    await startedRow.getByLabel(`New status for ${firstDomain}`).selectOption("published");
    await startedRow.getByLabel(`Live page on ${firstDomain}`).fill(`https://${firstDomain}/acme-review`);
    await startedRow.getByRole("button", { name: "Update" }).click();
    await expect(toastWith(admin, "Status changed")).toContainText("Published");
    await context.close();

    // The buyer sees it live.
    await page.goto("/backlinks/orders");
    const published = page.locator(`[data-testid=order-item][data-domain="${firstDomain}"]`);
    await expect(published).toHaveAttribute("data-status", "published");
    await expect(published.getByTestId("item-status")).toHaveText("Published");
    await expect(published.getByTestId("published-url")).toHaveAttribute("href", `https://${firstDomain}/acme-review`);
    await expect(page.locator(`[data-testid=order-item][data-domain="${secondDomain}"]`).getByTestId("item-status")).toHaveText("Paid");
  });

  test("remove a line and clear the cart: the totals follow, then an empty cart at $0", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    // Two US-dollar lines added through the API: the cart screen is what is tested here.
    const send = await apiAs(email, { baseUrl: E2E_BASE_URL, dataDir: E2E_DATA_DIR });
    const { sites } = (await (await send("GET", "/backlinks/sites?currency=USD&sort=price_asc&per_page=3")).json()) as {
      sites: Array<{ id: string; domain: string; offers: Array<{ link_type: string; price: number }> }>;
    };
    const [a, b] = sites;
    for (const site of [a, b]) expect((await send("POST", "/cart/items", { page_id: site.id, permanent_link_type: site.offers[0].link_type })).status).toBe(201);
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US")}`;

    // Back from a payment page without paying (Stripe's cancel_url): said once, the cart as it was.
    await signIn(page, email, { redirectTo: "/backlinks/cart" });
    await page.goto(`/backlinks/cart?canceled=${randomUUID()}`);
    await expect(page).toHaveURL(/\/backlinks\/cart$/);
    await expect(toastWith(page, "Payment cancelled")).toContainText("Nothing was charged and your cart is unchanged.");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-total")).toHaveText(dollars(a.offers[0].price + b.offers[0].price));
    await ready(page);

    await page.getByRole("button", { name: new RegExp(`^Remove ${a.domain.replace(/\./g, "\\.")} `) }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-total")).toHaveText(dollars(b.offers[0].price));
    await expect(toastWith(page, "Removed from your cart")).toBeVisible();
    await ready(page);

    if (javaScriptEnabled) {
      await page.getByRole("button", { name: "Clear the cart" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Clear your cart?" });
      await expect(dialog).toContainText("The 1 line of your cart will be removed");
      await dialog.getByRole("button", { name: "Clear the cart" }).click();
    } else {
      await page.getByRole("link", { name: "Clear the cart" }).click();
      await expect(page).toHaveURL(/\/backlinks\/cart\?confirm=clear$/);
      await expect(page.getByRole("alertdialog", { name: "Clear your cart?" })).toBeVisible();
      await page.getByRole("button", { name: "Clear the cart" }).click();
    }
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await expect(page.getByTestId("cart-total")).toHaveText("$0");
    await expect(toastWith(page, "Clear cart")).toContainText("Your cart is now empty.");
    await expect(sidebarCount(page)).toHaveCount(0);
  });

  test("the team imports a CSV (a refused row reported with its line), downloads the catalogue, edits a price, retires and brings back a site", async ({
    page,
    signIn,
    ready,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled !== false;
    const domain = `e2e-${js ? "js" : "nojs"}-${randomUUID().slice(0, 8)}.example`;
    const header = "url,dr,da,traffic,currency,category,language,country,dofollow,turnaround_days,sample_url,sponsored_article_permanent,sponsored_article_12_months,link_insertion_permanent,link_insertion_12_months";
    const csv = `${header}\nhttps://${domain},40,35,12000,USD,news,en,US,true,5,,300,,150,\nhttps://bad-${domain},150,35,12000,USD,news,en,US,true,5,,300,,,\n`;

    await signIn(page, adminEmail(js, 1), { redirectTo: "/admin/backlinks/import" });
    await expect(page.getByRole("heading", { name: "Backlinks management", level: 1 })).toBeVisible();
    await page.getByLabel("CSV file").setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const report = page.getByTestId("import-report");
    await expect(report).toContainText("1 site added · 0 sites updated · 1 row refused");
    await expect(report.getByTestId("refused-row")).toContainText("3");
    await expect(report.getByTestId("refused-row")).toContainText(`bad-${domain}`);

    // The download: the import's format, the new site in it.
    const download = await page.request.get("/exports/backlinks-catalogue.csv");
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="backlinks-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await download.text()).toContain(`https://${domain},40,35,12000,USD,news,en,US,true,5,,300.00,,150.00,`);

    await page.getByRole("link", { name: "Catalogue", exact: true }).click();
    await page.getByLabel("Search the sites").fill(domain);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("admin-site-row")).toHaveCount(1);
    await page.getByRole("link", { name: `Edit ${domain}` }).click();
    await expect(page.getByRole("heading", { name: `Edit ${domain}` })).toBeVisible();
    await expect(page.getByLabel("Link insertion, permanent")).toHaveValue("150");
    await ready(page);
    await page.getByLabel("Link insertion, permanent").fill("175,50");
    await page.getByRole("button", { name: "Save the site" }).click();
    await expect(toastWith(page, "Site saved")).toBeVisible();
    await expect(page.getByLabel("Link insertion, permanent")).toHaveValue("175.50");

    await ready(page);
    await page.getByRole("button", { name: "Retire" }).click();
    await expect(toastWith(page, "Site retired")).toBeVisible();
    await expect(page.getByTestId("retired-badge")).toHaveText("Retired");
    await ready(page);
    await page.getByRole("button", { name: "Bring back" }).click();
    await expect(toastWith(page, "Site back in the catalogue")).toBeVisible();
    await expect(page.getByTestId("retired-badge")).toHaveCount(0);
  });

  test("a user has no access to the team's screens", async ({ page, email, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(403, "/admin/backlinks"));
    await signIn(page, email);
    await expect(page.getByTestId("admin-section")).toHaveCount(0);
    expect((await page.goto("/admin/backlinks"))?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    expect((await page.request.get("/exports/backlinks-catalogue.csv")).status()).toBe(403);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the catalogue, a site and the empty cart and orders are French", async ({ page, email, signIn }) => {
      await signIn(page, email, { redirectTo: "/backlinks?category=finance" });
      await expect(page.getByRole("heading", { name: "Place de marché de backlinks", level: 1 })).toBeVisible();
      await expect(page.getByTestId("catalogue-count")).toHaveText(/^\d+ sites$/);
      const card = page.getByTestId("site-card").first();
      await expect(card.getByTestId("site-category")).toHaveText("Finance");
      // French money: the figure, a non-breaking space, then the currency (249 €, 249 $US).
      await expect(card.getByTestId("site-price")).toHaveText(/^\d[\d\s]*\s\S+$/);
      await expect(card.getByTestId("demo-badge")).toHaveText("Démo");
      await expect(card.getByRole("link", { name: /^Voir les offres de / })).toBeVisible();
      await card.getByRole("link", { name: /^Voir les offres de / }).click();
      await expect(page.getByRole("heading", { name: "Offres", exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: /^Ajouter .* au panier$/ }).first()).toBeVisible();
      await page.getByRole("link", { name: "Panier", exact: true }).click();
      await expect(page.getByTestId("cart-empty")).toContainText("Votre panier est vide");
      await expect(page.getByRole("button", { name: "Passer au paiement" })).toBeDisabled();
      await page.getByRole("link", { name: "Mes commandes" }).first().click();
      await expect(page.getByText("Aucune commande pour l'instant")).toBeVisible();
    });
  });
});
