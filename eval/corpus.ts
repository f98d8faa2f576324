import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AnswerProfileSchema, AnswerSchema, registrableDomain } from "../server/seo-llm/answer-analysis";

/**
 * The hand-labelled answers `npm run eval` measures the answer engine on (eval/corpus/*.json).
 * Labels are written by a person reading the answer, never produced by the engine: see
 * eval/README.md for the labelling rules.
 */

const Sentiment = z.enum(["positive", "neutral", "negative"]);

export const CaseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    language: z.enum(["en", "fr"]),
    /** The market the profile is in, in a few words ("CRM software, US"). */
    market: z.string().min(2),
    /** Which assistant's style the answer imitates, and its shape. */
    style: z.enum(["chatgpt", "gemini", "perplexity", "claude", "grok"]),
    profile: AnswerProfileSchema,
    answer: AnswerSchema,
    labels: z.object({
      /** Every tracked brand (the brand and each competitor, by its `name`): named in the answer or not. */
      mentions: z.record(z.string(), z.object({ mentioned: z.boolean(), sentiment: Sentiment.optional() })),
      /** The tracked brands the answer names, in the order of their first mention. */
      order: z.array(z.string()),
      /** Registrable domains of the citations and of the http(s) links in the text. */
      cited_domains: z.array(z.string()),
    }),
    /** Tracked brands whose name or an alias is an everyday word (or a day or month) in this answer. */
    dictionary_words: z.array(z.string()).default([]),
  })
  .superRefine((item, ctx) => {
    const names = [item.profile.brand_name, ...item.profile.competitors.map((competitor) => competitor.name)];
    const labelled = Object.keys(item.labels.mentions);
    for (const name of names) {
      if (!labelled.includes(name)) ctx.addIssue({ code: "custom", message: `labels.mentions has no entry for tracked brand "${name}"` });
    }
    for (const name of labelled) {
      if (!names.includes(name)) ctx.addIssue({ code: "custom", message: `labels.mentions names "${name}", which the profile does not track` });
      const label = item.labels.mentions[name];
      if (label.mentioned && !label.sentiment) ctx.addIssue({ code: "custom", message: `"${name}" is mentioned: give its sentiment` });
      if (!label.mentioned && label.sentiment) ctx.addIssue({ code: "custom", message: `"${name}" is not mentioned: no sentiment` });
    }
    const mentioned = labelled.filter((name) => item.labels.mentions[name].mentioned);
    if (item.labels.order.length !== mentioned.length || !mentioned.every((name) => item.labels.order.includes(name))) {
      ctx.addIssue({ code: "custom", message: `labels.order must list exactly the mentioned brands (${mentioned.join(", ")})` });
    }
    for (const domain of item.labels.cited_domains) {
      if (registrableDomain(domain) !== domain) ctx.addIssue({ code: "custom", message: `"${domain}" is not a registrable domain (e.g. "example.co.uk")` });
    }
    for (const name of item.dictionary_words) {
      if (!names.includes(name)) ctx.addIssue({ code: "custom", message: `dictionary_words names "${name}", which the profile does not track` });
    }
  });
export type Case = z.infer<typeof CaseSchema>;

export const CORPUS_DIR = path.join(import.meta.dirname, "corpus");

/** Every case, with the file it came from; throws on a malformed case, naming it. */
export function loadCorpus(dir = CORPUS_DIR): Array<Case & { file: string }> {
  const cases: Array<Case & { file: string }> = [];
  const ids = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    const raw = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as unknown[];
    if (!Array.isArray(raw)) throw new Error(`${file}: the file must hold an array of cases`);
    raw.forEach((entry, index) => {
      const parsed = CaseSchema.safeParse(entry);
      const where = `${file}[${index}]${(entry as { id?: string })?.id ? ` (${(entry as { id: string }).id})` : ""}`;
      if (!parsed.success) throw new Error(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
      if (ids.has(parsed.data.id)) throw new Error(`${where}: duplicate id`);
      ids.add(parsed.data.id);
      cases.push({ ...parsed.data, file });
    });
  }
  return cases;
}
