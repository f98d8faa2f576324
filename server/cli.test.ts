import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./cli";

async function cli(args: string[], files: Record<string, string> = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "sightline-cli-"));
  for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(dir, name), content);
  let out = "";
  let err = "";
  const code = await run(
    args.map((arg) => arg.replace("{dir}", dir)),
    { out: (text) => (out += text), err: (text) => (err += `${text}\n`) },
  );
  await fs.rm(dir, { recursive: true, force: true });
  return { code, out, err };
}

const profile = JSON.stringify({ brand_name: "Acme", aliases: [], website_url: "https://acme.com", competitors: [], market_language: "en" });
const answer = JSON.stringify({ provider: "chatgpt", text: "Acme is excellent.", citations: [{ url: "https://acme.com/a" }], search_queries: ["best tool"] });

describe("sightline analyze-answer", () => {
  it("prints the analysis as JSON", async () => {
    const result = await cli(["analyze-answer", "--profile", "{dir}/p.json", "--answer", "{dir}/a.json"], { "p.json": profile, "a.json": answer });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      brand: { mentioned: true, position: 1, sentiment: "positive" },
      mentions: [{ name: "Acme", is_brand: true, tracked: true, position: 1, count: 1, sentiment: "positive" }],
      cited_domains: [{ domain: "acme.com", count: 1 }],
      search_queries: ["best tool"],
    });
  });

  it.each([
    ["no command", [], {}, /Usage: sightline analyze-answer/],
    ["a missing option", ["analyze-answer", "--profile", "{dir}/p.json"], { "p.json": profile }, /Both --profile and --answer are required/],
    ["a missing file", ["analyze-answer", "--profile", "{dir}/none.json", "--answer", "{dir}/a.json"], { "a.json": answer }, /none\.json: no such file/],
    ["malformed JSON", ["analyze-answer", "--profile", "{dir}/p.json", "--answer", "{dir}/a.json"], { "p.json": "{", "a.json": answer }, /p\.json: /],
    ["a profile without a brand", ["analyze-answer", "--profile", "{dir}/p.json", "--answer", "{dir}/a.json"], { "p.json": "{}", "a.json": answer }, /p\.json: brand_name: /],
  ])("refuses %s with exit code 2 and a reason", async (_, args, files, reason) => {
    const result = await cli(args as string[], files as Record<string, string>);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(reason);
    expect(result.out).toBe("");
  });
});

describe("sightline backup and restore: usage", () => {
  it.each([
    ["backup without --out", ["backup"], /sightline backup: --out FILE is required/],
    ["restore without --in", ["restore", "--force"], /sightline restore: --in FILE is required/],
    ["an option of the other command", ["backup", "--in", "{dir}/x"], /Unknown option '--in'/],
    ["a value for --force", ["restore", "--in", "{dir}/x", "--force=yes"], /--force/],
  ])("refuses %s with exit code 2 and the usage", async (_, args, reason) => {
    const result = await cli(args as string[]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(reason);
    expect(result.err).toMatch(/sightline restore --in FILE \[--force\]/);
    expect(result.out).toBe("");
  });
});
