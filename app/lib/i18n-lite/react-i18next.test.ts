import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18n } from "./i18next";
import { I18nextProvider, useTranslation } from "./react-i18next";

function Greeting() {
  const { t } = useTranslation("home");
  return createElement("p", null, `${t("hello")} ${t("later")} ${t("count", { count: 2 })}`);
}

/** The `t` a component rendered under `i18n` is given. */
let rendered: ReturnType<typeof useTranslation>["t"] | undefined;
function Capture() {
  rendered = useTranslation("home").t;
  return null;
}
function tRenderedWith(i18n: I18n) {
  renderToString(createElement(I18nextProvider, { i18n }, createElement(Capture)));
  return rendered as NonNullable<typeof rendered>;
}

const render = (i18n: I18n) => renderToString(createElement(I18nextProvider, { i18n }, createElement(Greeting)));

describe("useTranslation's t", () => {
  it("answers a bare key again after a change of language or strings, never from before it", async () => {
    const i18n = new I18n();
    await i18n.init({
      lng: "en",
      fallbackLng: "en",
      resources: { en: { home: { hello: "Hello", count_one: "{{count}} site", count_other: "{{count}} sites" } }, fr: { home: { hello: "Bonjour" } } },
    });
    expect(render(i18n)).toBe("<p>Hello later 2 sites</p>");
    expect(render(i18n)).toBe("<p>Hello later 2 sites</p>");
    i18n.addResourceBundle("en", "home", { later: "See you" }, true, true);
    expect(render(i18n)).toBe("<p>Hello See you 2 sites</p>");
    await i18n.changeLanguage("fr");
    expect(render(i18n)).toBe("<p>Bonjour See you 2 sites</p>");
  });
});

describe("useTranslation's t with options", () => {
  const resources = {
    en: { home: { count_one: "{{count}} site", count_other: "{{count}} sites", hi: "Hi {{name}}", both: "Hi {{name}}{{suffix}}", when: "On {{date}}" } },
    fr: { home: { count_one: "{{count}} site", count_other: "{{count}} sites", hi: "Salut {{name}}" } },
  };
  async function tOf(lng = "en") {
    const i18n = new I18n();
    await i18n.init({ lng, fallbackLng: "en", resources, interpolation: { escapeValue: false } });
    return { i18n, t: tRenderedWith(i18n) };
  }

  it("answers each count and each value with its own string, asked once or many times", async () => {
    const { t } = await tOf();
    for (let round = 0; round < 3; round++) {
      expect(t("count", { count: 1 })).toBe("1 site");
      expect(t("count", { count: 2 })).toBe("2 sites");
      expect(t("count", { count: 0 })).toBe("0 sites");
      expect(t("hi", { name: "Ana" })).toBe("Hi Ana");
      expect(t("hi", { name: "Bo" })).toBe("Hi Bo");
      expect(t("both", { name: "Ana", suffix: "!" })).toBe("Hi Ana!");
      expect(t("hi", { name: "5" })).toBe("Hi 5");
      expect(t("hi", { name: 5 })).toBe("Hi 5");
    }
  });

  it("keeps apart options whose names or values would run together", async () => {
    const { t } = await tOf();
    // Written plainly, both would read `name=a|suffix=b`.
    expect(t("both", { name: "a", suffix: "b" })).toBe("Hi ab");
    expect(t("both", { name: "a|suffix=sb" })).toBe("Hi a|suffix=sb{{suffix}}");
    expect(t("both", { name: "a|6:suffix=2:sb", suffix: "" })).toBe("Hi a|6:suffix=2:sb");
    expect(t("both", { name: "a", suffix: "b" })).toBe("Hi ab");
  });

  it("asks again for options that are not plain values", async () => {
    const { t } = await tOf();
    const first = new Date("2026-01-02T00:00:00Z");
    expect(t("when", { date: { toString: () => "Monday" } })).toBe("On Monday");
    expect(t("when", { date: { toString: () => "Tuesday" } })).toBe("On Tuesday");
    expect(t("when", { date: first })).toBe(`On ${String(first)}`);
  });

  it("never answers from before a change of language or strings", async () => {
    const { i18n, t } = await tOf();
    expect(t("hi", { name: "Ana" })).toBe("Hi Ana");
    i18n.addResourceBundle("en", "home", { hi: "Hello {{name}}" }, true, true);
    expect(tRenderedWith(i18n)("hi", { name: "Ana" })).toBe("Hello Ana");
    await i18n.changeLanguage("fr");
    expect(tRenderedWith(i18n)("hi", { name: "Ana" })).toBe("Salut Ana");
  });
});
