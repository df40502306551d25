/**
 * What a plain route declares of its answers beyond the JSON envelope, for the API description (/docs): the
 * media types of its success (CSV, HTML, an image, plain text) and the HTTP statuses of its own refusals
 * (a key's 401, a rate limit's 429). The statuses every route may answer are added by plugins/api-docs.ts.
 */
import { refusalEnvelope } from "@pc/contract";
import type { z } from "zod";

/** A response of one or more media types, as @fastify/swagger and fastify-type-provider-zod read it. */
export interface DocumentedResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export function answeredAs(description: string, content: Record<string, z.ZodType>): DocumentedResponse {
  const entries = Object.entries(content).map(([mediaType, schema]) => [mediaType, { schema }] as const);
  return { description, content: Object.fromEntries(entries) };
}

/** A refusal this route answers with its own HTTP status; the body is the refusal envelope. */
export const refusedWith = (description: string): DocumentedResponse =>
  answeredAs(description, { "application/json": refusalEnvelope });
