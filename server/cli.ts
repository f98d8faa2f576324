import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import type { z } from "zod";
import { BackupError, backup, restore } from "./db/backup";
import { AnswerProfileSchema, AnswerSchema, analyzeAnswer } from "./seo-llm/answer-analysis";

/** Operators' command line (package.json `bin`): `sightline analyze-answer --profile P --answer A`. */

const USAGE = `Usage: sightline analyze-answer --profile PROFILE.json --answer ANSWER.json
       sightline backup --out FILE
       sightline restore --in FILE [--force]

analyze-answer prints the analysis as JSON: brand (mentioned, position, sentiment), mentions,
cited_domains, search_queries.
  PROFILE.json  {"brand_name", "aliases", "website_url", "competitors": [{"name", "domain", "aliases"}], "market_language",
                 "ambiguous_names" (optional: names that count only where the answer plainly means the brand)}
  ANSWER.json   {"provider", "text", "citations": [{"url", "title"}], "search_queries"}

backup writes a backup of the database the app is configured with (DATABASE_URL, else PGlite in
DATA_DIR/pglite): pg_dump's custom format for PostgreSQL; for PGlite, a .tar.gz of its data
directory, which needs the server stopped. restore loads such a file into that database; a
database that is not empty only with --force, which replaces it. Neither covers DATA_DIR/secret.key
or uploaded files: see docs/operations.md, "Backup and restore".

Exit codes: 0 done, 2 bad usage or input, 1 failure; the reason on stderr.`;

type Output = { out: (text: string) => void; err: (text: string) => void };

/** Exit codes: 0 done, 2 bad usage or input, 1 failure (with the reason on stderr). */
export async function run(argv: string[], io: Output): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "backup" || command === "restore") return backupCommand(command, rest, io);
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

async function backupCommand(command: "backup" | "restore", args: string[], io: Output): Promise<number> {
  let options: { out?: string; in?: string; force?: boolean };
  try {
    options = parseArgs({
      args,
      options: command === "backup" ? { out: { type: "string" } } : { in: { type: "string" }, force: { type: "boolean" } },
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const file = command === "backup" ? options.out : options.in;
  if (!file) {
    io.err(`sightline ${command}: ${command === "backup" ? "--out FILE" : "--in FILE"} is required.\n\n${USAGE}`);
    return 2;
  }
  try {
    // Loaded here, not above: the runtime brings the whole server along, which analyze-answer does without.
    const { databaseTarget } = await import("./boot");
    const target = databaseTarget();
    const done = command === "backup" ? await backup(target, file) : await restore(target, file, { force: options.force ?? false });
    io.out(`${done}\n`);
    return 0;
  } catch (error) {
    const lines = error instanceof Error ? error.message.split("\n") : [String(error)];
    for (const line of lines) io.err(`sightline ${command}: ${line}`);
    return error instanceof BackupError ? error.exitCode : 1;
  }
}
