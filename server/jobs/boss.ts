import type { PGlite } from "@electric-sql/pglite";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/client";

/**
 * pg-boss on the application's own database. On a PostgreSQL server it opens its own small pool;
 * on PGlite (one connection, in this process) it shares the instance through `executeSql`.
 */
export function createBoss(handle: DatabaseHandle, options: { worker: boolean }): PgBoss {
  const roles = { supervise: options.worker, schedule: options.worker };
  if (handle.driver === "pg") {
    return new PgBoss({ connectionString: handle.url, max: 4, application_name: "sightline-jobs", ...roles });
  }
  return new PgBoss({ db: pgliteExecutor(handle.pglite), ...roles });
}

function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      try {
        if (values?.length) {
          const result = await pglite.query(text, values);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        }
        // pg-boss sends parameterless multi-statement scripts (BEGIN … COMMIT); only exec runs those.
        const results = await pglite.exec(text);
        const last = results.at(-1) ?? { rows: [], affectedRows: 0 };
        return { rows: last.rows, rowCount: last.affectedRows ?? last.rows.length };
      } catch (error) {
        // One shared connection: never leave it inside an aborted transaction.
        await pglite.query("ROLLBACK").catch(() => {});
        throw error;
      }
    },
  };
}
