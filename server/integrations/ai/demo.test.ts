import { describe, expect, it } from "vitest";
import { analyzeAnswer } from "../../seo-llm/answer-analysis";
import { createDemoProvider } from "./demo";
import { type AskInput, type AskProfile, ProviderError } from "./types";

const profile = (overrides: Partial<AskProfile> = {}): AskProfile => ({
  brand_name: "Brevio",
  aliases: [],
  website_url: "https://www.brevio.io",
  competitors: [
    { name: "Globex", domain: "globex.com", aliases: [] },
    { name: "Initech", domain: "https://www.initech.fr", aliases: [] },
    { name: "Umbrella CRM", domain: null, aliases: [] },
  ],
  keywords: ["CRM software", "sales pipeline tool"],
  ...overrides,
});

const englishQuestions = [
  "What is the best CRM software in France?",
  "Which CRM software should I choose for a small business?",
  "What CRM software would you recommend?",
  "How does CRM software work?",
  "What should I know before buying a sales pipeline tool?",
  "What are the benefits of CRM software?",
  "What are the alternatives to Globex?",
  "Is there a better option than Initech for CRM software?",
  "Which sales pipeline tool is best for a growing team?",
  "How much does CRM software typically cost?",
  "What are the top-rated sales pipeline tool options right now?",
  "Who are the leading CRM software companies?",
  "What are common mistakes to avoid when choosing CRM software?",
  "Is CRM software worth it for a small business?",
  "What problems does a sales pipeline tool solve?",
  "Which is cheaper, Globex or Initech?",
];

const frenchQuestions = [
  "Quelles solutions recommandez-vous en matière de logiciel CRM en France ?",
  "Comment choisir un fournisseur de logiciel CRM ?",
  "Quelle offre de gestion commerciale choisir pour une petite entreprise ?",
  "Que faut-il savoir avant d'acheter une solution de logiciel CRM ?",
  "Quels critères regarder pour comparer les offres de gestion commerciale ?",
  "Quelles sont les alternatives à Globex ?",
  "Combien coûte en moyenne une offre de logiciel CRM ?",
  "Quelles sont les erreurs à éviter en matière de gestion commerciale ?",
  "Quels gains concrets peut-on attendre d'une offre de logiciel CRM ?",
  "Existe-t-il une meilleure option qu'Initech en matière de logiciel CRM ?",
  "Quelles marques de gestion commerciale sont les plus recommandées en ce moment ?",
  "Quel retour sur investissement espérer d'une offre de logiciel CRM ?",
];

const provider = createDemoProvider({ delayMs: 0 });
const ask = (input: Partial<AskInput> & { question: string }) => provider.ask({ language: "en", country: "FR", profile: profile(), ...input });

/** The bold names at the head of the answer's list items, in order: where the demo put each brand. */
const listedNames = (text: string) => [...text.matchAll(/^(?:\d+\.|-) \*\*(.+?)\*\*/gm)].map((match) => match[1]);

describe("demo provider", () => {
  it("describes itself as the simulated demo", () => {
    expect(provider).toMatchObject({ id: "demo", label: "Demo", model: "sightline-demo-1", simulated: true });
  });

  it("gives the same answer to the same question, and different answers to different ones", async () => {
    const first = await ask({ question: englishQuestions[0] });
    expect(await ask({ question: englishQuestions[0] })).toEqual(first);
    expect(await createDemoProvider({ delayMs: 0 }).ask({ question: englishQuestions[0], language: "en", country: "FR", profile: profile() })).toEqual(first);
    const texts = new Set(await Promise.all(englishQuestions.map(async (question) => (await ask({ question })).text)));
    expect(texts.size).toBeGreaterThan(englishQuestions.length / 2);
  });

  it("writes a markdown list of 3 to 6 bold names between an intro and a closing sentence", async () => {
    for (const question of [...englishQuestions, ...frenchQuestions]) {
      const answer = await ask({ question, language: frenchQuestions.includes(question) ? "fr" : "en" });
      const names = listedNames(answer.text);
      expect(names.length, question).toBeGreaterThanOrEqual(3);
      expect(names.length, question).toBeLessThanOrEqual(6);
      expect(new Set(names).size, question).toBe(names.length);
      const lines = answer.text.split("\n");
      expect(lines[0], question).not.toMatch(/^(?:\d+\.|-) /);
      expect(lines.at(-1), question).toMatch(/[.!]$/);
      expect(answer.model).toBe("sightline-demo-1");
    }
  });

  it("answers in French for a French market and in English otherwise", async () => {
    const french = await ask({ question: frenchQuestions[0], language: "fr", profile: profile({ keywords: ["logiciel CRM"] }) });
    expect(french.text).toMatch(/\b(?:les|des|une|votre|voici)\b/i);
    expect(french.text).not.toMatch(/\b(?:the|which|your)\b/i);
    const english = await ask({ question: englishQuestions[0], language: "de" });
    expect(english.text).toMatch(/\b(?:the|your|these)\b/i);
    expect(english.text).not.toMatch(/\b(?:les|des|voici)\b/i);
  });

  it("leaves the brand out of some answers and lists it at different places in others", async () => {
    const answers = await Promise.all(englishQuestions.slice(0, 12).map((question) => ask({ question })));
    const positions = answers.map((answer) => listedNames(answer.text).indexOf("Brevio"));
    expect(positions.filter((position) => position === -1).length).toBeGreaterThan(0);
    expect(positions.filter((position) => position >= 0).length).toBeGreaterThan(4);
    expect(new Set(positions.filter((position) => position >= 0)).size).toBeGreaterThan(1);
  });

  it("speaks of the brand whenever the question names it", async () => {
    for (const question of ["Is Brevio reliable?", "What do customers say about Brevio?", "Brevio vs Globex: which is better for CRM software?"]) {
      expect(listedNames((await ask({ question })).text), question).toContain("Brevio");
    }
  });

  it("reads, through the answer analysis, exactly as it was written", async () => {
    const cases = [
      ...englishQuestions.map((question) => ({ question, language: "en", profile: profile() })),
      ...frenchQuestions.map((question) => ({ question, language: "fr", profile: profile({ keywords: ["logiciel CRM", "gestion commerciale"] }) })),
    ];
    const sentiments = new Set<string | null>();
    let competitorsFound = 0;
    let untrackedFound = 0;
    for (const input of cases) {
      const answer = await ask(input);
      const analysis = analyzeAnswer({ ...input.profile, market_language: input.language }, answer);
      const names = listedNames(answer.text);
      expect(
        analysis.mentions.map((mention) => mention.name),
        input.question,
      ).toEqual(names);
      const position = names.indexOf("Brevio");
      expect(analysis.brand.mentioned, input.question).toBe(position >= 0);
      expect(analysis.brand.position, input.question).toBe(position >= 0 ? position + 1 : null);
      sentiments.add(analysis.brand.sentiment);
      competitorsFound += analysis.mentions.filter((mention) => mention.tracked && !mention.is_brand).length;
      untrackedFound += analysis.mentions.filter((mention) => !mention.tracked).length;
      expect(analysis.cited_domains.length, input.question).toBeGreaterThanOrEqual(2);
      expect(analysis.search_queries, input.question).toEqual(answer.search_queries);
    }
    expect(competitorsFound).toBeGreaterThan(0);
    expect(untrackedFound).toBeGreaterThan(0);
    expect(sentiments).toContain("positive");
    expect(sentiments).toContain("negative");
    expect(sentiments).toContain(null);
  });

  it("cites 2 to 5 distinct sources and reports 2 or 3 searches in the market language", async () => {
    const domains = new Set<string>();
    for (const question of englishQuestions) {
      const answer = await ask({ question });
      expect(answer.citations.length, question).toBeGreaterThanOrEqual(2);
      expect(answer.citations.length, question).toBeLessThanOrEqual(5);
      expect(new Set(answer.citations.map((citation) => citation.url)).size).toBe(answer.citations.length);
      for (const citation of answer.citations) {
        expect(() => new URL(citation.url)).not.toThrow();
        expect(citation.title).toBeTruthy();
        domains.add(new URL(citation.url).hostname.replace(/^www\./, ""));
      }
      expect(answer.search_queries.length, question).toBeGreaterThanOrEqual(2);
      expect(answer.search_queries.length, question).toBeLessThanOrEqual(3);
      expect(new Set(answer.search_queries).size).toBe(answer.search_queries.length);
    }
    expect(domains).toContain("brevio.io");
    expect([...domains].some((domain) => domain === "globex.com" || domain === "initech.fr")).toBe(true);
    const french = await ask({ question: frenchQuestions[0], language: "fr", profile: profile({ keywords: ["logiciel CRM"] }) });
    expect(french.search_queries.join(" ")).toMatch(/comparatif|avis|quelles/);
  });

  it("answers generically without a profile", async () => {
    const answer = await provider.ask({ question: "Which accounting tool should I pick?", language: "en", country: null });
    expect(listedNames(answer.text).length).toBeGreaterThanOrEqual(3);
    expect(answer.citations.length).toBeGreaterThanOrEqual(2);
    expect(answer.search_queries.length).toBeGreaterThanOrEqual(2);
  });

  it("rejects with a time-out when the call is aborted, before or during the delay", async () => {
    const before = new AbortController();
    before.abort();
    await expect(ask({ question: englishQuestions[0], signal: before.signal })).rejects.toMatchObject({ name: "ProviderError", kind: "timeout" });

    const during = new AbortController();
    const pending = createDemoProvider({ delayMs: 60_000 }).ask({ question: englishQuestions[0], language: "en", country: null, signal: during.signal });
    during.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(true);
  });
});
