/**
 * Reads PostgreSQL errors (pg and PGlite raise the same fields): a rule the database enforces answers a
 * message, and a database out of reach answers "try again later".
 */

export const PgCode = { UniqueViolation: "23505", ForeignKeyViolation: "23503" } as const;
export type PgCodeValue = (typeof PgCode)[keyof typeof PgCode];

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  message?: unknown;
}

/** The constraint (or unique index) a statement violated with this code, if that is what happened. */
export function violated(
  error: unknown,
  code: PgCodeValue,
): { constraint: string; table: string } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const fields = error as PgErrorFields;
  if (fields.code !== code) return undefined;
  return {
    constraint: shardless(constraintOf(fields)),
    table: typeof fields.table === "string" ? shardless(fields.table) : "",
  };
}

/** The violated constraint: Citus relays a worker's error with its message only, which names it in quotes. */
function constraintOf(fields: PgErrorFields): string {
  if (typeof fields.constraint === "string") return fields.constraint;
  const message = typeof fields.message === "string" ? fields.message : "";
  return /constraint "([^"]+)"/.exec(message)?.[1] ?? "";
}

/**
 * A Citus worker names the shard's table and constraint, the shard id appended (`app_name_unique_102164`);
 * none of the schema's own names ends in digits (docs/citus.md).
 */
const shardless = (name: string) => name.replace(/_\d+$/, "");

/**
 * SQLSTATEs of a database going away or refusing sessions (admin/crash shutdown, "cannot connect now",
 * too many connections); class 08 (connection exception) is matched by its prefix.
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** pg raises these without a code: a lost socket, a connect timeout (its own or the pool's), a broken client. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Whether an error means the database is out of reach (down, restarting, refusing sessions) rather than
 * that the statement was wrong: such a call is answered "try again later", not as a fault. Looks through
 * `cause` and an AggregateError's errors (a host name resolving to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const fields = error as ErrorFields;
  const code = typeof fields.code === "string" ? fields.code : "";
  if (code.startsWith("08") || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))
    return true;
  if (typeof fields.message === "string" && UNAVAILABLE_MESSAGE.test(fields.message)) return true;
  if (Array.isArray(fields.errors) && fields.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(fields.cause, depth + 1);
}
