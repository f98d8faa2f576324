import fs from "node:fs/promises";

/**
 * CPU time (user plus system) so far, in ms, from Linux's /proc: of a whole process (`processCpuMs`,
 * every thread) or of its main thread (`mainThreadCpuMs`, where JavaScript and a page's compression
 * run; the session cookie's decryption, in libuv's pool, and part of the garbage collection run
 * beside it). Under load the server is bound by its main thread, so that thread's CPU per request is
 * the inverse of the throughput without what the wall clock adds: another process on the core, a
 * timer's wait. In clock ticks of 10 ms: over a run of thousands of requests, a few µs each.
 */
async function cpuMsOf(statFile: string): Promise<number> {
  const fields = (await fs.readFile(statFile, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const processCpuMs = (pid: number) => cpuMsOf(`/proc/${pid}/stat`);

export const mainThreadCpuMs = (pid: number) => cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
