import { describe, expect, it } from "vitest";
import { ACME_LLMS } from "../../tests/fakes/sites";
import { checkLlmsTxt, type LlmsTxtProblem, parseLlmsTxt } from "./llms-txt";

const URL = "https://acme.example/llms.txt";
const problems = (text: string): LlmsTxtProblem[] => parseLlmsTxt(text, URL).problems;

describe("checkLlmsTxt", () => {
  it("accepts a file in the llmstxt.org format and reads its parts", () => {
    expect(checkLlmsTxt(URL, { status: 200, body: ACME_LLMS, contentType: "text/markdown" })).toEqual({
      url: URL,
      present: true,
      http_status: 200,
      valid: true,
      title: "Acme Books",
      summary: "Online bookkeeping software for small businesses and freelancers.",
      sections: [
        { title: "Docs", links: 2 },
        { title: "Optional", links: 1 },
      ],
      links: 3,
      problems: [],
    });
  });

  it("accepts the minimum: a title alone", () => {
    expect(checkLlmsTxt(URL, { status: 200, body: "# Acme\n" })).toMatchObject({ present: true, valid: true, summary: null, links: 0 });
  });

  it.each([
    ["a 404", { status: 404, body: "Not found" }],
    ["an HTML page (a soft 404)", { status: 200, body: "<!doctype html><html><body># Not found</body></html>", contentType: "text/html" }],
    ["no answer", null],
  ])("counts %s as absent", (_name, response) => {
    expect(checkLlmsTxt(URL, response)).toMatchObject({ present: false, valid: false, problems: [] });
  });
});

describe("problems", () => {
  it("names each departure from the format with its line", () => {
    const text = [
      "Welcome to our shop", // 1
      "", // 2
      "# La Fromagerie", // 3
      "Some details first.", // 4
      "> A summary too late", // 5
      "### Deep heading", // 6
      "## Produits", // 7
      "Nos fromages sont affinés sur place.", // 8
      "- [Comté](https://fromage.example/comte): 24 mois", // 9
      "- Reblochon de Savoie", // 10
      "- [Tomme](mailto:shop@fromage.example)", // 11
      "# Another title", // 12
      "## Vide", // 13
    ].join("\n");
    expect(problems(text)).toEqual([
      { code: "missing_title", line: 1 },
      { code: "misplaced_summary", line: 5 },
      { code: "unexpected_heading", line: 6 },
      { code: "text_in_section", line: 8 },
      { code: "invalid_link", line: 10 },
      { code: "invalid_link_url", line: 11 },
      { code: "multiple_titles", line: 12 },
      { code: "empty_section", line: 13 },
    ]);
  });

  it("says an empty file is empty", () => {
    expect(checkLlmsTxt(URL, { status: 200, body: "\n  \n" })).toMatchObject({ present: true, valid: false, problems: [{ code: "empty", line: 1 }] });
  });

  it("accepts the link forms markdown allows: relative URLs, titles, angle brackets, other bullets", () => {
    const text = "# Acme\n\n## Docs\n\n- [Start](/docs/start)\n* [API](<https://acme.example/api> \"API\"): reference\n+ [Blog](https://acme.example/blog)\n";
    expect(parseLlmsTxt(text, URL)).toMatchObject({ links: 3, problems: [] });
  });

  it("reads a summary over several quoted lines, right after the title", () => {
    expect(parseLlmsTxt("\uFEFF# Acme\n\n> Bookkeeping\n> for freelancers.\n\nDetails.\n", URL)).toMatchObject({
      title: "Acme",
      summary: "Bookkeeping for freelancers.",
      problems: [],
    });
  });
});
