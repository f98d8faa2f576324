import { describe, expect, test } from "vitest";
import { json, uniqueEmail, useApi } from "../helpers/api";

const api = useApi();

const userOf = (token?: string) => api.client("user", { token });

describe("GET /user/profile", () => {
  test("returns the signed-in user's profile", async () => {
    const email = uniqueEmail();
    const session = await api.signIn(email);
    const res = await userOf(session.access_token).profile.$get();
    expect(await json(res, 200)).toEqual({
      id: session.user.id,
      email,
      role: "user",
      locale: "en",
      created_at: session.user.created_at,
      profile: { first_name: null, last_name: null, company: null, profile_picture_url: null },
      WebsiteURL: null,
      identities: [],
    });
  });
});

describe("PATCH /user/profile", () => {
  test("updates names and website, trimmed and normalised to https", async () => {
    const user = userOf((await api.signIn()).access_token);
    const patched = await json(await user.profile.$patch({ json: { first_name: "  Ada ", last_name: "Lovelace", website_url: "example.com" } }), 200);
    expect(patched.profile).toMatchObject({ first_name: "Ada", last_name: "Lovelace" });
    expect(patched.WebsiteURL).toBe("https://example.com");

    const again = await user.profile.$get();
    expect(await again.json()).toEqual(patched);
  });

  test("turns http into https and keeps the path", async () => {
    const user = userOf((await api.signIn()).access_token);
    const patched = await json(await user.profile.$patch({ json: { website_url: "http://x.fr/a" } }), 200);
    expect(patched.WebsiteURL).toBe("https://x.fr/a");
  });

  test("only the fields sent change; an empty string clears one", async () => {
    const user = userOf((await api.signIn()).access_token);
    await user.profile.$patch({ json: { first_name: "Grace", last_name: "Hopper", website_url: "https://navy.example" } });
    const res = await user.profile.$patch({ json: { last_name: "", locale: "fr" } });
    expect(await json(res, 200)).toMatchObject({
      locale: "fr",
      profile: { first_name: "Grace", last_name: null },
      WebsiteURL: "https://navy.example",
    });
  });

  test("an invalid website is a 400 with errors.website_url, and nothing changes", async () => {
    const user = userOf((await api.signIn()).access_token);
    for (const website of ["not a website", "localhost", "ftp://files.example.com", "https://user:pw@example.com"]) {
      const res = await user.profile.$patch({ json: { first_name: "Alan", website_url: website } });
      expect((await json(res, 400, website)).errors?.website_url, website).toEqual([{ code: "invalid_format", message: "Not a valid website address" }]);
    }
    const profile = await json(await user.profile.$get(), 200);
    expect(profile.profile.first_name).toBeNull();
    expect(profile.WebsiteURL).toBeNull();
  });

  test("names are checked: at least 2 and at most 50 characters", async () => {
    const user = userOf((await api.signIn()).access_token);
    const short = await json(await user.profile.$patch({ json: { first_name: "A" } }), 400);
    expect(short.errors?.first_name).toEqual([{ code: "too_short", message: "At least 2 characters" }]);
    const long = await json(await user.profile.$patch({ json: { last_name: "x".repeat(51) } }), 400);
    expect(long.errors?.last_name).toEqual([{ code: "too_long", message: "At most 50 characters" }]);
  });

  test("the company: 2 to 100 characters, trimmed; empty clears it", async () => {
    const user = userOf((await api.signIn()).access_token);
    expect((await json(await user.profile.$patch({ json: { company: " Acme " } }), 200)).profile.company).toBe("Acme");
    const long = await json(await user.profile.$patch({ json: { company: "c".repeat(101) } }), 400);
    expect(long.errors?.company).toEqual([{ code: "too_long", message: "At most 100 characters" }]);
    expect((await json(await user.profile.$patch({ json: { company: "" } }), 200)).profile.company).toBeNull();
  });

  test("without a token it is a 401", async () => {
    const res = await userOf().profile.$patch({ json: { first_name: "Nobody" } });
    expect(res.status).toBe(401);
  });
});

describe("one user's token reaches only that user's data", () => {
  test("A's edits change A and leave B alone", async () => {
    const a = await api.signIn();
    const b = await api.signIn();
    await userOf(b.access_token).profile.$patch({ json: { first_name: "Bea", website_url: "b.example" } });

    // Fields that name another account are not part of the contract (so not in the client's types) and must not be honoured.
    const patched = await api.raw("PATCH", "/user/profile", {
      token: a.access_token,
      body: { first_name: "Alice", website_url: "a.example", id: b.user.id, email: b.user.email },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: a.user.id, email: a.user.email, profile: { first_name: "Alice" }, WebsiteURL: "https://a.example" });

    const seenByA = await json(await userOf(a.access_token).profile.$get(), 200);
    expect(seenByA.id).toBe(a.user.id);
    const seenByB = await userOf(b.access_token).profile.$get();
    expect(await seenByB.json()).toMatchObject({ id: b.user.id, email: b.user.email, profile: { first_name: "Bea" }, WebsiteURL: "https://b.example" });
  });
});

describe("PATCH /user/profile with input the database cannot store", () => {
  test("a NUL byte in a name is a 400 on the field, never a 500", async () => {
    const user = userOf((await api.signIn()).access_token);
    const res = await user.profile.$patch({ json: { first_name: "Ad\u0000a" } });
    expect((await json(res, 400)).errors?.first_name?.length).toBeGreaterThan(0);
  });
});
