/**
 * Fixed-window rate limits kept in the database (`rate_limit`), so every server process sharing it counts the
 * same events: at most `max` events per key in a window of `windowSeconds` from the key's first event. Past
 * that, the caller is refused with 601 and the minutes left until the window ends.
 */
import { Code } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { AppError } from "./app-error.ts";

export interface RateLimit {
  /** Names the limit; its rows are kept apart from the other limits'. */
  scope: string;
  max: number;
  windowSeconds: number;
}

/** Rows whose window started longer ago than this are of no use to any limit and are dropped. */
const KEEP_SECONDS = 24 * 3600;

/** Seconds until the window of a `rate_limit` row ends. */
const secondsLeft = (limit: RateLimit) =>
  sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))`;

const refusal = (seconds: number) =>
  new AppError(Code.Forbidden, "rateLimited", { minutes: Math.max(1, Math.ceil(seconds / 60)) });

/**
 * Counts one event of a key in one statement; answers 0 while the key is within its limit, else the seconds
 * until its window ends (the event still counts). The caller answers the refusal its own way.
 */
export async function countEvent(db: Db, limit: RateLimit, key: string): Promise<number> {
  const { rows } = await sql<{ hits: number; seconds: number }>`
    insert into rate_limit as r (scope, key, window_start, hits)
    values (${limit.scope}, ${key}, now(), 1)
    on conflict (scope, key) do update set
      window_start = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                          then now() else r.window_start end,
      hits = case when r.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                  then 1 else r.hits + 1 end
    returning hits, ${secondsLeft(limit)} as seconds
  `.execute(db);
  const [row] = rows;
  return row && Number(row.hits) > limit.max ? Math.max(1, Number(row.seconds)) : 0;
}

/** Counts one event of each key; refuses when a key is now past its limit (the event still counts). */
export async function takeEvent(db: Db, limit: RateLimit, keys: readonly string[]): Promise<void> {
  let waitSeconds = 0;
  for (const key of keys) waitSeconds = Math.max(waitSeconds, await countEvent(db, limit, key));
  await db
    .deleteFrom("rate_limit")
    .where("window_start", "<", sql<Date>`now() - make_interval(secs => ${KEEP_SECONDS})`)
    .execute();
  if (waitSeconds > 0) throw refusal(waitSeconds);
}

/** Refuses, without counting, while any of the keys has used up its window. */
export async function refuseWhileLimited(db: Db, limit: RateLimit, keys: readonly string[]): Promise<void> {
  const rows = await db
    .selectFrom("rate_limit")
    .select(secondsLeft(limit).as("seconds"))
    .where("scope", "=", limit.scope)
    .where("key", "in", keys)
    .where("hits", ">=", limit.max)
    .where("window_start", ">", sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
    .execute();
  const waitSeconds = Math.max(0, ...rows.map((row) => Number(row.seconds)));
  if (waitSeconds > 0) throw refusal(waitSeconds);
}
