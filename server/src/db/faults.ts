/**
 * Statements refused because a connection does not hold the state this process gave it: a named prepared
 * statement missing, or already there. That is what a pooler in transaction mode does to named statements
 * (each transaction may get another server connection), and every call that touches the database may fail
 * the same way, so readiness fails while they keep coming. Errors a caller can cause (bad input reaching a
 * statement) are not counted: a client must not be able to take the server out of rotation.
 */
const LOST_STATE_CODES: Record<string, string> = {
  "26000": "a named prepared statement is missing on its connection",
  "42P05": "a named prepared statement already exists on its connection",
};

/** How long readiness stays failed after the last such refusal. */
const FAULT_WINDOW_MS = 60_000;

export interface DatabaseFault {
  code: string;
  reason: string;
  at: number;
}

export class DatabaseFaults {
  #last: DatabaseFault | null = null;

  /** Records the error when it is such a refusal, and answers it then. */
  record(error: unknown, now = Date.now()): DatabaseFault | null {
    const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
    const reason = typeof code === "string" ? LOST_STATE_CODES[code] : undefined;
    if (typeof code !== "string" || !reason) return null;
    this.#last = { code, reason, at: now };
    return this.#last;
  }

  /** The last such refusal, when it is recent enough to keep readiness failed. */
  recent(now = Date.now()): DatabaseFault | null {
    return this.#last && now - this.#last.at < FAULT_WINDOW_MS ? this.#last : null;
  }
}
