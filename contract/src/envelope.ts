import { z } from "zod";
import { CODE_MESSAGES, Code, type CodeValue } from "./errors.ts";

/** Every answer: `{code, msg, data}`; success is code 200. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Every code an answer may carry but success, each with its default message. */
const REFUSAL_CODES = Object.values(Code).filter(
  (code): code is Exclude<CodeValue, typeof Code.Ok> => code !== Code.Ok,
);

/**
 * A refused call's answer: its code, its message in the caller's language, and `data` (`{field}` naming the
 * input at fault on a 604, what the refusal carries on a few others, else null). For clients and the API
 * description (/docs); the server writes it in plugins/envelope.ts.
 */
export const refusalEnvelope = z
  .object({
    code: z.literal(REFUSAL_CODES),
    msg: z.string(),
    data: z
      .object({ field: z.string().optional().describe("The input at fault (code 604)") })
      .catchall(z.unknown())
      .nullable(),
  })
  .describe(
    `A refusal. Codes: ${REFUSAL_CODES.map((code) => `${code} ${CODE_MESSAGES[code].en}`).join("; ")}.`,
  );
export type RefusalEnvelope = z.output<typeof refusalEnvelope>;

export const ok = <T>(data: T, msg = "Success"): Envelope<T> => ({ code: Code.Ok, msg, data });

export const pageQuery = {
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100000).default(10),
};

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int() });
