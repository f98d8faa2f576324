import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18n } from "./i18next";
import { I18nextProvider, useTranslation } from "./react-i18next";

function Greeting() {
  const { t } = useTranslation("home");
  return createElement("p", null, `${t("hello")} ${t("later")} ${t("count", { count: 2 })}`);
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
