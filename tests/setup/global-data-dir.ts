import fs from "node:fs/promises";
import type { TestProject } from "vitest/node";

/** Removes the project's temporary DATA_DIR (outbox mails, any stray files) once the run is over. */
export default function setup(project: TestProject) {
  const dir = project.config.env.DATA_DIR;
  return async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}
