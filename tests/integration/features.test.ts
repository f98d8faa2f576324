import { describe, expect, test } from "vitest";
import { PLANNED_WINDOWS, UPCOMING_FEATURES } from "#domain/upcoming-features";
import { json, refusal, useApi, withEnv } from "../helpers/api";

/**
 * Issue 17: the "Soon" sections' "Notify me" (per user, idempotent, unknown names 404), the team's
 * waitlists and opening a feature (one e-mail per waiting user, in their language, and the list
 * emptied), and the admin-only configuration report; who may see and change what.
 */
const api = useApi();

const features = (token: string) => api.client("features", { token });
const notifyOf = (body: { features: Array<{ id: string; notify: boolean }> }) => Object.fromEntries(body.features.map((feature) => [feature.id, feature.notify]));

describe("notify me", () => {
  test("lists every upcoming feature with its planned quarter; subscribing and stopping are idempotent", async () => {
    const session = await api.signIn();
    const mine = features(session.access_token);

    const before = await json(await mine.index.$get(), 200);
    expect(before.email).toBe(session.user.email);
    expect(before.features.map((feature) => feature.id)).toEqual([...UPCOMING_FEATURES]);
    expect(before.features.find((feature) => feature.id === "articles")?.planned).toEqual(PLANNED_WINDOWS.articles);
    expect(Object.values(notifyOf(before))).toEqual([false, false, false, false]);

    for (let i = 0; i < 2; i++) {
      expect(await json(await mine[":feature"].notify.$put({ param: { feature: "articles" } }), 200)).toMatchObject({ id: "articles", notify: true });
    }
    expect(notifyOf(await json(await mine.index.$get(), 200))).toEqual({ recherche: false, articles: true, "seo-silos": false, "agent-seo": false });

    for (let i = 0; i < 2; i++) {
      expect(await json(await mine[":feature"].notify.$delete({ param: { feature: "articles" } }), 200)).toMatchObject({ id: "articles", notify: false });
    }
    expect(notifyOf(await json(await mine.index.$get(), 200)).articles).toBe(false);
  });

  test("a feature nobody plans is 404 unknown_feature; a name too long is 400; no session is 401", async () => {
    const { access_token: token } = await api.signIn();
    for (const method of ["PUT", "DELETE"]) {
      for (const name of ["audit", "RECHERCHE", "nothing", "%F0%9F%98%80", "recherche%20"]) {
        expect(refusal(await api.raw(method, `/features/${name}/notify`, { token }), 404, `${method} ${name}`).code).toBe("unknown_feature");
      }
      expect(refusal(await api.raw(method, `/features/${"x".repeat(41)}/notify`, { token }), 400).errors?.feature?.[0]?.code).toBeTruthy();
      refusal(await api.raw(method, "/features/articles/notify"), 401);
    }
    refusal(await api.raw("GET", "/features"), 401);
  });

  test("one user can neither see nor change another's subscriptions", async () => {
    const alice = await api.signIn();
    const bob = await api.signIn();
    await json(await features(alice.access_token)[":feature"].notify.$put({ param: { feature: "seo-silos" } }), 200);

    // Bob sees only his own (none), and stopping "his" seo-silos leaves Alice's in place.
    expect(notifyOf(await json(await features(bob.access_token).index.$get(), 200))["seo-silos"]).toBe(false);
    await json(await features(bob.access_token)[":feature"].notify.$delete({ param: { feature: "seo-silos" } }), 200);
    expect(notifyOf(await json(await features(alice.access_token).index.$get(), 200))["seo-silos"]).toBe(true);
    // No route takes a user id: naming Alice's changes nothing, the caller is always the token's user.
    const asked = await api.raw("GET", `/features?user_id=${alice.user.id}`, { token: bob.access_token });
    expect(asked.status).toBe(200);
    expect(notifyOf(asked.body as { features: Array<{ id: string; notify: boolean }> })["seo-silos"]).toBe(false);
  });
});

describe("the team's side", () => {
  test("an admin sees the waitlists and opens a feature: one e-mail per waiting user, in their language, then an empty list", async () => {
    const admin = await api.signInAdmin();
    const [en, fr, other] = [await api.signIn(), await api.signIn(), await api.signIn()];
    await json(await api.client("user", { token: fr.access_token }).profile.$patch({ json: { locale: "fr" } }), 200);
    for (const user of [en, fr]) {
      // Twice: still one row, so still one e-mail.
      await json(await features(user.access_token)[":feature"].notify.$put({ param: { feature: "agent-seo" } }), 200);
      await json(await features(user.access_token)[":feature"].notify.$put({ param: { feature: "agent-seo" } }), 200);
    }
    await json(await features(other.access_token)[":feature"].notify.$put({ param: { feature: "recherche" } }), 200);

    const waiting = (await json(await features(admin.access_token).admin.waitlists.$get(), 200)).features;
    expect(waiting.find((feature) => feature.id === "agent-seo")?.waiting).toBeGreaterThanOrEqual(2);

    const opened = await json(await features(admin.access_token).admin[":feature"].open.$post({ param: { feature: "agent-seo" } }), 200);
    expect(opened.notified).toBeGreaterThanOrEqual(2);
    expect(opened.failed).toBe(0);

    const [enMails, frMails, otherMails] = await Promise.all([en, fr, other].map((user) => api.mailsTo(user.user.email)));
    const opening = (mails: typeof enMails) => mails.filter((mail) => !/sign-in|connexion/i.test(mail.subject));
    expect(opening(enMails).map((mail) => mail.subject)).toEqual(["SEO agent is now open in Sightline"]);
    expect(opening(enMails)[0].text).toContain("/agent-seo");
    expect(opening(frMails).map((mail) => mail.subject)).toEqual(["Agent SEO est ouvert dans Sightline"]);
    expect(opening(otherMails)).toEqual([]);

    // The list is empty: opening again mails nobody, and the users are no longer waiting.
    expect(notifyOf(await json(await features(en.access_token).index.$get(), 200))["agent-seo"]).toBe(false);
    await json(await features(admin.access_token).admin[":feature"].open.$post({ param: { feature: "agent-seo" } }), 200);
    expect(opening(await api.mailsTo(en.user.email))).toHaveLength(1);
    // Another feature's waitlist is untouched.
    expect(notifyOf(await json(await features(other.access_token).index.$get(), 200)).recherche).toBe(true);
  });

  test("the admin routes refuse a user (403) and name unknown features (404)", async () => {
    const user = await api.signIn();
    const admin = await api.signInAdmin();
    refusal(await api.raw("GET", "/features/admin/waitlists", { token: user.access_token }), 403);
    refusal(await api.raw("POST", "/features/admin/articles/open", { token: user.access_token }), 403);
    refusal(await api.raw("GET", "/admin/configuration", { token: user.access_token }), 403);
    refusal(await api.raw("GET", "/admin/configuration"), 401);
    expect(refusal(await api.raw("POST", "/features/admin/audit/open", { token: admin.access_token }), 404).code).toBe("unknown_feature");
  });
});

describe("the configuration report", () => {
  test("names what is set and what is missing, never a secret's value", async () => {
    const secret = "sk_test_never_shown_4242";
    const restore = withEnv({
      STRIPE_SECRET_KEY: secret,
      OPENAI_API_KEY: "sk-openai-never-shown",
      SMTP_URL: undefined,
      S3_BUCKET: undefined,
      BOOKING_URL: "https://cal.example/sightline",
      LINKEDIN_CLIENT_ID: undefined,
    });
    try {
      const admin = await api.signInAdmin();
      const res = await api.client("adminConfiguration", { token: admin.access_token }).index.$get();
      const text = await res.clone().text();
      const report = await json(res, 200);
      expect(text).not.toContain(secret);
      expect(text).not.toContain("sk-openai-never-shown");

      const chatgpt = report.ai.providers.find((provider) => provider.id === "chatgpt");
      expect(chatgpt).toMatchObject({ configured: true, in_use: true, env: [{ name: "OPENAI_API_KEY", set: true }] });
      expect(report.ai.providers.find((provider) => provider.id === "claude")).toMatchObject({ configured: false, model: null, env: [{ name: "ANTHROPIC_API_KEY", set: false }] });
      expect(report.ai.demo).toBe(false);

      const byId = Object.fromEntries(report.services.map((service) => [service.id, service]));
      expect(byId.payments).toMatchObject({ configured: true, mode: "stripe", env: [{ name: "STRIPE_SECRET_KEY", set: true }, { name: "STRIPE_WEBHOOK_SECRET", set: false }] });
      expect(byId.mail).toMatchObject({ configured: false, mode: "outbox" });
      expect(byId.storage).toMatchObject({ configured: false, mode: "local_disk" });
      expect(byId.linkedin_sign_in).toMatchObject({ configured: false, mode: "disabled" });
      expect(byId.booking).toMatchObject({ configured: true, detail: "https://cal.example/sightline" });
      expect(Object.keys(byId)).toEqual(["payments", "mail", "storage", "google_sign_in", "search_console", "linkedin_sign_in", "booking"]);
    } finally {
      restore();
    }
  });
});
