/** Reads PostgreSQL errors (pg and PGlite raise the same fields) so a rule the database enforces answers a message. */

export const PgCode = { UniqueViolation: "23505", ForeignKeyViolation: "23503" } as const;
export type PgCodeValue = (typeof PgCode)[keyof typeof PgCode];

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
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
    constraint: typeof fields.constraint === "string" ? fields.constraint : "",
    table: typeof fields.table === "string" ? fields.table : "",
  };
}
