import { randomBytes } from "node:crypto";
import { createCookie as createRouterCookie } from "react-router";
import { describe, expect, test } from "vitest";
import { createCookie } from "./cookies.server";

/** Both readings of one header: ours and React Router's own. */
async function bothRead(header: string, name = "c", secrets?: string[]) {
  const options = secrets ? { secrets } : {};
  return { ours: await createCookie(name, options).parse(header), theirs: await createRouterCookie(name, options).parse(header) };
}

const VALUES: unknown[] = [
  "plain",
  "",
  0,
  -1.5,
  true,
  null,
  { session: { access_token: "eyJ.abc.def", user: { id: "u", email: "ada@example.com" } } },
  ["fr", "en"],
  "é à ü ß — “quotes” ‘single’",
  "日本語 中文 한국어 العربية Русский",
  "emoji 🇫🇷🇬🇧 👩‍💻 \u{1F600}",
  "percent % %25 %zz + / = . @ * -",
  "\u0000 control \u0007 \u001f \u007f",
  "\uFEFFa leading byte-order mark",
  { nested: { deeper: [1, "two", { three: "3️⃣" }] } },
];

describe("the app's cookies read what React Router's read, as React Router reads them", () => {
  test("values React Router wrote", async () => {
    for (const value of VALUES) {
      const written = await createRouterCookie("c").serialize(value);
      const header = `other=1; ${written.split(";")[0]}; last=2`;
      const { ours, theirs } = await bothRead(header);
      expect(ours, JSON.stringify(value)).toEqual(theirs);
      expect(ours).toEqual(value === "" ? "" : value);
    }
  });

  test("values ours wrote: the same Set-Cookie line as React Router's, signed or not, with any options", async () => {
    const expires = new Date("2031-01-02T03:04:05Z");
    const settings: [Parameters<typeof createCookie>[1], Parameters<ReturnType<typeof createCookie>["serialize"]>[1]][] = [
      [{}, undefined],
      [{ secrets: ["s1"] }, undefined],
      [{ secrets: ["clé✓", "older"], httpOnly: true, secure: true, maxAge: 31_536_000, sameSite: "strict", path: "/app" }, undefined],
      [{ secrets: ["s1"], httpOnly: true }, { maxAge: 0 }],
      [{ sameSite: "none", secure: true }, { expires, domain: "example.com" }],
    ];
    for (const [options, serializeOptions] of settings) {
      for (const value of [...VALUES, undefined, { f: () => 1, u: undefined }]) {
        const written = await createCookie("c", options).serialize(value, serializeOptions);
        expect(written, `${JSON.stringify(value)} with ${JSON.stringify(options)}`).toBe(await createRouterCookie("c", options).serialize(value, serializeOptions));
      }
    }
  });

  test("anything else in the cookie: the same answer, {} for what does not decode", async () => {
    const samples = [
      "not base64 at all!",
      "%%%",
      "YWJj", // "abc": not JSON
      btoa("\xff\xfe"), // not UTF-8
      btoa("\xc0\xaf"), // an overlong encoding
      btoa("\xed\xa0\x80"), // an encoded surrogate
      btoa('"\xe2\x82\xac"'), // "€"
      btoa('"\xff"'), // a JSON string holding a byte that is not UTF-8
      btoa('"\xed\xa0\x80"'), // a JSON string holding an encoded surrogate
      btoa('\xef\xbb\xbf"x"'), // a byte-order mark before the JSON: not JSON
      "e30", // "{}" without its padding
      " e30= ",
    ];
    for (let i = 0; i < 300; i++) samples.push(randomBytes(1 + (i % 40)).toString("base64"));
    for (let i = 0; i < 100; i++) samples.push(btoa(String.fromCharCode(...randomBytes(1 + (i % 12)))));
    for (const value of samples) {
      const { ours, theirs } = await bothRead(`c=${encodeURIComponent(value)}`);
      expect(ours, value).toEqual(theirs);
    }
  });

  test("no cookie of that name is null; an empty one is an empty string", async () => {
    for (const header of ["", "other=1", "c=", "c=; other=1"]) {
      const { ours, theirs } = await bothRead(header);
      expect(ours, header).toEqual(theirs);
    }
  });

  test("signed: the right secret, an older one, a wrong one, a value changed or cut", async () => {
    const signed = (await createRouterCookie("c", { secrets: ["s1"] }).serialize({ theme: "dark", n: 1 })).split(";")[0].slice(2);
    const cases: [string, string[]][] = [
      [signed, ["s1"]],
      [signed, ["s0", "s1"]],
      [signed, ["wrong"]],
      [signed.replace(/^./, (first) => (first === "e" ? "f" : "e")), ["s1"]],
      [signed.slice(0, -1), ["s1"]],
      [`${signed}x`, ["s1"]],
      [signed.slice(0, signed.lastIndexOf(".")), ["s1"]],
      [`${signed.slice(0, signed.lastIndexOf("."))}.!!!`, ["s1"]],
      [`${signed.slice(0, signed.lastIndexOf("."))}.`, ["s1"]],
      ["nodot", ["s1"]],
      [`${btoa("not json")}.${signed.slice(signed.lastIndexOf(".") + 1)}`, ["s1"]],
    ];
    for (const [value, secrets] of cases) {
      const { ours, theirs } = await bothRead(`c=${value}`, "c", secrets);
      expect(ours, `${value} with ${secrets}`).toEqual(theirs);
    }
    expect((await bothRead(`c=${signed}`, "c", ["s1"])).ours).toEqual({ theme: "dark", n: 1 });
    // A value React Router signed with a non-ASCII secret, and one it signed whose JSON is not ASCII.
    const unicode = (await createRouterCookie("c", { secrets: ["clé✓"] }).serialize("héllo 👋")).split(";")[0].slice(2);
    expect(await bothRead(`c=${unicode}`, "c", ["clé✓"])).toEqual({ ours: "héllo 👋", theirs: "héllo 👋" });
  });

  test("the rest of the interface is React Router's", () => {
    const ours = createCookie("c", { secrets: ["s"], maxAge: 60 });
    const theirs = createRouterCookie("c", { secrets: ["s"], maxAge: 60 });
    expect([ours.name, ours.isSigned]).toEqual([theirs.name, theirs.isSigned]);
    expect(Math.abs((ours.expires?.getTime() ?? 0) - (theirs.expires?.getTime() ?? 0))).toBeLessThan(1000);
  });
});
