import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import type { z } from "zod";
import { AnswerProfileSchema, AnswerSchema, analyzeAnswer } from "./seo-llm/answer-analysis";

/** Operators' command line (package.json `bin`): `sightline analyze-answer --profile P --answer A`. */

const USAGE = `Usage: sightline analyze-answer --profile PROFILE.json --answer ANSWER.json

  PROFILE.json  {"brand_name", "aliases", "website_url", "competitors": [{"name", "domain", "aliases"}], "market_language"}
  ANSWER.json   {"provider", "text", "citations": [{"url", "title"}], "search_queries"}

Prints the analysis as JSON: brand (mentioned, position, sentiment), mentions, cited_domains, search_queries.`;

type Output = { out: (text: string) => void; err: (text: string) => void };

/** Exit codes: 0 done, 2 bad usage or input (with the reason on stderr). */
export async function run(argv: string[], io: Output): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "analyze-answer") {
    io.err(command && command !== "--help" ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
    return command === "--help" ? 0 : 2;
  }
  let options: { profile?: string; answer?: string };
  try {
    options = parseArgs({ args: rest, options: { profile: { type: "string" }, answer: { type: "string" } } }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (!options.profile || !options.answer) {
    io.err(`Both --profile and --answer are required.\n\n${USAGE}`);
    return 2;
  }
  const profile = await readJson(options.profile, AnswerProfileSchema, io);
  const answer = await readJson(options.answer, AnswerSchema, io);
  if (!profile || !answer) return 2;
  io.out(`${JSON.stringify(analyzeAnswer(profile, answer), null, 2)}\n`);
  return 0;
}

async function readJson<T extends z.ZodType>(file: string, schema: T, io: Output): Promise<z.infer<T> | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (error) {
    io.err(`${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`);
    return null;
  }
  const result = schema.safeParse(parsed);
  if (result.success) return result.data;
  for (const issue of result.error.issues) io.err(`${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return null;
}
