/**
 * Seeding report data in the report tests: SDK events on a grid of placements, countries and days, sent as
 * one batch that must be accepted, and days calculated (and some published) by the operator as they would be.
 */
import { Code } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Publisher } from "./publisher.ts";
import { batchId, daysAgo, hourOf, manage, type SdkApp, type SdkEventInput, sendEvents } from "./reports.ts";

/** Where an event of the grid stands: its placement, country and day (days ago), with their indexes. */
export interface GridCell {
  placementIndex: number;
  countryIndex: number;
  day: number;
}

/** One event per placement, country and day (in that order); `numbers` gives its hour and counters. */
export function eventGrid(
  placements: readonly { id: number }[],
  countries: readonly string[],
  days: readonly number[],
  numbers: (cell: GridCell) => Omit<SdkEventInput, "adpos_id" | "country">,
): SdkEventInput[] {
  return placements.flatMap((placement, placementIndex) =>
    countries.flatMap((country, countryIndex) =>
      days.map((day) => ({
        adpos_id: placement.id,
        country,
        ...numbers({ placementIndex, countryIndex, day }),
      })),
    ),
  );
}

/** The same counters on every day at noon, in the US and Brazil (a placement's index adds to its requests). */
export const steadyEvents = (placements: readonly { id: number }[], days: readonly number[]) =>
  eventGrid(placements, ["US", "BR"], days, ({ placementIndex, day }) => ({
    hour: hourOf(day, 12),
    request: 1000 + placementIndex,
    fill: 900,
    show: 800,
    click: 10,
    revenue: 1.5,
  }));

/** Sends the events as one new batch of the app's SDK; the batch must be accepted. */
export async function ingestEvents(app: FastifyInstance, sdk: SdkApp, events: readonly SdkEventInput[]) {
  const answer = await sendEvents(app, sdk, { batch_id: batchId(), events });
  expect(answer.code, answer.msg).toBe(Code.Ok);
}

/**
 * Calculates a company's reports of each kind on each day (days ago), publishing those of `published` (every
 * day unless told); every call must succeed.
 */
export async function calculateDays(
  app: FastifyInstance,
  operator: Publisher,
  companyId: number,
  days: readonly number[],
  options: { kinds?: readonly ("online" | "offline")[]; published?: readonly number[] } = {},
) {
  const { kinds = ["online", "offline"], published = days } = options;
  for (const day of days) {
    for (const kind of kinds) {
      const calculated = await manage(app, operator, kind, "calculate", daysAgo(day), companyId);
      expect(calculated.code, calculated.msg).toBe(Code.Ok);
      if (!published.includes(day)) continue;
      const publishing = await manage(app, operator, kind, "publish", daysAgo(day), companyId);
      expect(publishing.code, publishing.msg).toBe(Code.Ok);
    }
  }
}
