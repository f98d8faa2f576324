import fs from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import { type Browser, type BrowserContext, type CDPSession, expect, type Page, test } from "@playwright/test";
import routes from "../../app/routes";
import { apiSignIn, requestLinkToken } from "./support/api";
import { axeViolations } from "./support/axe";
import { E2E_BASE_URL, E2E_DATA_DIR, SWEEP_ADMIN_EMAILS } from "./support/env";
import { standInForOtherHosts } from "./support/fixtures";
import { FIXTURE_SITE_ENV } from "./support/global-setup";

/*
 * Issue 17: every page of app/routes.ts, at phone (390 px) and desktop (1280 px) width, in English
 * and French, with JavaScript on and off (the js and no-js projects). Each visit fails on sideways
 * scrolling, an axe violation (WCAG 2.2 AA), a browser error, an environment variable's name or a
 * raw translation key on screen, and the app's own English words on a French page. The route list
 * is read from app/routes.ts: a page added later is visited or named in SKIPPED, or this fails.
 *
 * CI time is scarce: one test per locale (and project), with one signed-in context per kind of
 * visitor, loading each page once at 390 px and resizing it to 1280 px. Viewport screenshots land
 * in test-results/screens/<project>/<locale>-<phone|desktop>/.
 */

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };
type Who = "anonymous" | "user" | "admin" | "newcomer" | "secondFactor" | "setupFailed";

/** Every URL pattern that renders something (a layout with a path counts once, with its index). */
function patterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const own = entry.path || entry.index ? [pattern] : [];
    return [...own, ...patterns(entry.children ?? [], entry.path ? pattern : parent)];
  });
}

const ALL = [...new Set(patterns(routes as RouteEntry[]))];

/** What is not visited, and why. Resource routes have no screen; the others are named one by one. */
const SKIPPED: Record<string, string> = {
  "/": "redirect only (to /auth or /dashboard)",
  "/auth/oauth/:provider": "resource route: redirects to the OpenID provider",
  "/auth/callback": "resource route: the OpenID provider's return",
  "/auth/logout": "action only: signing out would end the sweep's session",
  "/login": "redirect only (to /auth)",
  "/preferences": "action only (the sidebar's and the language's cookies)",
  "/exports/leaderboard.csv": "CSV download",
  "/exports/citing-sources.csv": "CSV download",
  "/exports/query-clusters.csv": "CSV download",
  "/exports/analyses/:id.csv": "CSV download",
  "/exports/site-audits/:id.csv": "CSV download",
  "/exports/search-console/:kind.csv": "CSV download",
  "/exports/backlinks-catalogue.csv": "CSV download",
  "/onboarding/autosave": "resource route: the onboarding forms' autosave",
  "/onboarding": "redirect only (to the step to resume)",
  "/settings": "redirect only (to /settings/informations)",
  "/booking": "not found unless the installation has a booking widget (BOOKING_URL), which the e2e server has not",
};

/** The app's own English words that a French page must not show (none of them is French). */
const ENGLISH_ONLY = [
  "Settings",
  "Sign out",
  "Log out",
  "Billing",
  "Upgrade",
  "Show answer",
  "Hide answer",
  "Loading",
  "Save",
  "Cancel",
  "Download",
  "Export CSV",
  "Learn more",
  "Previous",
  "Next",
  "Close",
  "Delete",
  "Dashboard",
  "Leaderboard",
  "Overview",
  "Questions answered",
  "Last updated",
  "per month",
];

const ENV_VAR = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*(KEY|URL|SECRET|TOKEN|ID|PASSWORD|EMAILS?|MS|DIR)\b/;
/** The one page whose purpose is to tell an operator which variables to set: admins only. */
const OPERATOR_PAGES = new Set(["/admin/configuration"]);
/** `namespace:some.key`, as i18next shows a key it cannot find in a namespace. */
const NAMESPACED_KEY = /\b[a-z][a-zA-Z-]*:[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+\b/;

/** Every dotted key of the English catalogues with at least two segments: shown as such, it is untranslated. */
function translationKeys(): Set<string> {
  const dir = path.resolve(import.meta.dirname, "../../locales/en");
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (value && typeof value === "object") for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
    else if (prefix.includes(".")) keys.add(prefix.replace(/_(one|other|zero|few|many)$/, ""));
  };
  for (const file of fs.readdirSync(dir)) walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), "");
  return keys;
}
const KEYS = translationKeys();

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const LOCALES = { en: "en-US", fr: "fr-FR" } as const;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Ids = {
  analysis: string;
  question: string;
  audit: string;
  course: { id: string; slug: string; video: string };
  site: string;
  order: string;
  checkout: string;
  /** When the failed setup was first shown: the page counts its 120 s from there (seed 000 §4). */
  setupSince: number;
};

/** The web session cookie of a fresh sign-in: the link from the outbox, then the confirming post. */
async function webSession(email: string): Promise<string> {
  const token = await requestLinkToken(E2E_BASE_URL, E2E_DATA_DIR, email);
  const response = await fetch(`${E2E_BASE_URL}/auth/verify`, { method: "POST", body: new URLSearchParams({ token }), redirect: "manual" });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("sl_session="));
  if (!cookie) throw new Error(`No session for ${email}: ${response.status}`);
  return cookie.split(";")[0]!.slice("sl_session=".length);
}

async function api(email: string) {
  const session = await apiSignIn(E2E_BASE_URL, E2E_DATA_DIR, email);
  return async <T = unknown>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${E2E_BASE_URL}/api/v1${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), authorization: `Bearer ${session.access_token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not finish: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The four steps an onboarding needs before it can be completed. */
const ONBOARDING_STEPS = [
  { step: "personal_info", data: { first_name: "Ada", last_name: "Lovelace", company: "Analytical Engines" } },
  { step: "website_analysis", data: { website: "analytical-engines.example" } },
  { step: "keyword_selection", data: { keywords: ["bookkeeping software"] } },
  { step: "market_location", data: { market_language: "en", country: "GB", competitors: [] } },
];

/** The code an authenticator app shows now for this secret. */
function totp(secret: string) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
}

const PROFILE = { BrandName: "Acme Analytics", WebsiteURL: "https://acme-analytics.example", MarketLanguage: "en", Keywords: ["web analytics"] };

/** A user with an analysis, a website audit, an order waiting for payment and a plan checkout; an admin. */
async function seed(adminEmail: string) {
  const userEmail = `sweep-${crypto.randomUUID()}@e2e.test`;
  const user = await api(userEmail);
  await user("PATCH", "/user/seo-profile", PROFILE);
  const site = process.env[FIXTURE_SITE_ENV];
  if (!site) throw new Error(`${FIXTURE_SITE_ENV} is not set: the global setup did not run`);
  await user("PATCH", "/user/profile", { website_url: `https://${site}` });
  const analysis = await user<{ id: string }>("POST", "/seo-llm/analyses", { question_limit: 2 });
  const audit = await user<{ id: string }>("POST", "/site-audits", { url: `https://${site}` });
  const { questions } = await user<{ questions: Array<{ id: string }> }>("GET", "/user-questions");
  const checkout = await user<{ checkout_id: string }>("POST", "/subscription/checkout", { plan_id: "pro", billing_period: "monthly" });
  const { sites } = await user<{ sites: Array<{ id: string; offers: Array<{ link_type: string }> }> }>("GET", "/backlinks/sites?per_page=1");
  const item = await user<{ id: string }>("POST", "/cart/items", { page_id: sites[0]!.id, permanent_link_type: sites[0]!.offers[0]!.link_type });
  await user("PUT", `/cart/items/${item.id}`, { target_url: `https://${site}/pricing`, anchor_text: "Acme Analytics" });
  const { orders } = await user<{ orders: Array<{ id: string }> }>("POST", "/backlinks/checkout");
  const [course] = await user<Array<{ slug: string }>>("GET", "/academy/published-courses");
  const detail = await user<{ chapters: Array<{ videos: Array<{ id: string }> }> }>("GET", `/academy/courses/${course!.slug}`);

  const admin = await api(adminEmail);
  await admin("PATCH", "/user/seo-profile", PROFILE);
  const adminCourses = await admin<Array<{ id: string }> | { courses: Array<{ id: string }> }>("GET", "/academy/admin/courses");
  const adminCourse = (Array.isArray(adminCourses) ? adminCourses : adminCourses.courses)[0]!;

  // Both pages refresh themselves while they run: visited once done, they hold still.
  await until("The analysis", () => user<{ status: string }>("GET", `/seo-llm/analyses/${analysis.id}`), (value) => !["pending", "processing"].includes(value.status));
  await until("The website audit", () => user<{ status: string }>("GET", `/site-audits/${audit.id}`), (value) => !["pending", "running"].includes(value.status));

  const ids: Ids = {
    analysis: analysis.id,
    question: questions[0]!.id,
    audit: audit.id,
    course: { id: adminCourse.id, slug: course!.slug, video: detail.chapters.flatMap((chapter) => chapter.videos)[0]!.id },
    site: sites[0]!.id,
    order: orders[0]!.id,
    checkout: checkout.checkout_id,
    setupSince: 0,
  };
  // Half-way through onboarding, as after another device: every step opens, none is finished.
  const newcomerEmail = `sweep-new-${crypto.randomUUID()}@e2e.test`;
  const newcomer = await api(newcomerEmail);
  for (const body of ONBOARDING_STEPS) await newcomer("PUT", "/user/onboarding/progress", body);
  // Two-step verification on: a fresh sign-in waits at /auth/mfa for the authenticator's code.
  const secondFactorEmail = `sweep-mfa-${crypto.randomUUID()}@e2e.test`;
  const secondFactor = await api(secondFactorEmail);
  const factor = await secondFactor<{ id: string; totp: { secret: string } }>("POST", "/auth/factors", { factor_type: "totp", friendly_name: "Phone" });
  await secondFactor("POST", `/auth/factors/${factor.id}/verify`, { code: totp(factor.totp.secret) });
  // Onboarding finished on the day the free plan's one analysis was spent: the setup stops at the
  // analysis, and its page says why and offers the retry (a state that holds still, unlike a running one).
  const setupEmail = `sweep-setup-${crypto.randomUUID()}@e2e.test`;
  const setup = await api(setupEmail);
  await setup("PATCH", "/user/seo-profile", PROFILE);
  const spent = await setup<{ id: string }>("POST", "/seo-llm/analyses", { question_limit: 1 });
  await until("The setup user's analysis", () => setup<{ status: string }>("GET", `/seo-llm/analyses/${spent.id}`), (value) => !["pending", "processing"].includes(value.status));
  for (const body of ONBOARDING_STEPS) await setup("PUT", "/user/onboarding/progress", body);
  await setup("POST", "/user/onboarding/complete");
  await until("The setup", () => setup<{ status: string }>("GET", "/user/onboarding/setup-status"), (value) => value.status === "failed");
  ids.setupSince = Date.now();

  const cookies: Record<Exclude<Who, "anonymous">, string> = {
    user: await webSession(userEmail),
    admin: await webSession(adminEmail),
    newcomer: await webSession(newcomerEmail),
    secondFactor: await webSession(secondFactorEmail),
    setupFailed: await webSession(setupEmail),
  };
  return { ids, cookies };
}

type Visit = { pattern: string; url: string; who: Who; status?: number };

/** Who sees a page and with which ids: admins their pages, a fresh account the onboarding, everyone else a user with data. */
function visitFor(pattern: string, ids: Ids): Visit {
  const fill = (value: Record<string, string>) => pattern.replace(/:(\w+)/g, (_, name: string) => value[name] ?? `:${name}`);
  const who: Who = pattern.startsWith("/admin")
    ? "admin"
    : pattern === "/onboarding/setup"
      ? "setupFailed"
      : pattern.startsWith("/onboarding")
        ? "newcomer"
        : pattern === "/auth/mfa"
          ? "secondFactor"
          : pattern === "/auth" || pattern === "/auth/verify"
            ? "anonymous"
            : "user";
  const byPattern: Record<string, string> = {
    "/seo-llms/analyses/:id": fill({ id: ids.analysis }),
    "/seo-llms/questions/:id": fill({ id: ids.question }),
    "/audit/:id": fill({ id: ids.audit }),
    "/academy/:slug": fill({ slug: ids.course.slug }),
    "/academy/:slug/:videoId": fill({ slug: ids.course.slug, videoId: ids.course.video }),
    "/admin/academy/courses/:id": fill({ id: ids.course.id }),
    "/backlinks/sites/:id": fill({ id: ids.site }),
    "/admin/backlinks/sites/:id": fill({ id: ids.site }),
    "/backlinks/checkout/:id": fill({ id: ids.order }),
    "/settings/billing/checkout/:id": fill({ id: ids.checkout }),
    "/settings/billing/confirm": "/settings/billing/confirm?action=checkout&plan=pro&period=monthly",
    "/onboarding/setup": `/onboarding/setup?since=${ids.setupSince}`,
    "/*": "/no-such-page",
  };
  const url = byPattern[pattern] ?? pattern;
  if (url.includes(":")) throw new Error(`No id for ${pattern}: add one to visitFor()`);
  return { pattern, url, who, status: pattern === "/*" ? 404 : undefined };
}

/** The widest elements past the right edge that no scrolling ancestor holds: what makes the page scroll sideways. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    const name = (element: Element) => {
      const classes = typeof element.className === "string" ? element.className.trim().split(/\s+/).slice(0, 4).join(".") : "";
      const test = element.getAttribute("data-testid");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const own = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${test ? `[data-testid=${test}]` : ""}${classes ? `.${classes}` : ""}`;
      // Where it is: the nearest ancestor that has an id, a test id or a label.
      const landmark = element.parentElement?.closest("[id], [data-testid], [aria-label], [aria-labelledby]");
      const where = landmark ? ` in ${landmark.tagName.toLowerCase()}${landmark.id ? `#${landmark.id}` : ""}${landmark.getAttribute("data-testid") ? `[data-testid=${landmark.getAttribute("data-testid")}]` : ""}${landmark.getAttribute("aria-label") ? `[aria-label="${landmark.getAttribute("aria-label")}"]` : ""}` : "";
      return `${own} "${text}"${where}`;
    };
    const held = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    // What is painted past the edge (text, images, controls), not the blocks stretched around it.
    const painted: Array<{ element: Element; right: number }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right + window.scrollX;
      if (right > width + 1 && !held(node.parentElement)) painted.push({ element: node.parentElement, right });
    }
    for (const element of document.body.querySelectorAll("img, svg, input, select, textarea, button, iframe, video, canvas")) {
      const right = element.getBoundingClientRect().right + window.scrollX;
      if (right > width + 1 && !held(element) && element.getClientRects().length > 0) painted.push({ element, right });
    }
    const offenders = painted
      .sort((a, b) => b.right - a.right)
      .slice(0, 6)
      .map(({ element, right }) => `${name(element)} (right edge ${Math.round(right)} px)`);
    return { scrollWidth, width, offenders };
  });
}

type Sweep = {
  locale: keyof typeof LOCALES;
  js: boolean;
  /** The widths axe runs at. */
  axe: ReadonlyArray<keyof typeof SIZES>;
  /** The shell (sidebar, footer) is the same on every page: axe checks it on the first one of each width only. */
  shellChecked: Set<string>;
  shots: string;
  errors: string[];
  time: Record<string, number>;
  slow: string[];
};

const SHELL = ["#app-sidebar", "footer"];

/**
 * Without JavaScript, axe (which waits on timers) would never finish: the no-js pages load with
 * scripts off (what Playwright's javaScriptEnabled does, through the same DevTools call), and
 * scripts come back on only for the checks, once the page has loaded and nothing of its own runs.
 */
const sessions = new WeakMap<Page, CDPSession>();
async function scripts(page: Page, on: boolean) {
  // One session per page, kept: an override ends with the session that set it.
  const session = sessions.get(page) ?? (await page.context().newCDPSession(page));
  sessions.set(page, session);
  await session.send("Emulation.setScriptExecutionDisabled", { value: !on });
}

/**
 * One visit: the page at phone width, every check, then the same page at desktop width (resized, not
 * reloaded: half the page loads) and every check again. Returns what failed, per width.
 */
async function check(page: Page, visit: Visit, sweep: Sweep): Promise<string[]> {
  const problems: string[] = [];
  let mark = Date.now();
  const lap = (name: string) => {
    sweep.time[name] = (sweep.time[name] ?? 0) + Date.now() - mark;
    mark = Date.now();
  };
  sweep.errors.length = 0;
  await page.setViewportSize(SIZES.phone);
  if (!sweep.js) await scripts(page, false);
  const response = await page.goto(visit.url);
  if (!sweep.js) {
    await scripts(page, true);
    if (await page.locator("html[data-hydrated]").count()) problems.push("hydrated although scripts were off");
  }
  const status = response?.status() ?? 0;
  if (status !== (visit.status ?? 200)) problems.push(`status ${status}`);
  if (sweep.js) await page.locator("html[data-hydrated], html[data-static]").waitFor({ state: "attached" });
  const landed = new URL(page.url()).pathname + new URL(page.url()).search;
  if (landed !== visit.url) problems.push(`landed on ${landed}`);
  if (Date.now() - mark > 3_000) sweep.slow.push(`${visit.url} ${Math.round((Date.now() - mark) / 100) / 10} s`);
  lap("load");

  // The text is the same at both widths but for what a breakpoint shows or hides: read at each.
  for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
    const at = (problem: string) => `${size}: ${problem}`;
    if (size !== "phone") {
      await page.setViewportSize(SIZES[size]);
      // One frame for the layout (and, with JavaScript, the media-query listeners) to follow.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    }
    const wide = await overflow(page);
    if (wide) problems.push(at(`scrolls sideways: ${wide.scrollWidth} px wide for ${wide.width}; past the edge: ${wide.offenders.join("; ")}`));

    // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not what is hidden (the other breakpoint's text, screen-reader text).
    const text = await page.locator("body").innerText();
    const env = OPERATOR_PAGES.has(visit.url) ? null : text.match(ENV_VAR);
    if (env) problems.push(at(`environment variable on screen: ${env[0]}`));
    const namespaced = text.match(NAMESPACED_KEY);
    if (namespaced) problems.push(at(`translation key on screen: ${namespaced[0]}`));
    const words = new Set(text.split(/[^\w.]+/).filter((word) => word.includes(".")));
    const raw = [...words].filter((word) => KEYS.has(word.replace(/\.$/, "")));
    if (raw.length) problems.push(at(`translation keys on screen: ${raw.join(", ")}`));
    if (sweep.locale === "fr") {
      const english = ENGLISH_ONLY.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, "u").test(text));
      if (english.length) problems.push(at(`English on a French page: ${english.map((word) => `"${word}"`).join(", ")}`));
    }
    lap("checks");

    if (sweep.axe.includes(size)) {
      const shell = (await page.locator(SHELL[0]!).count()) > 0;
      const violations = await axeViolations(page, { tags: AXE_TAGS, exclude: shell && sweep.shellChecked.has(size) ? SHELL : [] });
      if (shell) sweep.shellChecked.add(size);
      for (const violation of violations) problems.push(at(`axe ${violation.id} (${violation.impact}): ${violation.targets.slice(0, 6).join(" | ")}`));
      lap("axe");
    }

    const name = visit.pattern === "/" ? "root" : visit.pattern.slice(1).replace(/[/:*]+/g, "_").replace(/\.+/g, "-");
    await page.screenshot({ path: path.join(sweep.shots, `${sweep.locale}-${size}`, `${name}.png`), fullPage: false });
    lap("screenshot");
  }

  const expected = visit.status === 404 ? /Failed to load resource: the server responded with a status of 404/ : null;
  const unexpected = sweep.errors.filter((error) => !expected?.test(error));
  if (unexpected.length) problems.push(`browser errors: ${unexpected.join(" | ")}`);
  return problems.map((problem) => `${visit.url} (as ${visit.who}): ${problem}`);
}

async function context(browser: Browser, options: { javaScriptEnabled: boolean; locale: string; viewport: { width: number; height: number } }, cookie?: string): Promise<BrowserContext> {
  const created = await browser.newContext({ ...options, baseURL: E2E_BASE_URL });
  await standInForOtherHosts(created);
  if (cookie) await created.addCookies([{ name: "sl_session", value: cookie, url: E2E_BASE_URL }]);
  return created;
}

test("each route of app/routes.ts is visited or skipped with a reason", () => {
  const visited = ALL.filter((pattern) => !(pattern in SKIPPED));
  expect(visited.length).toBeGreaterThan(30);
  expect(Object.keys(SKIPPED).filter((pattern) => !ALL.includes(pattern)), "skipped routes that no longer exist").toEqual([]);
  const ids: Ids = { analysis: "a", question: "q", audit: "s", course: { id: "c", slug: "s", video: "v" }, site: "b", order: "o", checkout: "k", setupSince: 1 };
  for (const pattern of visited) expect(() => visitFor(pattern, ids), pattern).not.toThrow();
});

test.describe("every page", () => {
  let seeded: Awaited<ReturnType<typeof seed>>;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(90_000);
    // One admin per running worker: two never wait for the same sign-in mail.
    seeded = await seed(SWEEP_ADMIN_EMAILS[testInfo.parallelIndex % SWEEP_ADMIN_EMAILS.length]!);
  });

  // Each language's pages in two halves (every other page, so that both get some heavy ones): a test
  // stays well inside its time even on two busy cores, and the two workers share the sweep.
  const PARTS = 2;
  for (const locale of Object.keys(LOCALES) as Array<keyof typeof LOCALES>) for (let part = 0; part < PARTS; part++) {
    test(`${locale} (${part + 1}/${PARTS}), 390 px and 1280 px: no sideways scroll, no axe violation, no error, no raw text`, async ({ browser, javaScriptEnabled }, testInfo) => {
      // Generous: on two busy cores (the whole suite at once) a whole language with axe at both widths took 7 min.
      test.setTimeout(360_000);
      const js = javaScriptEnabled !== false;
      const sweep: Sweep = {
        locale,
        js,
        // axe runs at both widths, in both languages, with JavaScript and without it (what is there
        // instead: plain forms, disclosure fallbacks): target sizes and scrolling regions depend on
        // the width, French words are longer. It is about half of the sweep's time (support/axe.ts).
        axe: ["phone", "desktop"],
        shellChecked: new Set(),
        shots: path.resolve("test-results/screens", testInfo.project.name),
        errors: [],
        time: {},
        slow: [],
      };
      // Scripts are turned off per page load for no-js (see scripts()), so that axe can run after.
      const options = { javaScriptEnabled: true, locale: LOCALES[locale], viewport: SIZES.phone };
      const visits = ALL.filter((candidate) => !(candidate in SKIPPED))
        .filter((_, index) => index % PARTS === part)
        .map((pattern) => visitFor(pattern, seeded.ids));
      const contexts: BrowserContext[] = [];
      const pages = new Map<Who, Page>();
      for (const who of new Set(visits.map((visit) => visit.who))) {
        const created = await context(browser, options, who === "anonymous" ? undefined : seeded.cookies[who]);
        const page = await created.newPage();
        page.on("console", (message) => {
          if (message.type() === "error") sweep.errors.push(`console.error: ${message.text()} (${message.location().url})`);
        });
        page.on("pageerror", (error) => sweep.errors.push(`pageerror: ${error.message}`));
        page.on("request", (request) => {
          if (request.method() === "POST" && new URL(request.url()).pathname === "/csp-reports") sweep.errors.push(`CSP violation reported: ${request.postData()}`);
        });
        contexts.push(created);
        pages.set(who, page);
      }
      const problems: string[] = [];
      const started = Date.now();
      for (const visit of visits) problems.push(...(await check(pages.get(visit.who)!, visit, sweep)));
      const spent = Object.entries(sweep.time).map(([name, ms]) => `${name} ${Math.round(ms / 1000)} s`);
      testInfo.annotations.push({ type: "pages", description: `${visits.length} pages × 2 widths in ${Math.round((Date.now() - started) / 1000)} s (${spent.join(", ")})${sweep.slow.length ? `; slow to load: ${sweep.slow.join(", ")}` : ""}` });
      for (const created of contexts) await created.close();
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
});
