/**
 * Registers a contract endpoint's route (contract/src/endpoint.ts): its method and path, its schemas for
 * validation, answers and /docs, and its access for the auth hook, all from the one definition.
 */
import {
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type Envelope,
  envelopeOf,
  type QueryOf,
} from "@pc/contract";
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from "fastify";

/** A request to an endpoint, its query and body as validated. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest & { query: QueryOf<E>; body: BodyOf<E> };

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Envelope<AnswerOf<E>>>;

function configOf(access: Endpoint["access"]): FastifyContextConfig {
  if (access === "public") return { public: true };
  return access === "session" ? {} : { action: access };
}

export function serveEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  tags: string[],
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: configOf(endpoint.access),
    schema: {
      tags,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelopeOf(endpoint.answer) },
    },
    // The schemas above validate the query and body before the handler runs, so they have these types.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
