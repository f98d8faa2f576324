import { analyzeAnswer } from "../server/seo-llm/answer-analysis";
import { type Case, loadCorpus } from "./corpus";

/**
 * `npm run eval`: the answer engine against the hand-labelled corpus, without any AI key. Prints
 * each figure beside its target and exits 1 when one falls short. `--verbose` lists every miss.
 */

/** Issue 14's targets. */
const TARGETS = {
  "mention precision": 0.98,
  "mention recall": 0.98,
  "dictionary-word precision": 0.9,
  "dictionary-word recall": 0.9,
  "order accuracy": 0.95,
  "sentiment accuracy": 0.85,
  "cited-domain F1": 0.97,
} as const;

/**
 * Below these the run fails. They are the targets. Sentiment's had a floor of its own until the
 * engine reached its 85 % target on all 357 answers: it now reads 87.0 % of the corpus's sentiment
 * labels right (1,048 of 1,205; 90.3 % of the first 244 answers, 69.1 % of `sentiment-4` and 81.6 %
 * of `sentiment-5`, written blind after the rules and read only as overall figures): 23 labels lost
 * would still pass, 24 fail the run (docs/metrics.md, "How well the engine reads answers";
 * eval/README.md, engine 9).
 */
const FLOORS: Record<keyof typeof TARGETS, number> = { ...TARGETS };

type Counts = { truePositive: number; falsePositive: number; falseNegative: number };
const counts = (): Counts => ({ truePositive: 0, falsePositive: 0, falseNegative: 0 });
const precision = (c: Counts) => (c.truePositive + c.falsePositive ? c.truePositive / (c.truePositive + c.falsePositive) : 1);
const recall = (c: Counts) => (c.truePositive + c.falseNegative ? c.truePositive / (c.truePositive + c.falseNegative) : 1);
const f1 = (c: Counts) => {
  const p = precision(c);
  const r = recall(c);
  return p + r ? (2 * p * r) / (p + r) : 0;
};

export type EvalReport = { figures: Record<keyof typeof TARGETS, number>; misses: string[]; sentimentByClass: Record<string, { right: number; total: number }>; cases: number };

export function evaluate(cases: Case[]): EvalReport {
  const mentions = counts();
  const dictionary = counts();
  const domains = counts();
  let ordered = 0;
  let sentimentRight = 0;
  let sentimentTotal = 0;
  const sentimentByClass: EvalReport["sentimentByClass"] = {};
  const misses: string[] = [];

  for (const item of cases) {
    const result = analyzeAnswer(item.profile, item.answer);
    const found = new Map(result.mentions.filter((mention) => mention.tracked).map((mention) => [mention.name, mention]));
    for (const [name, label] of Object.entries(item.labels.mentions)) {
      const got = found.get(name);
      const buckets = item.dictionary_words.includes(name) ? [mentions, dictionary] : [mentions];
      for (const bucket of buckets) {
        if (label.mentioned && got) bucket.truePositive++;
        else if (label.mentioned) bucket.falseNegative++;
        else if (got) bucket.falsePositive++;
      }
      if (label.mentioned !== Boolean(got)) misses.push(`${item.id}: ${name} ${label.mentioned ? "missed" : "found, but not named"}`);
      if (label.mentioned && label.sentiment) {
        const expected = label.sentiment;
        sentimentByClass[expected] ??= { right: 0, total: 0 };
        sentimentByClass[expected].total++;
        sentimentTotal++;
        if (got?.sentiment === expected) {
          sentimentByClass[expected].right++;
          sentimentRight++;
        } else {
          misses.push(`${item.id}: ${name} sentiment ${got?.sentiment ?? "(not found)"}, labelled ${expected}`);
        }
      }
    }
    const order = result.mentions.filter((mention) => mention.tracked).map((mention) => mention.name);
    if (order.join("\u0000") === item.labels.order.join("\u0000")) ordered++;
    else misses.push(`${item.id}: order ${order.join(" > ") || "(none)"}, labelled ${item.labels.order.join(" > ") || "(none)"}`);

    const gotDomains = new Set(result.cited_domains.map((entry) => entry.domain));
    const wantDomains = new Set(item.labels.cited_domains);
    for (const domain of gotDomains) {
      if (wantDomains.has(domain)) domains.truePositive++;
      else {
        domains.falsePositive++;
        misses.push(`${item.id}: cited domain ${domain} not labelled`);
      }
    }
    for (const domain of wantDomains) {
      if (!gotDomains.has(domain)) {
        domains.falseNegative++;
        misses.push(`${item.id}: cited domain ${domain} missed`);
      }
    }
  }
  return {
    cases: cases.length,
    figures: {
      "mention precision": precision(mentions),
      "mention recall": recall(mentions),
      "dictionary-word precision": precision(dictionary),
      "dictionary-word recall": recall(dictionary),
      "order accuracy": cases.length ? ordered / cases.length : 1,
      "sentiment accuracy": sentimentTotal ? sentimentRight / sentimentTotal : 1,
      "cited-domain F1": f1(domains),
    },
    sentimentByClass,
    misses,
  };
}

export function shortfalls(report: EvalReport, bounds: Record<keyof typeof TARGETS, number> = FLOORS): string[] {
  return (Object.keys(bounds) as Array<keyof typeof TARGETS>).filter((name) => report.figures[name] < bounds[name]);
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

if (import.meta.filename === process.argv[1]) {
  const corpus = loadCorpus();
  const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  const cases = only ? corpus.filter((item) => item.file.startsWith(only) || item.id.startsWith(only)) : corpus;
  const report = evaluate(cases);
  const dictionaryCases = cases.filter((item) => item.dictionary_words.length > 0).length;
  console.log(`Answer engine on ${report.cases} hand-labelled answers (${dictionaryCases} with a brand that is also a word)\n`);
  for (const name of Object.keys(TARGETS) as Array<keyof typeof TARGETS>) {
    const mark = report.figures[name] >= TARGETS[name] ? "ok  " : report.figures[name] >= FLOORS[name] ? "low " : "FAIL";
    console.log(`${mark} ${name.padEnd(28)} ${percent(report.figures[name]).padStart(8)}   target ≥ ${percent(TARGETS[name])}`);
  }
  console.log("\nsentiment by labelled class:");
  for (const [name, entry] of Object.entries(report.sentimentByClass)) {
    console.log(`     ${name.padEnd(28)} ${percent(entry.right / entry.total).padStart(8)}   (${entry.right} of ${entry.total})`);
  }
  // Per file, so the held-out file (and each newer one) can be followed on its own.
  const files = [...new Set(cases.map((item) => item.file))];
  if (files.length > 1) {
    console.log("\nsentiment by file:");
    for (const file of files) {
      const entry = evaluate(cases.filter((item) => item.file === file));
      console.log(`     ${file.padEnd(28)} ${percent(entry.figures["sentiment accuracy"]).padStart(8)}   (${entry.cases} answers)`);
    }
  }
  if (process.argv.includes("--verbose")) console.log(`\n${report.misses.join("\n")}`);
  else if (report.misses.length) console.log(`\n${report.misses.length} misses; --verbose lists them.`);
  const short = shortfalls(report, TARGETS);
  if (short.length) console.log(`\nBelow target (not yet failing): ${short.join(", ")}`);
  const failed = shortfalls(report);
  if (failed.length) {
    console.error(`\nBelow the floor: ${failed.join(", ")}`);
    process.exitCode = 1;
  }
}
