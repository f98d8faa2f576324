import { ConfigError } from "./config";

/**
 * Why the process could not start, in one line an operator can act on: the environment, an
 * unreachable database server, a refused role or database. Unknown failures keep their stack,
 * still inside the one JSON log line.
 */
export function startupFailure(error: unknown, databaseUrl?: string): { reason: string; stack?: string } {
  if (error instanceof ConfigError) return { reason: error.message };
  const where = databaseUrl ? describeServer(databaseUrl) : "the database server";
  const cause = rootCause(error);
  const code = (cause as { code?: unknown }).code;
  switch (code) {
    case "ECONNREFUSED":
      return { reason: `Cannot reach ${where}: connection refused. Is PostgreSQL running there (DATABASE_URL)?` };
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return { reason: `Cannot reach ${where}: the host name does not resolve (DATABASE_URL)` };
    case "ETIMEDOUT":
      return { reason: `Cannot reach ${where}: the connection timed out (DATABASE_URL)` };
    case "28P01":
    case "28000":
      return { reason: `${where} refused the role: ${message(cause)} (DATABASE_URL)` };
    case "3D000":
      return { reason: `${where}: ${message(cause)}. Create it first (createdb) or fix DATABASE_URL` };
    case "42501":
      return { reason: `${where}: the role may not create the tables it needs: ${message(cause)}` };
  }
  // drizzle's "Failed query: …" says what was asked; the database's reason is in the cause.
  const reason = cause !== error ? `${message(error)}: ${message(cause)}` : message(error);
  return { reason, stack: error instanceof Error ? error.stack : undefined };
}

/** host:port/database as the role, never the password. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
    return `the PostgreSQL server ${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return "the database server";
  }
}

/** pg reports a refused dual-stack connection as an AggregateError; drizzle wraps driver errors in `cause`. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof AggregateError && current.errors.length) current = current.errors[0];
    else if (current instanceof Error && current.cause && !(current as { code?: unknown }).code) current = current.cause;
    else break;
  }
  return current;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
