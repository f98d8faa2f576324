import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, test } from "vitest";
import { fieldErrorsFrom } from "./api-errors";
import { i18nOptions } from "./i18n";

const refused = (code: string, message = `API: ${code}`) => [{ code, message }];

let en: TFunction;
let fr: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nOptions, lng: "en" });
  en = i18n.getFixedT("en");
  fr = i18n.getFixedT("fr");
});

describe("fieldErrorsFrom", () => {
  test("a code is translated for its field, at the field the form names as the API does", () => {
    const error = { errors: { slug: refused("taken"), title: refused("required") } };
    expect(fieldErrorsFrom(error, en, "academyAdmin")).toEqual({
      fieldErrors: { slug: ["Another course already uses this slug"], title: ["Title is required"] },
      formErrors: [],
    });
    expect(fieldErrorsFrom(error, fr, "academyAdmin").fieldErrors.slug).toEqual(["Un autre cours utilise déjà cet identifiant"]);
  });

  test("then for the field it is part of, the namespace, common, and last the API's message", () => {
    const error = { errors: { "link.fr": refused("no_video_id"), description: refused("required"), title: refused("brand_new", "Something new") } };
    expect(fieldErrorsFrom(error, en, "academyAdmin").fieldErrors).toEqual({
      "link.fr": ["Video ID is required"],
      description: ["This field is required."],
      title: ["Something new"],
    });
    expect(fieldErrorsFrom({ errors: { Competitors: refused("competitor_limit") } }, en, "seoSetup").fieldErrors.Competitors).toEqual([
      "Your plan does not track more competitors. Remove one, or upgrade to track more.",
    ]);
  });

  test("lists: a row's field in conform's notation, an item of a list edited as one field on the list", () => {
    const error = { errors: { "Competitors.2.Name": refused("duplicate"), "Keywords.3": refused("too_long"), "ids.0": refused("required") } };
    expect(Object.keys(fieldErrorsFrom(error, en, "seoSetup").fieldErrors)).toEqual(["Competitors[2].Name", "Keywords", "ids"]);
  });

  test("given the form's fields, what it does not show (and the input as a whole) is the form's error", () => {
    const error = { errors: { slug: refused("taken"), chapter_id: refused("invalid_format", "Not a chapter id"), _: refused("invalid_type") } };
    expect(fieldErrorsFrom(error, en, "academyAdmin", ["slug", "title"])).toEqual({
      fieldErrors: { slug: ["Another course already uses this slug"] },
      formErrors: ["This is not in the expected format.", "This is not the expected kind of value."],
    });
    expect(fieldErrorsFrom({}, en)).toEqual({ fieldErrors: {}, formErrors: [] });
  });
});
