import { loadCorpus } from "./corpus";

/** `node --import tsx eval/validate.ts`: checks the corpus's shape and prints its make-up. */
const cases = loadCorpus();
const count = (predicate: (item: (typeof cases)[number]) => boolean) => cases.filter(predicate).length;
console.log(`${cases.length} cases: ${count((item) => item.language === "en")} en, ${count((item) => item.language === "fr")} fr`);
console.log(`dictionary-word cases: ${count((item) => item.dictionary_words.length > 0)}`);
for (const style of ["chatgpt", "gemini", "perplexity", "claude", "grok"]) console.log(`  ${style}: ${count((item) => item.style === style)}`);
const sentiments: Record<string, number> = {};
for (const item of cases) for (const label of Object.values(item.labels.mentions)) if (label.sentiment) sentiments[label.sentiment] = (sentiments[label.sentiment] ?? 0) + 1;
console.log("sentiment labels:", sentiments);
