import { analyzeAnswer } from "../server/seo-llm/answer-analysis";
import { loadCorpus } from "./corpus";

/** `node --import tsx eval/show.ts ID…`: a case's text, each judgement the engine made, and its labels beside the engine's. */
const ids = process.argv.slice(2);
for (const item of loadCorpus().filter((entry) => ids.includes(entry.id))) {
  console.log(`=== ${item.id}\n${item.answer.text}\n`);
  const result = analyzeAnswer(item.profile, item.answer, { trace: (line) => console.log(`  · ${line}`) });
  for (const [name, label] of Object.entries(item.labels.mentions)) {
    const got = result.mentions.find((mention) => mention.name === name);
    console.log(`  ${name}: labelled ${label.mentioned ? label.sentiment : "absent"}, engine ${got ? got.sentiment : "absent"}`);
  }
}
