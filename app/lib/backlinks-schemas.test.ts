import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { ConfigureFormSchema, ItemStatusFormSchema, SiteFormSchema } from "./backlinks-schemas";

const ID = "0b4a8a52-8d0c-4a53-9a8c-2f1a3c1d7e10";
/** A refused submission's errors by field (a successful one has none). */
const errorsOf = (submission: object) => ("error" in submission ? submission.error : undefined);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("configure a cart line", () => {
  test("normalises the address as the API does and trims the anchor", () => {
    const submission = parseWithZod(form({ id: ID, target_url: "http://acme.example/pricing", anchor_text: "  Acme pricing " }), { schema: ConfigureFormSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ id: ID, target_url: "https://acme.example/pricing", anchor_text: "Acme pricing" });
  });

  test("errors are translation keys at their fields", () => {
    const submission = parseWithZod(form({ id: ID, target_url: "not a site", anchor_text: "x".repeat(101) }), { schema: ConfigureFormSchema });
    expect(errorsOf(submission)).toEqual({ target_url: ["backlinks:fieldErrors.url.invalid"], anchor_text: ["backlinks:fieldErrors.anchor_text.too_long"] });
    const empty = parseWithZod(form({ id: ID, target_url: "", anchor_text: " " }), { schema: ConfigureFormSchema });
    expect(errorsOf(empty)).toMatchObject({ target_url: ["backlinks:fieldErrors.target_url.required"], anchor_text: ["backlinks:fieldErrors.anchor_text.required"] });
  });
});

describe("move an order item on", () => {
  test("published needs the live address", () => {
    const refused = parseWithZod(form({ id: ID, status: "published", published_url: "" }), { schema: ItemStatusFormSchema });
    expect(errorsOf(refused)).toEqual({ published_url: ["backlinks:fieldErrors.published_url.required"] });
    const published = parseWithZod(form({ id: ID, status: "published", published_url: "news.example/post" }), { schema: ItemStatusFormSchema });
    expect(published.status === "success" && published.value).toEqual({ id: ID, status: "published", published_url: "https://news.example/post", note: null });
    const started = parseWithZod(form({ id: ID, status: "in_progress" }), { schema: ItemStatusFormSchema });
    expect(started.status === "success" && started.value).toEqual({ id: ID, status: "in_progress", published_url: null, note: null });
  });
});

describe("a catalogue site", () => {
  const site = {
    url: "https://www.news.example",
    dr: "54",
    da: "50",
    traffic: "120000",
    currency: "EUR",
    category: "news",
    language: "fr",
    country: "fr",
    dofollow: "on",
    turnaround_days: "7",
    sample_url: "",
    "offers.sponsored_article_permanent": "249",
    "offers.link_insertion_permanent": "149,50",
    "offers.link_insertion_12_months": "",
  };

  test("figures as numbers, offers in cents, the ones left empty not sold", () => {
    const submission = parseWithZod(form(site), { schema: SiteFormSchema });
    expect(submission.status === "success" && submission.value).toEqual({
      url: "https://www.news.example",
      dr: 54,
      da: 50,
      traffic: 120000,
      currency: "EUR",
      category: "news",
      language: "fr",
      country: "FR",
      dofollow: true,
      turnaround_days: 7,
      sample_url: null,
      offers: { sponsored_article_permanent: 24900, link_insertion_permanent: 14950 },
    });
  });

  test("an unchecked box is nofollow; no offer at all and bad figures are refused at their fields", () => {
    const { dofollow: _, ...nofollow } = site;
    const ok = parseWithZod(form(nofollow), { schema: SiteFormSchema });
    expect(ok.status === "success" && ok.value.dofollow).toBe(false);
    const refused = parseWithZod(
      form({ ...site, dr: "101", country: "France", "offers.sponsored_article_permanent": "", "offers.link_insertion_permanent": "", turnaround_days: "0" }),
      { schema: SiteFormSchema },
    );
    expect(errorsOf(refused)).toMatchObject({
      dr: ["backlinks:fieldErrors.score"],
      country: ["backlinks:fieldErrors.country"],
      turnaround_days: ["backlinks:fieldErrors.turnaround_days"],
      offers: ["backlinks:fieldErrors.offers.required"],
    });
    const price = parseWithZod(form({ ...site, "offers.link_insertion_permanent": "0.50" }), { schema: SiteFormSchema });
    expect(errorsOf(price)).toMatchObject({ "offers.link_insertion_permanent": ["backlinks:fieldErrors.price.too_small"] });
  });
});
