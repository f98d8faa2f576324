/**
 * Fan-out query clustering at scale: 200,000 occurrences over about 50,000 distinct spellings
 * (word order, case, stop words, plurals, typos and one-word variants of a few thousand intents),
 * skewed the way real fan-out is (a few queries very often, a long tail once). Prints the wall
 * time of `clusterQueries`: the first call, then the median of 5 more. Target: well under 2 s.
 *
 *   BENCH_OCCURRENCES=200000   BENCH_SPELLINGS=50000
 */
import os from "node:os";
import { clusterQueries, type QueryOccurrence } from "../server/seo-llm/query-clusters";
import { normaliseQuery } from "../server/seo-llm/query-forms";
import { seededRandom } from "../server/seeded-random";

const OCCURRENCES = Number(process.env.BENCH_OCCURRENCES ?? 200_000);
const SPELLINGS = Number(process.env.BENCH_SPELLINGS ?? 50_000);
const PROVIDERS = ["chatgpt", "claude", "perplexity", "gemini", "grok"];

const random = seededRandom(42);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

const syllables = "ka lo mi ne tra vo su pel dor fin zen qua ri ba tel mon gra vi".split(" ");
const brands = Array.from({ length: 400 }, () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join(""));
const categories = [
  "crm", "seo tool", "invoicing software", "project management software", "email marketing platform", "accounting software",
  "help desk", "logiciel de facturation", "logiciel de paie", "outil seo", "agence web", "hosting", "website builder",
  "payroll software", "hr software", "analytics platform", "chatbot", "note taking app", "password manager", "vpn",
];
const audiences = ["small agencies", "startups", "freelancers", "pme", "enterprises", "ecommerce", "artisans", "nonprofits", "restaurants", "lawyers"];
const places = ["france", "paris", "lyon", "uk", "usa", "germany", "belgique", "canada", "europe", "quebec"];
const intents = ["best", "top", "meilleur", "pricing", "prix", "reviews", "avis", "alternatives", "vs", "free", "gratuit", "", "", "", ""];
const fillers = ["for", "the", "pour les", "de", "in", "en", "with", "à"];
const years = ["2024", "2025", "2026"];

function intent(): string[] {
  const words = [pick(intents)];
  if (random() < 0.4) words.push(pick(brands));
  words.push(pick(categories));
  if (random() < 0.5) words.push(pick(audiences));
  if (random() < 0.3) words.push(pick(places));
  if (random() < 0.25) words.push(pick(years));
  return words.filter(Boolean).join(" ").split(" ");
}

function variant(words: string[]): string {
  const tokens = [...words];
  const roll = random();
  if (roll < 0.25) tokens.splice(1 + Math.floor(random() * tokens.length), 0, pick(fillers));
  else if (roll < 0.4) tokens.push(pick(["software", "tool", "tools", "platform", "app", "online", "en ligne"]));
  else if (roll < 0.5 && tokens.length > 3) tokens.splice(Math.floor(random() * tokens.length), 1);
  if (random() < 0.3) tokens.sort(() => random() - 0.5);
  if (random() < 0.05) {
    const i = Math.floor(random() * tokens.length);
    const word = tokens[i];
    if (word.length >= 6) tokens[i] = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
  }
  let text = tokens.join(" ");
  if (random() < 0.2) text = text[0].toUpperCase() + text.slice(1);
  if (random() < 0.1) text += " ?";
  return text;
}

const bases = Array.from({ length: Math.ceil(SPELLINGS / 8) }, intent);
const spellings = new Set<string>();
for (let guard = 0; spellings.size < SPELLINGS && guard < SPELLINGS * 50; guard++) spellings.add(variant(pick(bases)));
const distinct = [...spellings];
// Skewed popularity: u³ puts about a fifth of the occurrences on the first 1% of spellings.
const occurrences: QueryOccurrence[] = Array.from({ length: OCCURRENCES }, (_, i) => {
  const question = Math.floor(random() * 500);
  return {
    query: distinct[Math.floor(random() ** 3 * distinct.length)],
    provider: pick(PROVIDERS),
    answerId: `answer-${Math.floor(i / 4)}`,
    questionId: `question-${question}`,
    questionText: `Question ${question}`,
    citations: Math.floor(i / 4) % 12,
  };
});

const forms = new Set(distinct.map((query) => normaliseQuery(query))).size;
const runs: number[] = [];
const cpu: number[] = [];
// The first call also pays for the JIT warming up: what one report request would see.
const coldStart = performance.now();
let clusters = clusterQueries(occurrences);
const cold = performance.now() - coldStart;
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  const usage = process.cpuUsage();
  clusters = clusterQueries(occurrences);
  const used = process.cpuUsage(usage);
  runs.push(performance.now() - start);
  cpu.push((used.user + used.system) / 1000);
}
runs.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
const multi = clusters.filter((cluster) => cluster.queries.length > 1).length;
console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? "unknown CPU"} × ${os.availableParallelism()}, load ${os.loadavg()[0].toFixed(1)}`);
console.log(`${occurrences.length} occurrences, ${distinct.length} distinct spellings, ${forms} distinct forms → ${clusters.length} clusters (${multi} with several spellings)`);
// CPU time (all of the process's threads, the garbage collector's included) is the figure to
// compare between runs on a shared machine: wall time also counts waiting for a core.
console.log(
  `clusterQueries: first call ${cold.toFixed(0)} ms; then wall median ${runs[2].toFixed(0)} ms (min ${runs[0].toFixed(0)}, max ${runs[4].toFixed(0)}), CPU median ${cpu[2].toFixed(0)} ms over 5 runs`,
);
