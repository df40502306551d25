/** A table locked from a session of the test's own (PostgreSQL), so a call that reads it stays in flight. */
import pg from "pg";

export interface TableLock {
  /** The locking session, for further statements of the test (it is inside the transaction). */
  session: pg.Client;
  /** Resolves once a session of the database waits for a lock: the held call is in flight. */
  waitForBlockedCall(limitMs?: number): Promise<void>;
  /** Ends the transaction (the held call goes on) and the session. */
  release(): Promise<void>;
}

export async function lockTable(databaseUrl: string, table: string): Promise<TableLock> {
  const session = new pg.Client({ connectionString: databaseUrl });
  await session.connect();
  await session.query("begin");
  await session.query(`lock table ${table} in access exclusive mode`);
  return {
    session,
    async waitForBlockedCall(limitMs = 5000) {
      const started = performance.now();
      while (performance.now() - started < limitMs) {
        // the session's transaction keeps its first view of pg_stat_activity unless told to look again
        await session.query("select pg_stat_clear_snapshot()");
        const waiting = await session.query(
          "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (waiting.rowCount) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no call waited for the lock on ${table} within ${limitMs} ms`);
    },
    async release() {
      try {
        await session.query("rollback");
      } finally {
        await session.end();
      }
    },
  };
}
