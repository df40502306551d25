import { z } from "zod";
import { Code } from "./errors.ts";

/** Every answer: `{code, msg, data}`; success is code 200. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const ok = <T>(data: T, msg = "Success"): Envelope<T> => ({ code: Code.Ok, msg, data });

export const pageQuery = {
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100000).default(10),
};

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int() });
