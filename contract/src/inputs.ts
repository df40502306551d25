/**
 * Building blocks of request schemas (docs/rules/validation.md#search-inputs): the characters no text input
 * may hold, ids, trimmed text filters that refuse emoji, integer filters and the existence-check answer.
 * Issue messages are keys of MESSAGES.
 */
import { z } from "zod";

/** Ids are PostgreSQL `integer`s. */
export const ID_MAX = 2_147_483_647;

/**
 * Emoji (pictographs, flags, skin tones, emoji presentation and keycaps), refused in text inputs with
 * `illegalCharacters`. The text symbols © ® ™ stay allowed unless written with emoji presentation.
 */
const EMOJI =
  /(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}|[\p{Regional_Indicator}\p{Emoji_Modifier}]|\u{FE0F}|\u{20E3}/u;
export const hasEmoji = (text: string): boolean => EMOJI.test(text);

/**
 * Characters no text input may hold, whatever its field: NUL (PostgreSQL cannot store it) and lone surrogates
 * (not Unicode, so not encodable as UTF-8). Refused for every input at once (the server checks each query and
 * body with `unstorableTextPath`), with `illegalCharacters`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it refuses
const UNSTORABLE = /[\u0000\p{Cs}]/u;
export const hasUnstorableCharacters = (text: string): boolean => UNSTORABLE.test(text);

/** Whether a text anywhere inside an input holds unstorable characters: the check every request pays. */
function holdsUnstorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (hasUnstorableCharacters(value)) return true;
    } else if (value !== null && typeof value === "object") {
      for (const key in value) pending.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/** A value met while searching an input, with the key that leads to it from its parent. */
interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * The path (keys, and indexes of arrays) of a text inside a parsed input (query, JSON body) holding
 * unstorable characters, or null when there is none. Iterative, so a deeply nested body cannot exhaust the
 * stack; the path is searched for only once a quick pass found such a text.
 */
export function unstorableTextPath(input: unknown): string[] | null {
  if (!holdsUnstorableText(input)) return null;
  const pending: Visit[] = [{ value: input }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === "string" && hasUnstorableCharacters(visit.value)) {
      const path: string[] = [];
      for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (visit.value !== null && typeof visit.value === "object") {
      for (const [key, value] of Object.entries(visit.value)) pending.push({ value, key, parent: visit });
    }
  }
  return null;
}

/** A record id in a JSON body. */
export const idValue = z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(ID_MAX);

/** A record id in a query string. */
export const idParam = z.coerce
  .number({ error: "integerRequired" })
  .int("integerRequired")
  .min(1)
  .max(ID_MAX);

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** An optional record id in a query string; empty means absent (used to exclude one's own id). */
export const optionalIdParam = z.preprocess(blankToUndefined, idParam.optional());

/** A search filter: trimmed, emoji refused, empty means "no filter". */
export const textFilter = (max = 100) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !hasEmoji(text), "illegalCharacters")
    .optional()
    .transform((text) => text || undefined);

/** An integer search filter (e.g. the placement id): integers only, empty means "no filter". */
export const integerFilter = z.preprocess(
  (value) => (typeof value === "string" ? blankToUndefined(value.trim()) : blankToUndefined(value)),
  z.coerce.number({ error: "integerRequired" }).int("integerRequired").min(0).max(ID_MAX).optional(),
);

/** The answer of the name and package existence checks. */
export const existAnswer = z.object({ result: z.boolean() });
export type ExistAnswer = z.infer<typeof existAnswer>;

/** The query of the delete calls. */
export const idQuery = z.object({ id: idParam });
