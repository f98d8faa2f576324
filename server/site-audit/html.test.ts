import { describe, expect, it } from "vitest";
import { ACME_HOME } from "../../tests/fakes/sites";
import { extractPage } from "./html";
import { readJsonLd } from "./json-ld";

const ORIGIN = "https://acme.example";
const acme = () => extractPage(ACME_HOME.replaceAll("{origin}", ORIGIN), `${ORIGIN}/`);

describe("extractPage", () => {
  it("reads what a home page says about its site", () => {
    const page = acme();
    expect(page).toMatchObject({
      title: "Acme Books — Bookkeeping software for small businesses",
      description: expect.stringMatching(/^Acme Books is online bookkeeping software/),
      lang: "en",
      og_site_name: "Acme Books",
      canonical: "https://acme.example/",
      hreflang: [
        { lang: "fr", href: "https://acme.example/fr/" },
        { lang: "x-default", href: "https://acme.example/" },
      ],
      favicon: "https://acme.example/static/favicon.svg",
      favicon_declared: true,
      h1: ["Bookkeeping software that does the books for you"],
      meta_robots: [],
    });
    expect(page.headings.map((heading) => `${heading.level} ${heading.text}`)).toEqual([
      "1 Bookkeeping software that does the books for you",
      "2 Automatic invoicing",
      "2 Bank reconciliation",
      "2 Tax reports",
      "3 Bookkeeping software for freelancers",
    ]);
    expect(page.schema_org).toEqual({
      blocks: 1,
      invalid_blocks: 0,
      types: ["Organization", "WebSite"],
      organization: { name: "Acme Books Ltd", url: "https://acme.example/", same_as: ["https://www.linkedin.com/company/acme-books", "https://twitter.com/acmebooks"] },
      website: { name: "Acme Books", url: "https://acme.example/", same_as: [] },
    });
  });

  it("keeps the visible text, one line per block, without navigation, footer or scripts", () => {
    const { text } = acme();
    const lines = text.split("\n");
    expect(lines[0]).toBe("Bookkeeping software that does the books for you");
    expect(lines[1]).toBe(
      "Acme Books is online bookkeeping software for small businesses and freelancers. Send invoices, reconcile bank transactions and file tax reports without an accountant.",
    );
    expect(text).not.toMatch(/Log in|Pricing|All rights reserved|schema\.org/);
  });

  it("copes with the pages of the wild", () => {
    const page = extractPage(
      `<html lang=" fr-CA "><head>
        <base href="https://cdn.example/assets/">
        <link rel="shortcut icon" href="icon.ico"><link rel="canonical" href="javascript:alert(1)">
        <meta name="GPTBot" content="noindex"><meta name="robots" content="max-snippet:50, NOAI"><meta name="viewport" content="width=device-width">
        <meta name="keywords" content="follow, all, index"><meta name="Google-Extended" content="noai">
        <meta name="description" content="  Spaces
          everywhere  ">
      </head><body>
        <svg><title>Logo</title></svg>
        <p hidden>Hidden text</p><div aria-hidden="true">Decoration</div><template><p>Template</p></template>
        <p>Caf&eacute; &amp; cr&egrave;me <em>br&ucirc;l&eacute;e</em></p><h1>  </h1>
        <form><p>Inside a form, as ASP.NET pages are</p></form>
      </body></html>`,
      "https://www.example.fr/accueil",
    );
    expect(page).toMatchObject({
      title: null,
      description: "Spaces everywhere",
      lang: "fr-CA",
      canonical: null,
      favicon: "https://cdn.example/assets/icon.ico",
      h1: [],
      meta_robots: [
        { name: "gptbot", content: "noindex" },
        { name: "robots", content: "max-snippet:50, noai" },
        { name: "google-extended", content: "noai" },
      ],
    });
    expect(page.text).toBe("Café & crème brûlée\nInside a form, as ASP.NET pages are");
  });

  it("falls back to /favicon.ico, where browsers look", () => {
    expect(extractPage("<title>x</title>", "https://example.com/a/b")).toMatchObject({ favicon: "https://example.com/favicon.ico", favicon_declared: false });
  });
});

describe("readJsonLd", () => {
  it("reads @graph, nested organisations, typed arrays, IRIs and language maps", () => {
    const facts = readJsonLd([
      JSON.stringify({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": ["WebPage"], publisher: { "@type": "http://schema.org/Corporation", name: [{ "@value": "Globex" }], sameAs: "https://globex.example/about" } },
          { "@type": "schema:WebSite", name: "Globex Shop" },
        ],
      }),
      JSON.stringify([{ "@type": "Organization", name: "Globex", sameAs: ["https://x.com/globex", "not a link", "https://x.com/globex"] }]),
    ]);
    expect(facts).toEqual({
      blocks: 2,
      invalid_blocks: 0,
      types: ["Corporation", "Organization", "WebPage", "WebSite"],
      organization: { name: "Globex", url: null, same_as: ["https://globex.example/about", "https://x.com/globex"] },
      website: { name: "Globex Shop", url: null, same_as: [] },
    });
  });

  it("repairs what search engines forgive and counts what cannot be read", () => {
    const facts = readJsonLd([
      '<!-- {"@type": "Organization", "name": "Commented"} -->',
      '//<![CDATA[\n{"@type": "WebSite", "name": "Wrapped",}\n//]]>',
      '{"@type": "Organization", "description": "a line\nbreak typed in a string"};',
      '{"@type": "Product", "name": "Comté 24 mois",',
      "",
    ]);
    expect(facts).toMatchObject({ blocks: 5, invalid_blocks: 2, organization: { name: "Commented" }, website: { name: "Wrapped" } });
  });

  it("says when there is nothing to read", () => {
    expect(readJsonLd([])).toEqual({ blocks: 0, invalid_blocks: 0, types: [], organization: null, website: null });
  });
});
