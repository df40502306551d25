/**
 * What an API endpoint is (docs/internals.md#the-parts): its method and path, the schemas of its query, body
 * and answer, and who may call it. Each endpoint is defined once, beside its schemas; the server registers
 * its route from it, the web calls it through it, and the authorization test walks every one (endpoints.ts
 * lists them).
 */
import type { z } from "zod";
import type { Action } from "./permissions.ts";

export interface Endpoint {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope. */
  answer: z.ZodType;
  /** The permissions matrix's action, any signed-in user ("session"), or anyone ("public"). */
  access: Action | "session" | "public";
  /** For the API documentation (/docs). */
  description?: string;
}

declare const endpointType: unique symbol;

/**
 * What a client needs of an endpoint at run time, its method and path, typed with the whole endpoint.
 * routes.ts holds one per endpoint without its schemas, so a bundle that only calls endpoints carries no zod.
 */
export interface Route<E extends Endpoint> {
  readonly method: E["method"];
  readonly path: E["path"];
  readonly [endpointType]?: E;
}

/** The routes of an area's endpoints, by the same keys. */
export type RoutesOf<Area extends Record<string, Endpoint>> = { readonly [K in keyof Area]: Route<Area[K]> };

/** Defines an endpoint, keeping its literal types. */
// no side effects: a bundle that uses none of a module's endpoints leaves their definitions (and schemas) out
export const endpoint = /* @__NO_SIDE_EFFECTS__ */ <const E extends Endpoint>(definition: E): E => definition;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

type FieldOf<T, K> = K extends keyof T ? T[K] : never;
/**
 * The query a client sends: the fields the server reads, each absent, null (not sent) or a value, as the
 * server reads it (its output) or as it is written (its input, e.g. "1" for a flag read as a boolean).
 */
export type QueryInput<E extends Endpoint> = E["query"] extends z.ZodType
  ? {
      [K in keyof z.output<E["query"]>]?: Extract<
        z.output<E["query"]>[K] | FieldOf<z.input<E["query"]>, K>,
        QueryValue
      > | null;
    }
  : undefined;
/** The body a client sends. */
export type BodyInput<E extends Endpoint> = E["body"] extends z.ZodType ? z.input<E["body"]> : undefined;
/** The query and body the server's handler reads, after validation. */
export type QueryOf<E extends Endpoint> = E["query"] extends z.ZodType ? z.output<E["query"]> : undefined;
export type BodyOf<E extends Endpoint> = E["body"] extends z.ZodType ? z.output<E["body"]> : undefined;
/** The `data` of the endpoint's success answer. */
export type AnswerOf<E extends Endpoint> = z.output<E["answer"]>;
