/**
 * Report ingest (docs/rules/reports.md#pipeline; docs/rules/validation.md#report-dates): all-or-nothing per
 * batch, retries never double-count, appended only, so late data leaves a calculated day stale until it is
 * recalculated.
 */
import {
  type AffiliateStatsAnswer,
  type affiliateStatsBody,
  Code,
  reportDateToIso,
  type SdkEventsAnswer,
  type SdkEventsBody,
} from "@pc/contract";
import type { z } from "zod";
import type { Db } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import { coalesced } from "../../../lib/coalesce.ts";
import { findCompany } from "../../tenancy/service.ts";
import { reportToday } from "../days.ts";
import {
  type AppendOutcome,
  appendAffiliateStats,
  appendSdkBatches,
  placementsOfApp,
  type SdkBatch,
} from "./repo.ts";

/** A non-negative amount of at most 6 decimals, as exact decimal text. */
const amountText = (value: number) => value.toFixed(6);

export interface SdkApp {
  company_id: number;
  id: number;
}

export type AppendSdkBatch = (app: SdkApp, batch: SdkBatch) => Promise<AppendOutcome>;

/** Statements in flight per app before its next batches wait to share one (lib/coalesce.ts). */
const APPENDS_IN_FLIGHT_PER_APP = 3;
/** Events in one shared statement: a short transaction still (PGlite has one session). */
const EVENTS_PER_APPEND = 2000;

/**
 * A process's SDK appends: concurrent batches of one app go to the database together, one statement for
 * several batches (group commit), each still all-or-nothing with its own outcome.
 */
export function sdkBatchAppender(db: Db): AppendSdkBatch {
  const append = coalesced<{ app: SdkApp; batch: SdkBatch }, AppendOutcome>(
    async (items) => {
      const app = items[0]?.app;
      if (!app) return [];
      return appendSdkBatches(
        db,
        { companyId: app.company_id, appId: app.id },
        items.map((item) => item.batch),
      );
    },
    {
      maxInFlight: APPENDS_IN_FLIGHT_PER_APP,
      maxWeight: EVENTS_PER_APPEND,
      weight: ({ batch }) => batch.events.length,
      compatible: (a, b) => a.batch.batchId !== b.batch.batchId,
    },
  );
  return (app, batch) => append(`${app.company_id}:${app.id}`, { app, batch });
}

/**
 * Counts a batch of SDK events: every placement must be the app's, no hour in the future; a batch id taken
 * before counts nothing. A refused or failed batch writes nothing.
 */
export async function ingestSdkEvents(
  db: Db,
  append: AppendSdkBatch,
  app: SdkApp,
  body: SdkEventsBody,
  now = new Date(),
): Promise<SdkEventsAnswer> {
  const currentHour = utcHour(now.toISOString());
  const future = body.events.findIndex((event) => utcHour(event.hour) > currentHour);
  if (future >= 0) throw new AppError(Code.ParamError, "reportHourFuture", {}, `events.${future}.hour`);
  const outcome = await append(app, { batchId: body.batch_id, events: body.events });
  if (outcome === "placementUnknown") {
    const placementIds = [...new Set(body.events.map((event) => event.adpos_id))];
    const known = new Set((await placementsOfApp(db, app.company_id, app.id, placementIds)).map((p) => p.id));
    const index = body.events.findIndex((event) => !known.has(event.adpos_id));
    const id = body.events[index]?.adpos_id ?? 0;
    throw new AppError(Code.ParamError, "reportPlacementUnknown", { id }, `events.${index}.adpos_id`);
  }
  const fresh = outcome === "appended";
  return { batch_id: body.batch_id, accepted: fresh, events: fresh ? body.events.length : 0 };
}

/**
 * The hour of an ISO-8601 UTC time as `yyyy-MM-ddTHH:00:00.000Z`: an event's hour matches UTC_HOUR_PATTERN, so
 * its first 13 characters are the hour (no date parsing per event; these strings order as the hours do).
 */
const utcHour = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;

/** Stores an affiliate's daily totals for a company, each replacing the values of its key. */
export async function ingestAffiliateStats(
  db: Db,
  body: z.output<typeof affiliateStatsBody>,
  timeZone: string,
  now = new Date(),
): Promise<AffiliateStatsAnswer> {
  if (!(await findCompany(db, body.company_id))) {
    throw new AppError(Code.ParamError, "companyNotFound", { id: body.company_id }, "company_id");
  }
  const today = reportToday(timeZone, now);
  const seen = new Map<string, number>();
  for (const [index, row] of body.rows.entries()) {
    if (row.dt > today) throw new AppError(Code.ParamError, "affiliateDateFuture", {}, `rows.${index}.dt`);
    const key = JSON.stringify([row.dt, row.sub_channel, row.offer_id, row.pkg_name, row.country]);
    const other = seen.get(key);
    if (other !== undefined) {
      throw new AppError(Code.ParamError, "affiliateRowDuplicate", { other }, `rows.${index}`);
    }
    seen.set(key, index);
  }
  const values = body.rows.map((row) => ({
    dt: reportDateToIso(row.dt),
    subChannel: row.sub_channel,
    offerId: row.offer_id,
    pkgName: row.pkg_name,
    country: row.country,
    click: row.click,
    conversion: row.conversion,
    refuse: row.refuse,
    settleAmount: amountText(row.settle_amount),
    payout: amountText(row.payout),
  }));
  await appendAffiliateStats(db, body.company_id, values);
  return { company_id: body.company_id, rows: values.length };
}
