#!/usr/bin/env node
// The `sightline` command. Runs the bundle `npm run build` makes (build/cli.js); in a checkout that
// was never built, the TypeScript source through tsx.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const built = new URL("../build/cli.js", import.meta.url);
let cli;
if (existsSync(fileURLToPath(built))) {
  cli = await import(built.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  cli = await import(new URL("../server/cli.ts", import.meta.url).href);
}
process.exitCode = await cli.run(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(`${text}\n`),
});
