/**
 * A job worker process, as `npm run worker` runs it but from the sources: the runtime with its
 * workers, on DATABASE_URL, until SIGTERM (a graceful stop) or SIGKILL (a crash). Started by
 * tests/helpers/worker-process.ts.
 */
import { start, stop } from "../../server/boot";

await start({ jobs: "work" });
// The logger keeps info lines quiet under NODE_ENV=test: this one is for the parent.
process.stdout.write(`${JSON.stringify({ message: "worker.ready", pid: process.pid })}\n`);

process.once("SIGTERM", () => {
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
});
