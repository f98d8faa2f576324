import { describe, expect, it } from "vitest";
import { clusterQueries, DEFAULT_THRESHOLD, type QueryCluster, type QueryOccurrence } from "./query-clusters";
import { seededRandom } from "../seeded-random";
import { normaliseQuery, querySimilarity } from "./query-forms";

let answerSequence = 0;
const occurrence = (query: string, extra: Partial<QueryOccurrence> = {}): QueryOccurrence => ({
  query,
  provider: "chatgpt",
  answerId: `answer-${++answerSequence}`,
  questionId: "q1",
  questionText: "Quel CRM pour une petite agence ?",
  citations: 0,
  ...extra,
});
const times = (count: number, query: string, extra: Partial<QueryOccurrence> = {}) => Array.from({ length: count }, () => occurrence(query, extra));
const spellingsOf = (clusters: QueryCluster[]) => clusters.map((cluster) => cluster.queries.map((q) => q.query).sort());

/** Deterministic shuffles: a failing seed reproduces. */
function shuffled<T>(items: T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe("normaliseQuery", () => {
  it("ignores word order, case, accents and punctuation", () => {
    expect(normaliseQuery("best crm small agency")).toBe(normaliseQuery("small agency best crm"));
    expect(normaliseQuery("Meilleur CRM, pour PME")).toBe("crm meilleur pme");
    expect(normaliseQuery("meilleur crm pme")).toBe("crm meilleur pme");
    expect(normaliseQuery("Logiciel  de   GESTION — équipe!")).toBe(normaliseQuery("logiciel gestion equipe"));
  });

  it("drops French stop words and elisions, and folds plurals", () => {
    expect(normaliseQuery("les meilleurs logiciels de facturation")).toBe("facturation logiciel meilleur");
    expect(normaliseQuery("meilleur logiciel facturation")).toBe("facturation logiciel meilleur");
    expect(normaliseQuery("l'outil")).toBe("outil");
    expect(normaliseQuery("L’avis d’un expert sur l outil")).toBe(normaliseQuery("avis expert outil"));
    expect(normaliseQuery("c'est quoi un CRM ?")).toBe("crm");
  });

  it("drops English stop words and possessives", () => {
    expect(normaliseQuery("What is the best CRM for a small agency?")).toBe(normaliseQuery("best crm small agency"));
    expect(normaliseQuery("HubSpot's pricing and plans")).toBe(normaliseQuery("hubspot pricing plans"));
    expect(normaliseQuery("best crm for small agencies")).toBe(normaliseQuery("best crm small agency"));
  });

  it("keeps the words that change the intent, numbers and short meaningful words", () => {
    expect(normaliseQuery("best crm vs hubspot 2026")).toBe("2026 best crm hubspot vs");
    expect(normaliseQuery("top 10 crm without contract")).toBe("10 contract crm top without");
    expect(normaliseQuery("how to choose a crm")).toBe("choose crm how");
    expect(normaliseQuery("C programming IT jobs in the US")).toBe("c it job programming us");
    expect(normaliseQuery("business process")).toBe("business process");
  });

  it("keeps a query made only of stop words, and empties a query without letters or digits", () => {
    expect(normaliseQuery("The The")).toBe("the");
    expect(normaliseQuery("  ?!… ")).toBe("");
  });

  it("narrows the stop words to one language when asked", () => {
    expect(normaliseQuery("thé vert")).toBe("vert");
    expect(normaliseQuery("thé vert", "fr")).toBe("the vert");
    expect(normaliseQuery("the best crm", "fr")).toBe("best crm the");
  });
});

/**
 * The labelled pairs that fix the threshold (docs/decisions/011-query-clusters.md): near-duplicates
 * from one added or substituted filler word score 0.714 and up; different intents that share a
 * signature score 0.667 at most; different intents or numbers score 0.
 */
const SAME: Array<[string, string, number]> = [
  ["best crm for small agencies", "best crm software for small agencies", 4 / 5],
  ["hubspot crm pricing plans", "hubspot pricing plans", 3 / 4],
  ["logiciel de facturation pour artisans", "logiciel facturation artisan en ligne", 3 / 4],
  ["best crm software for small agencies 2026", "best crm tools for small agencies 2026", 5 / 7],
  ["what is the best crm for a small agency", "best crm small agency", 1],
];
const DIFFERENT: Array<[string, string, number]> = [
  ["best project management software for startups", "best project management software for enterprises", 2 / 3],
  ["best crm for a small agency in france", "best crm for a small agency in belgium", 2 / 3],
  ["best crm small agency", "best crm large agency", 3 / 5],
  ["email marketing software", "email marketing agency", 1 / 2],
  ["agence seo paris", "agence seo lyon", 1 / 2],
  ["hubspot crm", "salesforce crm", 1 / 3],
  ["crm pricing", "crm reviews", 0],
  ["best crm 2025", "best crm 2026", 0],
  ["hubspot crm pricing small business", "hubspot crm reviews small business", 0],
  ["best crm small agency", "crm small agency", 0],
];

describe("querySimilarity and the default threshold", () => {
  it.each(SAME)("%s ≈ %s (%d)", (a, b, expected) => {
    expect(querySimilarity(a, b)).toBeCloseTo(expected, 10);
    expect(querySimilarity(a, b)).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(clusterQueries([occurrence(a), occurrence(b)])).toHaveLength(1);
  });

  it.each(DIFFERENT)("%s ≠ %s (%d)", (a, b, expected) => {
    expect(querySimilarity(a, b)).toBeCloseTo(expected, 10);
    expect(querySimilarity(a, b)).toBeLessThan(DEFAULT_THRESHOLD);
    expect(clusterQueries([occurrence(a), occurrence(b)])).toHaveLength(2);
  });

  it("takes another threshold, within (0, 1]", () => {
    expect(clusterQueries([occurrence("email marketing software"), occurrence("email marketing agency")], { threshold: 0.5 })).toHaveLength(1);
    expect(clusterQueries([occurrence("best crm small agency"), occurrence("best crm software small agency")], { threshold: 1 })).toHaveLength(2);
    expect(() => clusterQueries([], { threshold: 0 })).toThrow(RangeError);
    expect(() => clusterQueries([], { threshold: 1.5 })).toThrow(RangeError);
  });
});

describe("clusterQueries", () => {
  it("clusters identical forms and near-duplicates, keeps distinct intents apart", () => {
    const clusters = clusterQueries([
      ...times(3, "best crm small agency"),
      ...times(2, "Small agency: best CRM"),
      occurrence("best CRM for small agencies"),
      occurrence("best crm software for small agencies"),
      ...times(2, "crm pricing"),
      occurrence("crm reviews"),
      occurrence("best crm 2025"),
      occurrence("best crm 2026"),
    ]);
    expect(spellingsOf(clusters)).toEqual([
      ["Small agency: best CRM", "best CRM for small agencies", "best crm small agency", "best crm software for small agencies"],
      ["crm pricing"],
      ["best crm 2025"],
      ["best crm 2026"],
      ["crm reviews"],
    ]);
    expect(clusters[0]).toMatchObject({
      key: "agencie best crm small",
      representative_query: "best crm small agency",
      total_occurrences: 7,
      queries: [
        { query: "best crm small agency", count: 3 },
        { query: "Small agency: best CRM", count: 2 },
        { query: "best CRM for small agencies", count: 1 },
        { query: "best crm software for small agencies", count: 1 },
      ],
    });
  });

  it("clusters French variants", () => {
    const clusters = clusterQueries([
      occurrence("Meilleur CRM, pour PME"),
      occurrence("meilleur crm pme"),
      occurrence("les meilleurs logiciels de facturation"),
      occurrence("meilleur logiciel facturation"),
      occurrence("Meilleurs logiciels de facturation en ligne"),
    ]);
    expect(spellingsOf(clusters)).toEqual([
      ["Meilleurs logiciels de facturation en ligne", "les meilleurs logiciels de facturation", "meilleur logiciel facturation"],
      ["Meilleur CRM, pour PME", "meilleur crm pme"],
    ]);
  });

  it("compares with each cluster's leader only, so similarity does not chain", () => {
    // B is 0.8 from A and C is 0.83 from B, but C is 0.67 from A: C leads its own cluster.
    const clusters = clusterQueries([
      ...times(3, "crm marketing agency europe"),
      ...times(2, "crm marketing agency europe software"),
      occurrence("crm marketing agency europe software startup"),
    ]);
    expect(spellingsOf(clusters)).toEqual([
      ["crm marketing agency europe", "crm marketing agency europe software"],
      ["crm marketing agency europe software startup"],
    ]);
  });

  it("folds a rare typo into a commoner spelling, not short words, intent words or look-alikes of equal standing", () => {
    const clusters = clusterQueries([
      ...times(3, "hubspot review"),
      occurrence("hubspto review"),
      ...times(3, "crm tool"),
      occurrence("cms tool"),
      ...times(3, "pricing hubspot"),
      occurrence("pricng hubspot"),
      ...times(2, "stock market software"),
      ...times(2, "stock marker software"),
    ]);
    expect(spellingsOf(clusters)).toEqual([
      ["hubspot review", "hubspto review"],
      ["crm tool"],
      ["pricing hubspot"],
      ["stock marker software"],
      ["stock market software"],
      ["cms tool"],
      ["pricng hubspot"],
    ]);
  });

  it("counts occurrences per provider", () => {
    const [cluster] = clusterQueries([
      ...times(2, "crm agence", { provider: "perplexity" }),
      occurrence("agence crm", { provider: "chatgpt" }),
      ...times(3, "CRM agences", { provider: "gemini" }),
    ]);
    expect(cluster.model_breakdown).toEqual({ gemini: 3, perplexity: 2, chatgpt: 1 });
    expect(Object.keys(cluster.model_breakdown)).toEqual(["gemini", "perplexity", "chatgpt"]);
  });

  it("sums the citations of distinct answers, an answer once however many of the cluster's queries it issued", () => {
    const [cluster] = clusterQueries([
      occurrence("best crm small agency", { answerId: "a1", citations: 5 }),
      occurrence("small agency best crm", { answerId: "a1", citations: 5 }),
      occurrence("best crm for small agencies", { answerId: "a1", citations: 5 }),
      occurrence("best crm small agency", { answerId: "a2", citations: 3 }),
      occurrence("best crm small agency", { answerId: "a3", citations: 0 }),
    ]);
    expect(cluster.total_occurrences).toBe(5);
    expect(cluster.total_citations).toBe(8);
  });

  it("lists the questions that triggered the cluster, most frequent first", () => {
    const [cluster] = clusterQueries([
      occurrence("crm agence", { questionId: "q2", questionText: "Which CRM?" }),
      ...times(3, "crm agence", { questionId: "q1", questionText: "Quel CRM ?" }),
      ...times(2, "crm agence", { questionId: null, questionText: "Ad hoc question" }),
      occurrence("crm agence", { questionId: null, questionText: "Another one" }),
    ]);
    expect(cluster.questions).toEqual([
      { id: "q1", question_text: "Quel CRM ?", count: 3 },
      { id: null, question_text: "Ad hoc question", count: 2 },
      { id: null, question_text: "Another one", count: 1 },
      { id: "q2", question_text: "Which CRM?", count: 1 },
    ]);
  });

  it("represents a cluster by its most frequent spelling, then the shortest, then the first alphabetically", () => {
    const pick = (occurrences: QueryOccurrence[]) => clusterQueries(occurrences)[0];
    expect(pick([occurrence("crm pour agence"), ...times(2, "CRM agence"), occurrence("agence crm")]).representative_query).toBe("CRM agence");
    expect(pick([occurrence("crm pour agence"), occurrence("crm agence"), occurrence("agence crm")]).representative_query).toBe("agence crm");
    expect(pick([occurrence("crm pour agence"), occurrence("crm agence")]).representative_query).toBe("crm agence");
    const cluster = pick([...times(2, "  Les   CRM pour agences "), occurrence("crm agence")]);
    expect(cluster.representative_query).toBe("Les CRM pour agences");
    expect(cluster.key).toBe(normaliseQuery("Les CRM pour agences"));
  });

  it("ignores empty, whitespace-only and punctuation-only queries", () => {
    const clusters = clusterQueries([occurrence(""), occurrence("   \n\t "), occurrence("?!"), occurrence("crm agence")]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0].total_occurrences).toBe(1);
    expect(clusterQueries([])).toEqual([]);
  });

  it("sorts clusters by occurrences, then by representative", () => {
    const clusters = clusterQueries([occurrence("zapier pricing"), occurrence("asana pricing"), ...times(2, "notion pricing")]);
    expect(clusters.map((c) => c.representative_query)).toEqual(["notion pricing", "asana pricing", "zapier pricing"]);
  });
});

/** A corpus of near-duplicates over a vocabulary without typo look-alikes, so that the reference below applies. */
function corpus(seed: number, size: number): QueryOccurrence[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const words = "crm seo agency marketing software platform startup europe hubspot salesforce invoice freelance analytics dashboard email newsletter".split(" ");
  const qualifiers = ["best", "pricing", "reviews", "alternatives", "2025", "2026", "", "", ""];
  const fillers = ["for", "the", "pour les", "de", "in"];
  const bases = Array.from({ length: 60 }, () => {
    const length = 2 + Math.floor(random() * 4);
    return [pick(qualifiers), ...Array.from({ length }, () => pick(words))].filter(Boolean);
  });
  const providers = ["chatgpt", "claude", "perplexity", "gemini", "grok"];
  return Array.from({ length: size }, (_, i) => {
    const tokens = [...pick(bases)];
    if (random() < 0.3) tokens.push(pick(words));
    if (random() < 0.2) tokens.splice(Math.floor(random() * tokens.length), 1);
    if (random() < 0.3) tokens.splice(Math.floor(random() * tokens.length), 0, pick(fillers));
    const ordered = random() < 0.3 ? shuffled(tokens, i) : tokens;
    const query = random() < 0.05 ? "  " : ordered.join(" ");
    return occurrence(random() < 0.2 ? query.toUpperCase() : query, {
      provider: pick(providers),
      answerId: `a${Math.floor(i / 3)}`,
      questionId: `q${Math.floor(random() * 20)}`,
      citations: Math.floor(i / 3) % 7,
    });
  });
}

/** The same greedy leader clustering, comparing every form with every leader: what the index must reproduce. */
function referencePartition(occurrences: QueryOccurrence[]): string[][] {
  const forms = new Map<string, { weight: number; spellings: Set<string> }>();
  for (const { query } of occurrences) {
    const spelling = query.trim().replace(/\s+/g, " ");
    const form = normaliseQuery(spelling);
    if (form === "") continue;
    const entry = forms.get(form) ?? { weight: 0, spellings: new Set<string>() };
    entry.weight++;
    entry.spellings.add(spelling);
    forms.set(form, entry);
  }
  const ordered = [...forms].sort((a, b) => b[1].weight - a[1].weight || (a[0] < b[0] ? -1 : 1));
  const leaders: Array<{ form: string; spellings: string[] }> = [];
  for (const [form, { spellings }] of ordered) {
    let best: { form: string; spellings: string[] } | undefined;
    let bestSimilarity = -1;
    for (const leader of leaders) {
      const similarity = querySimilarity(form, leader.form);
      if (similarity >= DEFAULT_THRESHOLD && similarity > bestSimilarity) {
        best = leader;
        bestSimilarity = similarity;
      }
    }
    if (best) best.spellings.push(...spellings);
    else leaders.push({ form, spellings: [...spellings] });
  }
  return leaders.map((leader) => leader.spellings.sort()).sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

describe("clusterQueries on a generated corpus", () => {
  const occurrences = corpus(7, 3000);
  const clusters = clusterQueries(occurrences);

  it("finds through its index the clusters an all-pairs comparison finds", () => {
    expect([...spellingsOf(clusters)].sort((a, b) => (a[0] < b[0] ? -1 : 1))).toEqual(referencePartition(occurrences));
  });

  it("accounts for every non-empty occurrence once, under unique keys", () => {
    const counted = occurrences.filter((o) => o.query.trim() !== "").length;
    expect(clusters.reduce((sum, c) => sum + c.total_occurrences, 0)).toBe(counted);
    expect(clusters.reduce((sum, c) => sum + c.queries.reduce((s, q) => s + q.count, 0), 0)).toBe(counted);
    expect(new Set(clusters.map((c) => c.key)).size).toBe(clusters.length);
    for (const cluster of clusters) {
      expect(cluster.key).toBe(normaliseQuery(cluster.representative_query));
      expect(cluster.representative_query).toBe(cluster.queries[0].query);
      expect(Object.values(cluster.model_breakdown).reduce((a, b) => a + b, 0)).toBe(cluster.total_occurrences);
    }
    expect(clusters.length).toBeLessThan(new Set(occurrences.map((o) => normaliseQuery(o.query)).filter(Boolean)).size);
  });

  it("returns the same clusters, in the same order, whatever the input order", () => {
    const expected = JSON.stringify(clusters);
    for (const seed of [1, 2, 3]) expect(JSON.stringify(clusterQueries(shuffled(occurrences, seed)))).toBe(expected);
  });
});
