import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { siteAudits } from "../../server/db/schema";
import { createSafeFetch } from "../../server/site-audit/safe-fetch";
import { createOpenAiCompatibleProvider } from "../../server/integrations/ai/openai-compatible";
import { failAbandonedSiteAudits, runQueuedSiteAudit } from "../../server/site-audit/service";
import { chatCompletion, createFakeAi } from "../fakes/ai";
import { createFakeSites, type FakeSites } from "../fakes/sites";
import { type Client, json, useApi, withEnv } from "../helpers/api";

/**
 * Website analyses through the API and the `site-audit.run` job, against the fixture sites. The job
 * fetches through the system's DNS, so the sites answer at local addresses (127.0.0.1 is Acme's,
 * 127.0.0.2 the redirect fixtures', 127.0.0.3 the slow one), which ALLOW_PRIVATE_FETCH lets it
 * reach: set before the runtime starts, as the job reads it.
 */
let acme: FakeSites;
let hops: FakeSites;
let slow: FakeSites;
let undoEnv: () => void;
beforeAll(async () => {
  acme = await createFakeSites({ aliases: { "127.0.0.1": "acme.test" } });
  hops = await createFakeSites({ address: "127.0.0.2", aliases: { "127.0.0.2": "hops.test" } });
  slow = await createFakeSites({ address: "127.0.0.3", slowMs: 1500, aliases: { "127.0.0.3": "slow.test" } });
  undoEnv = withEnv({ ALLOW_PRIVATE_FETCH: "true" });
});
const api = useApi({ jobs: "work" });
afterAll(async () => {
  undoEnv?.();
  await Promise.all([acme?.close(), hops?.close(), slow?.close()]);
});

type Audits = Client<"siteAudits">;

async function newUser(plan: "free" | "pro" = "free") {
  const session = await api.signInOnPlan(plan);
  return { session, audits: api.client("siteAudits", { token: session.access_token }) };
}

const usageOf = (res: Response) => ({
  limit: Number(res.headers.get("x-lifetime-limit")),
  used: Number(res.headers.get("x-lifetime-used")),
  remaining: Number(res.headers.get("x-lifetime-remaining")),
});

/** Polls an analysis the way the screen does (faster), until it leaves pending/running. */
async function settled(audits: Audits, id: string) {
  for (let i = 0; i < 400; i++) {
    const audit = await json(await audits[":id"].$get({ param: { id } }), 200);
    if (audit.status === "done" || audit.status === "failed") return audit;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the website analysis did not finish");
}

async function start(audits: Audits, url: string) {
  const res = await audits.index.$post({ json: { url } });
  return { usage: usageOf(res), body: await json(res, 202, url) };
}

describe("a website analysis, from the request to the report", () => {
  test("queued (202), run by the job, then the report: site facts, AI crawlers, llms.txt, checks, score, suggestions", async () => {
    const { audits } = await newUser();
    const { body: accepted, usage } = await start(audits, acme.url("127.0.0.1"));
    expect(accepted).toEqual({ id: expect.any(String), status: "pending" });
    expect(usage).toEqual({ limit: 3, used: 1, remaining: 2 });

    const audit = await settled(audits, accepted.id);
    expect(audit, JSON.stringify(audit.error)).toMatchObject({ id: accepted.id, url: `https://127.0.0.1:${acme.port}`, status: "done", error: null });
    expect(audit.started_at).not.toBeNull();
    expect(audit.finished_at).not.toBeNull();
    const report = audit.result!;
    expect(audit.score).toBe(report.score);
    expect(report.score).toBeGreaterThan(0);
    // https cannot connect to the fixture: the report is of the http site, with https_reachable failing.
    expect(report.site).toMatchObject({ url: `http://127.0.0.1:${acme.port}/`, title: "Acme Books — Bookkeeping software for small businesses", lang: "en", og_site_name: "Acme Books" });
    expect(report.site.schema_org.organization?.name).toBe("Acme Books Ltd");
    const crawlers = Object.fromEntries(report.ai_crawlers.crawlers.map((crawler) => [crawler.token, crawler.status]));
    expect(crawlers).toMatchObject({ GPTBot: "blocked", ClaudeBot: "allowed", PerplexityBot: "allowed" });
    expect(report.llms_txt).toMatchObject({ present: true, valid: true, title: "Acme Books" });
    const checks = Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
    expect(checks).toMatchObject({ https_reachable: "fail", single_h1: "pass", ai_crawlers: "warn", llms_txt: "pass", sitemap: "pass" });
    expect(report.checks).toHaveLength(14);
    expect(report.suggestions).toMatchObject({ source: "page", language: "en" });
    expect(report.suggestions.keywords.length).toBeGreaterThanOrEqual(5);
    // The job identified itself to the site.
    expect(acme.requests.some((request) => request.userAgent?.startsWith("SightlineBot/"))).toBe(true);

    const list = await audits.index.$get();
    expect(usageOf(list)).toEqual({ limit: 3, used: 1, remaining: 2 });
    expect((await json(list, 200)).audits).toEqual([
      { id: accepted.id, url: audit.url, status: "done", score: audit.score, created_at: audit.created_at, finished_at: audit.finished_at },
    ]);
  });

  test("asking again for an address still being analysed answers that analysis", async () => {
    const { audits } = await newUser();
    const first = await start(audits, slow.url("127.0.0.3"));
    const second = await start(audits, slow.url("127.0.0.3"));
    expect(second.body.id).toBe(first.body.id);
    expect(second.usage).toEqual({ limit: 3, used: 1, remaining: 2 });
    expect((await settled(audits, first.body.id)).status).toBe("done");
    expect((await json(await audits.index.$get(), 200)).audits).toHaveLength(1);
  });

  test("a site that cannot be analysed fails with its code, and does not count", async () => {
    const { audits } = await newUser();
    const { body } = await start(audits, hops.url("127.0.0.2", "/loop/a"));
    const audit = await settled(audits, body.id);
    expect(audit).toMatchObject({ status: "failed", error: { code: "too_many_redirects" }, score: null, result: null });
    expect(usageOf(await audits.index.$get())).toEqual({ limit: 3, used: 0, remaining: 3 });
  });
});

describe("the plan's lifetime count", () => {
  test("the free plan runs three, then refuses with site_audit_limit; failed ones are not counted", async () => {
    const { audits } = await newUser();
    await settled(audits, (await start(audits, hops.url("127.0.0.2", "/loop/a"))).body.id);
    const ids: string[] = [];
    for (const [index, path] of ["/", "/?second", "/?third"].entries()) {
      const { body, usage } = await start(audits, acme.url("127.0.0.1", path));
      expect(usage).toEqual({ limit: 3, used: index + 1, remaining: 2 - index });
      ids.push(body.id);
    }
    const refused = await audits.index.$post({ json: { url: acme.url("127.0.0.1", "/?fourth") } });
    expect(usageOf(refused)).toEqual({ limit: 3, used: 3, remaining: 0 });
    expect(await json(refused, 403)).toMatchObject({ code: "site_audit_limit" });
    for (const id of ids) expect((await settled(audits, id)).status).toBe("done");
    const list = await audits.index.$get();
    expect(usageOf(list)).toEqual({ limit: 3, used: 3, remaining: 0 });
    // Newest first, the failed one last.
    const listed = (await json(list, 200)).audits;
    expect(listed.map((audit) => audit.status)).toEqual(["done", "done", "done", "failed"]);
    expect(listed.slice(0, 3).map((audit) => audit.id)).toEqual([...ids].reverse());
  });

  test("three at once per user: a fourth waits (429 site_audits_in_flight), and is taken once one ends", async () => {
    const { audits } = await newUser("pro");
    const running = [];
    for (const path of ["/", "/?b", "/?c"]) running.push((await start(audits, slow.url("127.0.0.3", path))).body.id);
    const refused = await audits.index.$post({ json: { url: acme.url("127.0.0.1") } });
    expect(await json(refused, 429)).toMatchObject({ code: "site_audits_in_flight" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await settled(audits, running[0]!);
    expect((await start(audits, acme.url("127.0.0.1"))).body.status).toBe("pending");
  });

  test("one left queued or running for ten minutes has lost its job: it fails, and no longer counts", async () => {
    const { session, audits } = await newUser();
    const db = await api.db();
    const asked = new Date(Date.now() - 11 * 60_000);
    const [row] = await db.insert(siteAudits).values({ userId: session.user.id, url: "https://lost.example", status: "running", createdAt: asked }).returning();
    expect(usageOf(await audits.index.$get())).toEqual({ limit: 3, used: 1, remaining: 2 });
    expect(await failAbandonedSiteAudits(db)).toBeGreaterThanOrEqual(1);
    expect(await json(await audits[":id"].$get({ param: { id: row.id } }), 200)).toMatchObject({ status: "failed", error: { code: "audit_error" } });
    expect(usageOf(await audits.index.$get())).toEqual({ limit: 3, used: 0, remaining: 3 });
  });

  test("a paid plan has its own count", async () => {
    const { audits } = await newUser("pro");
    expect(usageOf(await audits.index.$get())).toEqual({ limit: 50, used: 0, remaining: 50 });
  });
});

describe("whose analysis, and what is refused", () => {
  test("another user's analysis is 404, as an unknown one; a malformed id is 400", async () => {
    const owner = await newUser();
    const { body } = await start(owner.audits, acme.url("127.0.0.1", "/?owner"));
    const other = await newUser();
    expect(await json(await other.audits[":id"].$get({ param: { id: body.id } }), 404)).toMatchObject({ message: expect.any(String) });
    expect((await json(await other.audits.index.$get(), 200)).audits).toEqual([]);
    await json(await other.audits[":id"].$get({ param: { id: crypto.randomUUID() } }), 404);
    const malformed = await json(await other.audits[":id"].$get({ param: { id: "not-an-id" } }), 400);
    expect(malformed.errors?.id?.[0]?.code).toBe("invalid_format");
    await settled(owner.audits, body.id);
  });

  test("an address that is no website is refused on `url`, with its code, and counts nothing", async () => {
    const { audits } = await newUser();
    const codeFor = async (url: string) => (await json(await audits.index.$post({ json: { url } }), 400, url)).errors?.url?.map((error) => error.code);
    expect(await codeFor("")).toEqual(["required"]);
    expect(await codeFor("not a website")).toEqual(["invalid_format"]);
    expect(await codeFor("ftp://files.example.com")).toEqual(["invalid_format"]);
    expect(await codeFor(`https://example.com/${"a".repeat(300)}`)).toEqual(["too_long"]);
    expect(usageOf(await audits.index.$get())).toEqual({ limit: 3, used: 0, remaining: 3 });
  });

  test("with ALLOW_PRIVATE_FETCH off, a host written as a private address is refused at once (400 address_not_allowed)", async () => {
    const { audits } = await newUser();
    const restore = withEnv({ ALLOW_PRIVATE_FETCH: undefined });
    try {
      for (const url of [acme.url("127.0.0.1"), "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1", "192.168.1.20:8080"]) {
        const refused = await json(await audits.index.$post({ json: { url } }), 400, url);
        expect(refused.code, url).toBe("address_not_allowed");
        expect(refused.errors?.url?.[0]?.code).toBe("address_not_allowed");
      }
    } finally {
      restore();
    }
    expect((await json(await audits.index.$get(), 200)).audits).toEqual([]);
  });

  test("with ALLOW_PRIVATE_FETCH off, a name that resolves to a private address fails the analysis with address_not_allowed", async () => {
    const { session, audits } = await newUser();
    // Arranged in the database and run as the job runs it, with a fake DNS that sends the name to
    // 127.0.0.1: no name resolves so through the system's DNS here.
    const db = await api.db();
    const [row] = await db.insert(siteAudits).values({ userId: session.user.id, url: `https://acme.test:${acme.port}` }).returning();
    await runQueuedSiteAudit(db, row.id, { fetch: createSafeFetch({ allowPrivate: false, resolve: acme.resolve, timeoutMs: 2000 }) });
    const audit = await json(await audits[":id"].$get({ param: { id: row.id } }), 200);
    expect(audit).toMatchObject({ status: "failed", error: { code: "address_not_allowed" }, result: null, score: null });
    expect(audit.finished_at).not.toBeNull();
  });

  test("with an assistant configured, its competitors and keywords join the page's, labelled as such", async () => {
    const fake = await createFakeAi();
    try {
      const completion = chatCompletion();
      completion.choices[0]!.message.content = '{"competitors": [{"name": "Xero", "domain": "xero.com"}, {"name": "FreeAgent"}], "keywords": ["online bookkeeping"]}';
      fake.respond("openai-compatible", { json: completion });
      const { session, audits } = await newUser();
      const db = await api.db();
      const [row] = await db.insert(siteAudits).values({ userId: session.user.id, url: acme.url("127.0.0.1") }).returning();
      const advisor = createOpenAiCompatibleProvider({ model: "local-model", baseUrl: `${fake.url}/v1`, timeoutMs: 5000 });
      await runQueuedSiteAudit(db, row.id, { fetch: createSafeFetch({ allowPrivate: true, timeoutMs: 5000 }), advisor });
      const audit = await json(await audits[":id"].$get({ param: { id: row.id } }), 200);
      expect(audit.result?.suggestions).toMatchObject({
        source: "page_and_ai",
        brand_name: "Acme Books",
        competitors: [
          { name: "Xero", domain: "xero.com" },
          { name: "FreeAgent", domain: null },
        ],
      });
      expect(audit.result?.suggestions.keywords).toEqual(expect.arrayContaining(["bookkeeping software", "online bookkeeping"]));
      expect(fake.requestsTo("openai-compatible")).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
