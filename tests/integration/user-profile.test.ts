import { describe, expect, test } from "vitest";
import { uniqueEmail, useApi } from "../helpers/api";

const api = useApi();

describe("GET /user/profile", () => {
  test("returns the signed-in user's profile", async () => {
    const email = uniqueEmail();
    const session = await api.signIn(email);
    const res = await api.request("GET", "/user/profile", { token: session.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: session.user.id,
      email,
      role: "user",
      locale: "en",
      created_at: session.user.created_at,
      profile: { first_name: null, last_name: null, profile_picture_url: null },
      WebsiteURL: null,
    });
  });
});

describe("PATCH /user/profile", () => {
  test("updates names and website, trimmed and normalised to https", async () => {
    const session = await api.signIn();
    const res = await api.request("PATCH", "/user/profile", {
      token: session.access_token,
      body: { first_name: "  Ada ", last_name: "Lovelace", website_url: "example.com" },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ first_name: "Ada", last_name: "Lovelace" });
    expect(res.body.WebsiteURL).toBe("https://example.com");

    const again = await api.request("GET", "/user/profile", { token: session.access_token });
    expect(again.body).toEqual(res.body);
  });

  test("turns http into https and keeps the path", async () => {
    const session = await api.signIn();
    const res = await api.request("PATCH", "/user/profile", { token: session.access_token, body: { website_url: "http://x.fr/a" } });
    expect(res.status).toBe(200);
    expect(res.body.WebsiteURL).toBe("https://x.fr/a");
  });

  test("only the fields sent change; an empty string clears one", async () => {
    const session = await api.signIn();
    await api.request("PATCH", "/user/profile", {
      token: session.access_token,
      body: { first_name: "Grace", last_name: "Hopper", website_url: "https://navy.example" },
    });
    const res = await api.request("PATCH", "/user/profile", { token: session.access_token, body: { last_name: "", locale: "fr" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      locale: "fr",
      profile: { first_name: "Grace", last_name: null },
      WebsiteURL: "https://navy.example",
    });
  });

  test("an invalid website is a 400 with errors.website_url, and nothing changes", async () => {
    const session = await api.signIn();
    for (const website of ["not a website", "localhost", "ftp://files.example.com", "https://user:pw@example.com"]) {
      const res = await api.request("PATCH", "/user/profile", { token: session.access_token, body: { first_name: "Alan", website_url: website } });
      expect(res.status, website).toBe(400);
      expect(res.body.errors.website_url, website).toEqual([{ code: "invalid_format", message: "Not a valid website address" }]);
    }
    const profile = await api.request("GET", "/user/profile", { token: session.access_token });
    expect(profile.body.profile.first_name).toBeNull();
    expect(profile.body.WebsiteURL).toBeNull();
  });

  test("names are checked: at least 2 and at most 50 characters", async () => {
    const session = await api.signIn();
    const short = await api.request("PATCH", "/user/profile", { token: session.access_token, body: { first_name: "A" } });
    expect(short.status).toBe(400);
    expect(short.body.errors.first_name).toEqual([{ code: "too_short", message: "At least 2 characters" }]);
    const long = await api.request("PATCH", "/user/profile", { token: session.access_token, body: { last_name: "x".repeat(51) } });
    expect(long.status).toBe(400);
    expect(long.body.errors.last_name).toEqual([{ code: "too_long", message: "At most 50 characters" }]);
  });

  test("without a token it is a 401", async () => {
    const res = await api.request("PATCH", "/user/profile", { body: { first_name: "Nobody" } });
    expect(res.status).toBe(401);
  });
});

describe("one user's token reaches only that user's data", () => {
  test("A's edits change A and leave B alone", async () => {
    const a = await api.signIn();
    const b = await api.signIn();
    await api.request("PATCH", "/user/profile", { token: b.access_token, body: { first_name: "Bea", website_url: "b.example" } });

    const patched = await api.request("PATCH", "/user/profile", {
      token: a.access_token,
      // Fields that name another account are not part of the contract and must not be honoured.
      body: { first_name: "Alice", website_url: "a.example", id: b.user.id, email: b.user.email },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: a.user.id, email: a.user.email, profile: { first_name: "Alice" }, WebsiteURL: "https://a.example" });

    const seenByA = await api.request("GET", "/user/profile", { token: a.access_token });
    expect(seenByA.body.id).toBe(a.user.id);
    const seenByB = await api.request("GET", "/user/profile", { token: b.access_token });
    expect(seenByB.body).toMatchObject({ id: b.user.id, email: b.user.email, profile: { first_name: "Bea" }, WebsiteURL: "https://b.example" });
  });
});

describe("PATCH /user/profile with input the database cannot store", () => {
  test("a NUL byte in a name is a 400 on the field, never a 500", async () => {
    const session = await api.signIn();
    const res = await api.request("PATCH", "/user/profile", { token: session.access_token, body: { first_name: "Ad\u0000a" } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.first_name?.length).toBeGreaterThan(0);
  });
});
