/**
 * Groups the web searches assistants issue while answering ("fan-out" queries) into clusters of
 * near-identical queries, so a report shows one row per intent instead of one per spelling. Pure
 * and synchronous: the caller loads the occurrences, this module only counts.
 * Why the normalisation and the threshold are what they are: docs/decisions/011-query-clusters.md.
 */

import { normaliseQuery, signatureOf, typoRoots } from "./query-forms";

export type QueryOccurrence = {
  query: string;
  provider: string;
  answerId: string;
  questionId: string | null;
  questionText: string;
  citations: number;
};

export type QueryCluster = {
  key: string;
  representative_query: string;
  queries: Array<{ query: string; count: number }>;
  total_occurrences: number;
  total_citations: number;
  model_breakdown: Record<string, number>;
  questions: Array<{ id: string | null; question_text: string; count: number }>;
};

/**
 * Token-set Jaccard similarity at or above which two distinct forms cluster. It has to sit in
 * (2/3, 5/7]: one added word merges from three words up (3/4), one substituted word only from six
 * words up (5/7), and a substitution in five words or fewer (≤ 2/3) stays apart.
 */
export const DEFAULT_THRESHOLD = 0.7;

type Form = { text: string; weight: number; tokens: string[]; ids: Int32Array; signature: number; cluster: number };

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const EPSILON = 1e-9;

/**
 * Greedy leader clustering over the distinct comparison forms, heaviest first (ties by form), so
 * the result does not depend on the input order. A form joins the most similar leader with the
 * same signature (ties: the earlier leader) or leads a new cluster; comparing with leaders only
 * avoids the chaining of union-find (A≈B, B≈C, A≉C). Candidates come from an inverted index on
 * each leader's prefix of rarest tokens (the prefix filter of PPJoin): a pair at Jaccard ≥ t must
 * share a token there, so a form is compared with a handful of leaders, never with all of them.
 */
function clusterForms(forms: Form[], threshold: number): number {
  const order = forms.map((_, index) => index);
  order.sort((a, b) => forms[b].weight - forms[a].weight || compareText(forms[a].text, forms[b].text));
  const indexes = new Map<number, Map<number, number[]>>();
  const leaders: number[] = [];
  const seen = new Int32Array(forms.length).fill(-1);
  const prefixLength = (size: number) => size - Math.ceil(threshold * size - EPSILON) + 1;
  for (const formIndex of order) {
    const form = forms[formIndex];
    const ids = form.ids;
    const size = ids.length;
    let index = indexes.get(form.signature);
    if (!index) {
      index = new Map();
      indexes.set(form.signature, index);
    }
    let bestLeader = -1;
    let bestSimilarity = -1;
    const prefix = prefixLength(size);
    for (let k = 0; k < prefix; k++) {
      for (const leader of index.get(ids[k]) ?? []) {
        if (seen[leader] === formIndex) continue;
        seen[leader] = formIndex;
        const other = forms[leaders[leader]].ids;
        if (other.length < threshold * size - EPSILON || other.length * threshold > size + EPSILON) continue;
        let shared = 0;
        for (let i = 0, j = 0; i < size && j < other.length; ) {
          if (ids[i] === other[j]) {
            shared++;
            i++;
            j++;
          } else if (ids[i] < other[j]) i++;
          else j++;
        }
        const similarity = shared / (size + other.length - shared);
        if (similarity >= threshold - EPSILON && (similarity > bestSimilarity || (similarity === bestSimilarity && leader < bestLeader))) {
          bestLeader = leader;
          bestSimilarity = similarity;
        }
      }
    }
    if (bestLeader >= 0) {
      form.cluster = bestLeader;
      continue;
    }
    const leader = leaders.length;
    leaders.push(formIndex);
    form.cluster = leader;
    for (let k = 0; k < prefix; k++) {
      const list = index.get(ids[k]);
      if (list) list.push(leader);
      else index.set(ids[k], [leader]);
    }
  }
  return leaders.length;
}

type Spelling = { text: string; count: number; form: number };

/** Most frequent first, then shortest, then alphabetical: the order of `queries` and of the representative. */
const bySpelling = (a: { text: string; count: number }, b: { text: string; count: number }) =>
  b.count - a.count || a.text.length - b.text.length || compareText(a.text, b.text);

const displaySpelling = (query: string) => query.trim().replace(/\s+/g, " ");

/** Dense integer ids for strings, so that per-cluster counting runs on typed arrays rather than on maps per cluster. */
class Interner {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
}

/** Occurrence indexes grouped by a small integer key (a counting sort), in input order within a group. */
function groupBy(keys: Int32Array, keyCount: number, included: (index: number) => boolean): { order: Int32Array; starts: Int32Array } {
  const starts = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) if (included(i)) starts[keys[i] + 1]++;
  for (let k = 0; k < keyCount; k++) starts[k + 1] += starts[k];
  const next = starts.slice(0, keyCount);
  const order = new Int32Array(starts[keyCount]);
  for (let i = 0; i < keys.length; i++) if (included(i)) order[next[keys[i]]++] = i;
  return { order, starts };
}

/**
 * Clusters near-identical queries. Identical comparison forms always share a cluster; distinct
 * forms do when their intents and numbers agree and their token sets reach `threshold` (Jaccard,
 * default 0.7) after typo folding. Empty and punctuation-only queries are ignored. Sorted by
 * occurrences, most first, then by representative.
 */
export function clusterQueries(occurrences: QueryOccurrence[], options: { threshold?: number } = {}): QueryCluster[] {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`threshold must be in (0, 1], got ${threshold}`);

  // Raw strings, spellings, then forms: a raw query is cleaned once, a spelling normalised once
  // (per lower-case variant), and only distinct forms are compared.
  const byRaw = new Map<string, Spelling | null>();
  const spellings = new Map<string, Spelling>();
  const normalisedByLowerCase = new Map<string, string>();
  const formIndex = new Map<string, number>();
  const forms: Form[] = [];
  const spellingOf: Array<Spelling | null> = new Array(occurrences.length).fill(null);
  for (let i = 0; i < occurrences.length; i++) {
    const raw = occurrences[i].query;
    if (typeof raw !== "string") continue;
    let spelling = byRaw.get(raw);
    if (spelling === undefined) {
      const text = displaySpelling(raw);
      spelling = text === "" ? null : (spellings.get(text) ?? null);
      if (text !== "" && !spelling) {
        const lowerCase = text.toLowerCase();
        let normalised = normalisedByLowerCase.get(lowerCase);
        if (normalised === undefined) {
          normalised = normaliseQuery(lowerCase);
          normalisedByLowerCase.set(lowerCase, normalised);
        }
        if (normalised !== "") {
          let form = formIndex.get(normalised);
          if (form === undefined) {
            form = forms.length;
            formIndex.set(normalised, form);
            forms.push({ text: normalised, weight: 0, tokens: normalised.split(" "), ids: new Int32Array(0), signature: 0, cluster: -1 });
          }
          spelling = { text, count: 0, form };
          spellings.set(text, spelling);
        }
      }
      byRaw.set(raw, spelling);
    }
    if (!spelling) continue;
    spelling.count++;
    forms[spelling.form].weight++;
    spellingOf[i] = spelling;
  }

  const tokenWeights = new Map<string, number>();
  for (const form of forms) for (const token of form.tokens) tokenWeights.set(token, (tokenWeights.get(token) ?? 0) + form.weight);
  const roots = typoRoots(tokenWeights);
  const documentFrequency = new Map<string, number>();
  for (const form of forms) {
    form.tokens = [...new Set(form.tokens.map((token) => roots.get(token) ?? token))];
    for (const token of form.tokens) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  }
  // Rarest tokens first, so that each form's prefix holds its most selective tokens.
  const vocabulary = [...documentFrequency.keys()].sort((a, b) => documentFrequency.get(a)! - documentFrequency.get(b)! || compareText(a, b));
  const tokenId = new Map(vocabulary.map((token, id) => [token, id]));
  const signatures = new Map<string, number>();
  for (const form of forms) {
    form.ids = Int32Array.from(form.tokens, (token) => tokenId.get(token)!).sort();
    const signature = signatureOf(form.tokens);
    let id = signatures.get(signature);
    if (id === undefined) {
      id = signatures.size;
      signatures.set(signature, id);
    }
    form.signature = id;
  }
  const clusterCount = clusterForms(forms, threshold);

  const providers = new Interner();
  const answers = new Interner();
  const questions = new Interner();
  const clusterOf = new Int32Array(occurrences.length);
  const providerOf = new Int32Array(occurrences.length);
  const answerOf = new Int32Array(occurrences.length);
  const questionOf = new Int32Array(occurrences.length);
  const answerCitations: number[] = [];
  const questionIds: Array<string | null> = [];
  const questionTexts: Array<Map<string, number>> = [];
  const occurrencesPerCluster = new Int32Array(clusterCount);
  for (let i = 0; i < occurrences.length; i++) {
    const spelling = spellingOf[i];
    if (!spelling) continue;
    const occurrence = occurrences[i];
    const cluster = forms[spelling.form].cluster;
    clusterOf[i] = cluster;
    occurrencesPerCluster[cluster]++;
    providerOf[i] = providers.id(occurrence.provider);
    const answer = answers.id(occurrence.answerId);
    answerOf[i] = answer;
    // An answer's citation count is the same on each of its occurrences; the maximum keeps the
    // totals independent of input order should a caller pass inconsistent values.
    const citations = Number.isFinite(occurrence.citations) ? occurrence.citations : 0;
    if (answer === answerCitations.length) answerCitations.push(citations);
    else if (citations > answerCitations[answer]) answerCitations[answer] = citations;
    const question = questions.id(occurrence.questionId ?? `\u0000${occurrence.questionText}`);
    questionOf[i] = question;
    if (question === questionIds.length) {
      questionIds.push(occurrence.questionId);
      questionTexts.push(new Map());
    }
    const texts = questionTexts[question];
    texts.set(occurrence.questionText, (texts.get(occurrence.questionText) ?? 0) + 1);
  }
  const included = (i: number) => spellingOf[i] !== null;

  const modelCounts = new Int32Array(clusterCount * providers.values.length);
  for (let i = 0; i < occurrences.length; i++) if (included(i)) modelCounts[clusterOf[i] * providers.values.length + providerOf[i]]++;

  // An answer counts once per cluster: walk each answer's occurrences, stamping the clusters seen.
  const citationsPerCluster = new Float64Array(clusterCount);
  const stamp = new Int32Array(clusterCount).fill(-1);
  const byAnswer = groupBy(answerOf, answers.values.length, included);
  for (let answer = 0; answer < answers.values.length; answer++) {
    for (let k = byAnswer.starts[answer]; k < byAnswer.starts[answer + 1]; k++) {
      const cluster = clusterOf[byAnswer.order[k]];
      if (stamp[cluster] === answer) continue;
      stamp[cluster] = answer;
      citationsPerCluster[cluster] += answerCitations[answer];
    }
  }

  // A question's text: its most frequent one, should a caller pass several for one id.
  const questionText = questionTexts.map((texts) => [...texts].map(([text, count]) => ({ text, count })).sort(bySpelling)[0].text);
  // Ties on count are broken by text then id; ranking the questions once turns the per-cluster
  // sorts' string comparisons into integer ones.
  const questionRank = new Int32Array(questionIds.length);
  questionIds
    .map((_, question) => question)
    .sort((a, b) => compareText(questionText[a], questionText[b]) || compareText(questionIds[a] ?? "", questionIds[b] ?? ""))
    .forEach((question, rank) => {
      questionRank[question] = rank;
    });
  const questionsPerCluster: Array<Array<{ question: number; count: number }>> = Array.from({ length: clusterCount }, () => []);
  const questionCounts = new Int32Array(clusterCount);
  stamp.fill(-1);
  const byQuestion = groupBy(questionOf, questions.values.length, included);
  const touched: number[] = [];
  for (let question = 0; question < questions.values.length; question++) {
    touched.length = 0;
    for (let k = byQuestion.starts[question]; k < byQuestion.starts[question + 1]; k++) {
      const cluster = clusterOf[byQuestion.order[k]];
      if (stamp[cluster] !== question) {
        stamp[cluster] = question;
        questionCounts[cluster] = 0;
        touched.push(cluster);
      }
      questionCounts[cluster]++;
    }
    for (const cluster of touched) {
      questionsPerCluster[cluster].push({ question, count: questionCounts[cluster] });
    }
  }

  const spellingsPerCluster: Spelling[][] = Array.from({ length: clusterCount }, () => []);
  for (const spelling of spellings.values()) spellingsPerCluster[forms[spelling.form].cluster].push(spelling);
  const clusters = spellingsPerCluster.map((members, cluster): QueryCluster => {
    members.sort(bySpelling);
    const breakdown: Array<[string, number]> = [];
    for (let provider = 0; provider < providers.values.length; provider++) {
      const count = modelCounts[cluster * providers.values.length + provider];
      if (count > 0) breakdown.push([providers.values[provider], count]);
    }
    breakdown.sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
    const clusterQuestions = questionsPerCluster[cluster];
    clusterQuestions.sort((a, b) => b.count - a.count || questionRank[a.question] - questionRank[b.question]);
    return {
      key: forms[members[0].form].text,
      representative_query: members[0].text,
      queries: members.map((spelling) => ({ query: spelling.text, count: spelling.count })),
      total_occurrences: occurrencesPerCluster[cluster],
      total_citations: citationsPerCluster[cluster],
      model_breakdown: Object.fromEntries(breakdown),
      questions: clusterQuestions.map(({ question, count }) => ({ id: questionIds[question], question_text: questionText[question], count })),
    };
  });
  return clusters.sort((a, b) => b.total_occurrences - a.total_occurrences || compareText(a.representative_query, b.representative_query));
}
