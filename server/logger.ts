type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", message: string, fields?: Fields) {
  if (process.env.NODE_ENV === "test" && level === "info") return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
  (level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** One JSON line per event: what log collectors expect, and grep-able in a terminal. */
export const logger = {
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};
