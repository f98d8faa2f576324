import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, test, vi } from "vitest";
import type { Executor } from "../../server/db/client";
import { authFactors, cartItems, searchConsoleConnections, seoProfiles, subscriptions, userIdentities, users } from "../../server/db/schema";
import { EVERYONE, watchUserChanges, type UserChangeWatch } from "../../server/db/user-changes";
import { currentRuntime } from "../../server/runtime";
import { json, useApi, withEnv } from "../helpers/api";
import { siteBody } from "../helpers/backlinks";

/**
 * Every change to a row a user's answers are read from announces the user (or everyone) when it
 * commits (migration 0020, server/db/user-changes.ts), and the answers each process keeps
 * (server/http/kept-answers.ts) are forgotten when it is heard. Its own database on PostgreSQL,
 * since one test cuts the listener's connection.
 */
beforeAll(() => {
  withEnv({ AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
});
const api = useApi({ ownDatabase: true, jobs: "work" });

const runtime = async () => (await currentRuntime())!;

/**
 * Each table of the schema, and what a change to its rows announces. A new table fails the first
 * test until it is given one of these: a table whose rows belong to a user announces that user.
 */
const ANNOUNCED = {
  /** Each row's user, row by row: the column that holds it. */
  row: {
    users: "id",
    user_identities: "user_id",
    auth_sessions: "user_id",
    auth_factors: "user_id",
    recovery_codes: "user_id",
    subscriptions: "user_id",
    subscription_changes: "user_id",
    checkout_sessions: "user_id",
    cart_items: "user_id",
    backlink_orders: "user_id",
    backlink_order_items: "user_id",
    seo_profiles: "user_id",
    onboarding_progress: "user_id",
    search_console_connections: "user_id",
    search_console_connect_states: "user_id",
    analyses: "user_id",
    user_questions: "user_id",
    query_cluster_snapshots: "user_id",
    site_audits: "user_id",
    feature_waitlist: "user_id",
    video_progress: "user_id",
  },
  /** Written many rows at a time: the statement's users, once each. */
  statement: ["analysis_answers", "answer_citations", "answer_mentions", "answer_search_queries", "query_cluster_rows", "search_console_days", "search_console_top_rows"],
  /** What every user reads. */
  everyone: ["plans", "courses", "chapters", "videos", "backlink_sites", "backlink_offers"],
  /** Read by no kept answer, with the reason. */
  not: {
    insight_answer_days: "a roll-up, written by the answer tables' triggers in the same transaction as a change they announce",
    insight_brand_days: "a roll-up (as above)",
    insight_domain_days: "a roll-up (as above)",
    insight_domain_category_days: "a roll-up (as above)",
    billing_events: "the payment provider's events already handled",
    id_token_uses: "ID tokens already used to sign in",
    job_workers: "the workers' heartbeats",
    magic_links: "sign-in links, read only to sign in",
    rate_limits: "counters of the rate limits",
    refresh_tokens: "read only to refresh a session",
    seed_runs: "which seeds ran",
  },
} as const;

type Trigger = { table: string; definition: string; events: number };

async function triggersOfTables() {
  const db = await api.db();
  const result = (await db.execute(sql`
    select c.relname as "table", pg_get_triggerdef(t.oid) as definition, t.tgtype::int as events
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal and t.tgfoid in (
      select oid from pg_proc where proname in ('sightline_announce_user', 'sightline_announce_users', 'sightline_announce_everyone'))
  `)) as unknown as { rows: Trigger[] };
  const tables = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] };
  return { triggers: result.rows, tables: tables.rows.map((row) => row.tablename) };
}

/** pg_trigger.tgtype's bits for the events. */
const INSERT = 4;
const DELETE = 8;
const UPDATE = 16;

/** Hears what is announced while `during` runs, through the same listener the server uses. */
async function announcedDuring(during: () => Promise<unknown>): Promise<string[]> {
  const heard: string[] = [];
  const watch: UserChangeWatch = await watchUserChanges((await runtime()).handle, { changed: (id) => heard.push(id), listening: () => {} });
  try {
    await during();
    await watch.settled();
  } finally {
    await watch.close();
  }
  return heard;
}

/** A write no trigger sees (what this process could not hear of): proves an answer came from memory. */
async function unannounced(write: (tx: Executor) => Promise<unknown>) {
  const db = await api.db();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

const reads = (token: string) => ({
  summary: async () => json(await api.client("user", { token }).summary.$get(), 200),
  seoProfile: async () => json(await api.client("seoProfile", { token }).index.$get(), 200),
  searchConsole: async () => json(await api.client("searchConsoleOAuth", { token }).status.$get(), 200),
  courses: async () => json(await api.client("academy", { token })["published-courses"].$get({ query: {} }), 200),
});

async function userWithProfile() {
  const session = await api.signIn();
  const seo = api.client("seoProfile", { token: session.access_token });
  await json(await seo.index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] } }), 200);
  return { session, read: reads(session.access_token), userId: session.user.id };
}

describe("what a change announces", () => {
  test("every table announces its rows' users, announces everyone, or is read by no kept answer", async () => {
    const { triggers, tables } = await triggersOfTables();
    const decided = [...Object.keys(ANNOUNCED.row), ...ANNOUNCED.statement, ...ANNOUNCED.everyone, ...Object.keys(ANNOUNCED.not)];
    expect(tables.filter((table) => !decided.includes(table)), "tables without a decision").toEqual([]);
    const events = (table: string, fn: string) =>
      triggers.filter((trigger) => trigger.table === table && trigger.definition.includes(fn)).reduce((all, trigger) => all | trigger.events, 0);
    for (const [table, column] of Object.entries(ANNOUNCED.row)) {
      const own = triggers.filter((trigger) => trigger.table === table);
      expect(own.map((trigger) => trigger.definition).join(), table).toContain(`sightline_announce_user('${column}')`);
      expect(events(table, "sightline_announce_user("), table).toBe(INSERT | DELETE | UPDATE | 1);
    }
    for (const table of ANNOUNCED.statement) expect(events(table, "sightline_announce_users("), table).toBe(INSERT | DELETE | UPDATE);
    for (const table of ANNOUNCED.everyone) expect(events(table, "sightline_announce_everyone(") & (INSERT | DELETE | UPDATE), table).toBe(INSERT | DELETE | UPDATE);
    for (const table of Object.keys(ANNOUNCED.not)) expect(events(table, "sightline_announce"), table).toBe(0);
  });

  test("a row's change announces its user, a statement's each of its users once, a shared table's everyone", async () => {
    const { session, userId } = await userWithProfile();
    const token = session.access_token;
    const created = await json(await api.client("analyses", { token }).index.$post({ json: {} }), 201);
    await api.settledAnalysis(token, created.id);
    const db = await api.db();

    // The pipeline's inserts announced the user as they went; what the other events announce:
    for (const table of ANNOUNCED.statement.filter((name) => name.startsWith("answer") || name === "analysis_answers")) {
      const touched = await announcedDuring(() => db.execute(sql`update ${sql.identifier(table)} set user_id = user_id where user_id = ${userId}`));
      expect(touched, `update of ${table}`).toEqual([userId]);
    }
    const removed = await announcedDuring(() => db.execute(sql`delete from answer_search_queries where user_id = ${userId}`));
    expect(removed).toEqual([userId]);
    const inserted = await announcedDuring(() =>
      db.execute(sql`insert into answer_search_queries (answer_id, user_id, analysis_id, provider, category, answered_at, position, query)
        select id, user_id, analysis_id, provider, category, answered_at, 1000, 'one more' from analysis_answers where user_id = ${userId}`),
    );
    expect(inserted).toEqual([userId]);

    const other = await userWithProfile();
    const row = await announcedDuring(() => db.update(users).set({ firstName: "Grace" }).where(eq(users.id, other.userId)));
    expect(row).toEqual([other.userId]);
    const both = await announcedDuring(() => db.execute(sql`update seo_profiles set brand_name = brand_name where user_id in (${userId}, ${other.userId})`));
    expect(both.sort()).toEqual([userId, other.userId].sort());
    const shared = await announcedDuring(() => db.execute(sql`update plans set name = name where id = 'pro'`));
    expect(shared).toEqual([EVERYONE]);
  });
});

describe("kept answers", () => {
  test("are read once, then kept while nothing announces a change", async () => {
    const { read, userId } = await userWithProfile();
    expect((await read.summary()).profile.profile.first_name).toBeNull();
    expect((await read.seoProfile()).BrandName).toBe("Acme");
    expect((await read.searchConsole()).is_connected).toBe(false);
    await unannounced(async (tx) => {
      await tx.update(users).set({ firstName: "Unheard" }).where(eq(users.id, userId));
      await tx.update(seoProfiles).set({ brandName: "Unheard" }).where(eq(seoProfiles.userId, userId));
      await tx.insert(searchConsoleConnections).values({ userId, source: "demo" });
    });
    expect((await read.summary()).profile.profile.first_name).toBeNull();
    expect((await read.seoProfile()).BrandName).toBe("Acme");
    expect((await read.searchConsole()).is_connected).toBe(false);
  });

  test("a change made by another process, to any row the pages read, is seen once announced", async () => {
    const { read, userId, session } = await userWithProfile();
    await Promise.all([read.summary(), read.seoProfile(), read.searchConsole()]);
    const db = await api.db();
    // Each change is written straight to the database, as another process would; the test's next
    // request waits until this process has heard what was committed (tests/helpers/api.ts).
    const changes: [string, () => Promise<unknown>, () => Promise<void>][] = [
      [
        "users",
        () => db.update(users).set({ firstName: "Grace", websiteUrl: "https://grace.example" }).where(eq(users.id, userId)),
        async () => {
          expect((await read.summary()).profile.profile.first_name).toBe("Grace");
          expect((await read.seoProfile()).WebsiteURL).toBe("https://grace.example");
        },
      ],
      [
        "user_identities",
        () => db.insert(userIdentities).values({ userId, provider: "google", subject: `sub-${userId}`, email: session.user.email }),
        async () => expect((await read.summary()).profile.identities.map((identity) => identity.provider)).toEqual(["google"]),
      ],
      [
        "subscriptions",
        () => db.insert(subscriptions).values({ userId, planId: "pro", status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) }),
        async () => expect((await read.summary()).subscription).toMatchObject({ plan_id: "pro", status: "active" }),
      ],
      [
        "cart_items",
        async () => {
          const admin = api.client("backlinks", { token: (await api.signInAdmin()).access_token });
          const site = await json(await admin.admin.sites.$post({ json: siteBody(`changes-${randomBytes(4).toString("hex")}.com`) }), 201);
          await read.summary(); // the catalogue's change forgot everyone: kept again
          await db.insert(cartItems).values({
            ...{ userId, siteId: site.id, pageId: site.id, domainId: site.id, siteData: {} },
            ...{ linkType: "link_insertion_permanent", priceAtAdd: 100, currency: "EUR" },
          });
        },
        async () => expect((await read.summary()).cart.total_items).toBe(1),
      ],
      [
        "seo_profiles",
        () => db.update(seoProfiles).set({ brandName: "Acme Labs" }).where(eq(seoProfiles.userId, userId)),
        async () => expect((await read.seoProfile()).BrandName).toBe("Acme Labs"),
      ],
      [
        "search_console_connections",
        () => db.insert(searchConsoleConnections).values({ userId, source: "demo", connectedSite: "https://acme.example/" }),
        async () => expect(await read.searchConsole()).toMatchObject({ is_connected: true, connected_site: "https://acme.example/" }),
      ],
    ];
    for (const [table, change, check] of changes) {
      await change();
      await check().catch((error: Error) => {
        throw new Error(`after a change to ${table}: ${error.message}`);
      });
    }
  });

  test("a change to what everyone reads reaches every user's kept answers", async () => {
    const mine = await userWithProfile();
    const before = await mine.read.courses();
    const admin = api.client("academy", { token: (await api.signInAdmin()).access_token });
    const slug = `kept-${randomBytes(4).toString("hex")}`;
    const course = await json(await admin.admin.courses.$post({ json: { slug, title: "Announced to all" } }), 201);
    expect(await mine.read.courses()).toEqual(before);
    await json(await admin.admin.courses[":id"].publish.$post({ param: { id: course.id }, json: { is_published: true } }), 200);
    expect((await mine.read.courses()).map((kept) => kept.slug)).toContain(slug);
  });

  test("a second factor turned on elsewhere asks this session for its code at once", async () => {
    const { session, read, userId } = await userWithProfile();
    await read.summary();
    const db = await api.db();
    await db.insert(authFactors).values({ userId, secretSealed: "sealed", status: "verified" });
    const refused = await api.client("user", { token: session.access_token }).summary.$get();
    expect(refused.status).toBe(403);
  });

  test("another user's change leaves this user's answers kept", async () => {
    const mine = await userWithProfile();
    const theirs = await userWithProfile();
    await mine.read.summary();
    await unannounced((tx) => tx.update(users).set({ firstName: "Unheard" }).where(eq(users.id, mine.userId)));
    const db = await api.db();
    await db.update(users).set({ firstName: "Theirs" }).where(eq(users.id, theirs.userId));
    expect((await mine.read.summary()).profile.profile.first_name).toBeNull();
    expect((await theirs.read.summary()).profile.profile.first_name).toBe("Theirs");
  });

  test("a form's change is heard before its answer goes out: the next read, sent at once, shows it", async () => {
    const { session } = await userWithProfile();
    const now = { unheard: true, token: session.access_token };
    const summary = async () => json(await api.client("user", now).summary.$get(), 200);
    const seoProfile = async () => json(await api.client("seoProfile", now).index.$get(), 200);
    await Promise.all([summary(), seoProfile()]);
    // On PostgreSQL the announcement comes on another connection, usually within the same
    // millisecond: what the API waits for is watched, not raced.
    const watch = (await runtime()).userChanges;
    const settled = watch.settled;
    const events: string[] = [];
    watch.settled = async () => {
      events.push("waits");
      await settled();
      events.push("heard");
    };
    try {
      for (const name of ["Ada", "Grace"]) {
        events.length = 0;
        const answer = await api.client("user", now).profile.$patch({ json: { first_name: name } });
        events.push("answered");
        await json(answer, 200);
        expect((await summary()).profile.profile.first_name).toBe(name);
        await json(await api.client("seoProfile", now).index.$patch({ json: { BrandName: `${name}'s` } }), 200);
        expect((await seoProfile()).BrandName).toBe(`${name}'s`);
        expect(events.slice(0, 3)).toEqual(["waits", "heard", "answered"]);
      }
      // A kept read, even a POST, waits for nothing.
      events.length = 0;
      await json(await api.client("quota", now).check.$post(), 200);
      expect(events).toEqual([]);
    } finally {
      watch.settled = settled;
    }
  });

  test("PostgreSQL: a listener whose own test announcement never reaches it does not count as listening", { timeout: 20_000 }, async () => {
    const { handle } = await runtime();
    if (handle.driver !== "pg") return;
    // What a pooler in transaction mode does to announcements: they go to some other client.
    const query = pg.Client.prototype.query;
    const lost = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] === "string" && args[0].startsWith("SELECT pg_notify")) return Promise.resolve({ rows: [] }) as never;
      return (query as (...rest: unknown[]) => unknown).apply(this, args) as never;
    });
    const states: boolean[] = [];
    const watch = await watchUserChanges(handle, { changed: () => {}, listening: (value) => states.push(value) });
    try {
      expect(states).toEqual([]);
      lost.mockRestore();
      // It tries again, and once its announcement arrives it listens.
      await expect.poll(() => states, { timeout: 10_000, interval: 100 }).toEqual([true]);
    } finally {
      lost.mockRestore();
      await watch.close();
    }
  });

  test("PostgreSQL: while the listener's connection is lost nothing is kept, and it comes back by itself", async () => {
    if ((await runtime()).handle.driver !== "pg") return;
    const { read, userId } = await userWithProfile();
    await read.summary();
    const db = await api.db();
    await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'sightline-user-changes'`);
    // What changes while nobody listens is read afresh: nothing is kept until the listener is back.
    await unannounced((tx) => tx.update(users).set({ firstName: "Meanwhile" }).where(eq(users.id, userId)));
    await expect.poll(async () => (await read.summary()).profile.profile.first_name, { timeout: 5_000 }).toBe("Meanwhile");
    const listeners = async () => {
      const result = (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'sightline-user-changes'`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n;
    };
    await expect.poll(listeners, { timeout: 10_000, interval: 200 }).toBe(1);
    // Listening again: kept, and changes are heard.
    await read.summary();
    await unannounced((tx) => tx.update(users).set({ firstName: "Unheard" }).where(eq(users.id, userId)));
    expect((await read.summary()).profile.profile.first_name).toBe("Meanwhile");
    await db.update(users).set({ firstName: "Heard" }).where(eq(users.id, userId));
    expect((await read.summary()).profile.profile.first_name).toBe("Heard");
  });
});
