/** The messages between the main thread's PGlite dialect and the worker owning PGlite (pglite-worker.ts). */

export interface WorkerSettings {
  /** A directory, or "memory://". */
  dataDir: string;
}

export type WorkerRequest =
  | { type: "query"; id: number; sql: string; params: unknown[] }
  | { type: "ready"; id: number }
  | { type: "close"; id: number };

export type WorkerAnswer =
  | { ok: true; id: number; rows: unknown[]; affectedRows?: number }
  | { ok: false; id: number; message: string; fields: Record<string, string> };
