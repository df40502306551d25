/**
 * Building blocks of request schemas (DESIGN §4, spec §5 Search inputs): ids, trimmed text filters that
 * refuse emoji, integer filters and the existence-check answer. Issue messages are keys of MESSAGES.
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
