/**
 * Backpressure for the ingest routes (docs/api.md#report-data-in-the-sdk-and-affiliate-networks): at most
 * `max` calls in flight per process. Past that a call is answered at once — before its body is read or the
 * database is asked — with HTTP 429, code 607 and `Retry-After`, instead of queueing for the database without
 * bound.
 */
import { Code } from "@pc/contract";
import type { onRequestHookHandler } from "fastify";
import { refusedWith } from "../lib/api-responses.ts";
import { RetryLater } from "../lib/app-error.ts";

/** How a route behind the limit documents it. */
export const inFlightRefusal = refusedWith("Too many calls in flight on this server (code 607)");

export function inFlightLimit(max: number, retryAfterSeconds = 1): onRequestHookHandler {
  let inFlight = 0;
  return (_request, reply, done) => {
    if (inFlight >= max) return done(new RetryLater(Code.Busy, retryAfterSeconds));
    inFlight += 1;
    // "close" comes once the answer is sent or the client went away, whichever way the call ended.
    reply.raw.once("close", () => {
      inFlight -= 1;
    });
    done();
  };
}
