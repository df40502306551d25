/** The messages between the main thread's PGlite dialect and the worker owning PGlite (pglite-worker.ts). */

export interface WorkerSettings {
  /** A directory, or "memory://". */
  dataDir: string;
  /**
   * A tarball of a data directory (PGlite's dumpDataDir) that a new database starts from instead of running
   * initdb: the API tests start every file from one migrated template, seconds sooner each.
   */
  template?: string | undefined;
}

export type WorkerRequest =
  /** `name`: a prepared query's statement (prepared.ts), parsed and planned once in the session under it. */
  | { type: "query"; id: number; sql: string; params: unknown[]; name?: string | undefined }
  | { type: "ready"; id: number }
  | { type: "close"; id: number }
  /** Writes the data directory as a tarball to `file` (a template for WorkerSettings.template). */
  | { type: "dump"; id: number; file: string };

export type WorkerAnswer =
  | { ok: true; id: number; rows: unknown[]; affectedRows?: number }
  | { ok: false; id: number; message: string; fields: Record<string, string> };
