/**
 * Hot statements (docs/performance.md#budgets): the session lookup every authenticated call makes and the
 * lists' page and count queries. Two costs were paid on every call and are now paid once:
 * - Kysely building and compiling the query (~100 µs of CPU for the session lookup's joins): a prepared query
 *   is built once per shape, with placeholders where its input goes, and each call fills in its own values;
 * - PostgreSQL parsing and planning it (~190 µs for the session lookup, against ~10 µs of running it): the
 *   statement is sent by name, so each connection parses it once and may reuse its plan.
 *
 * A shape is the set of inputs given (a list's filters), so a prepared query has a few texts at most: a
 * statement name lives as long as its connection, and statements whose text varies with their values (report
 * queries, `in` lists) would pile up on the server. PGlite, one session, keeps them by name the same way
 * (pglite-worker.ts): its planning costs more there (~500 µs of the session lookup's ~1.4 ms).
 */
import { createHash } from "node:crypto";
import type { Compilable, CompiledQuery } from "kysely";
import type pg from "pg";
import type { Db } from "./database.ts";

const statementNames = new Map<string, string>();

function markPrepared(sql: string): void {
  if (!statementNames.has(sql)) {
    statementNames.set(sql, `pc_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`);
  }
}

/** The name a prepared query's statement is sent by; undefined for any other statement. */
export const statementNameOf = (sql: string): string | undefined => statementNames.get(sql);

/** Where a call's input goes in a compiled query: the input key, or a value of the query's own. */
class Placeholder {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

/** The inputs a call gives: an absent, null or empty value leaves its part out of the query. */
const isGiven = (value: unknown) => value !== undefined && value !== null && value !== "";

export type QueryInput = Record<string, unknown>;

/**
 * A query built once per shape and run as a prepared statement. `build` must use its input's values only
 * as values (compared, limited by), never to compute others, and test a filter by whether it is given; it
 * receives placeholders in their place.
 */
export function preparedQuery<Input extends QueryInput, Row>(
  build: (db: Db, input: Input) => Compilable<Row>,
): (db: Db, input: Input) => Promise<Row[]> {
  const compiledByDb = new WeakMap<Db, Map<string, CompiledQuery<Row>>>();

  function compiled(db: Db, given: string[]): CompiledQuery<Row> {
    let shapes = compiledByDb.get(db);
    if (!shapes) {
      shapes = new Map();
      compiledByDb.set(db, shapes);
    }
    const shape = given.join(",");
    let query = shapes.get(shape);
    if (!query) {
      const placeholders = Object.fromEntries(given.map((key) => [key, new Placeholder(key)]));
      // The placeholders stand for the input's values; build sees them as the values they replace.
      query = build(db, placeholders as unknown as Input).compile();
      markPrepared(query.sql);
      shapes.set(shape, query);
    }
    return query;
  }

  return async (db, input) => {
    const query = compiled(
      db,
      Object.keys(input)
        .filter((key) => isGiven(input[key]))
        .sort(),
    );
    const parameters = query.parameters.map((value) =>
      value instanceof Placeholder ? input[value.key] : value,
    );
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** Makes a pool client send prepared statements by name (pg parses a name once per connection). */
export function sendPreparedByName(client: pg.PoolClient): void {
  const query = client.query;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === "string" && Array.isArray(values) ? statementNameOf(text) : undefined;
    if (name) return Reflect.apply(query, client, [{ name, text, values }]);
    return Reflect.apply(query, client, args);
  }) as typeof client.query;
}
