/**
 * The calculation pipeline (docs/rules/reports.md#pipeline; docs/performance.md): a day is queued as a
 * `report_batch`, claimed by one worker under a renewed lease and rebuilt from raw data (calculate.ts); a
 * recalculation redoes both kinds unpublished; a delete clears a day's report. The scheduler (scheduler.ts)
 * queues yesterday daily.
 */
import { randomUUID } from "node:crypto";
import {
  REPORT_KINDS,
  type ReportKindValue,
  ReportStatus,
  reportDateToIso,
  reportDateWindow,
} from "@pc/contract";
import { type Config, DEFAULT_LEASE_SECONDS } from "../../../config.ts";
import { type Db, isEmbedded } from "../../../db/database.ts";
import { inTransaction } from "../../../db/transaction.ts";
import { type DayRange, reportToday } from "../days.ts";
import { MODELS } from "../model.ts";
import { deleteReportRows, rebuildReport } from "./calculate.ts";
import {
  type Claim,
  claimBatch,
  claimHolds,
  failBatch,
  finishBatch,
  insertSeededBatches,
  lockBatch,
  lockReportRows,
  queueBatch,
  queueMissingBatches,
  renewLease,
  resetBatch,
} from "./repo.ts";

export interface CalculationSettings {
  timeZone: string;
  /** REPORT_LEASE_SECONDS: a calculation's lease, renewed while it runs (default 30). */
  leaseSeconds?: number;
}

export interface ReportSettings extends CalculationSettings {
  autoPublish: boolean;
}

export const reportSettings = (config: Config) =>
  ({
    timeZone: config.REPORT_TZ,
    autoPublish: config.AUTO_PUBLISH,
    leaseSeconds: config.REPORT_LEASE_SECONDS,
  }) satisfies ReportSettings;

export type RunOutcome = "calculated" | "superseded" | "error";

/** A calculation whose claim was taken (a recalculation queued, a delete, a takeover): its work rolls back. */
class Superseded extends Error {}

/**
 * Renews a claim's lease four times per lease on its own connection until stopped. Never awaited inside
 * the calculation's transaction: on PGlite the renewal waits for the one session the transaction holds.
 * A failed renewal is only skipped: should the lease lapse, another worker takes the batch over and this
 * calculation's finish finds its claim gone and rolls back.
 */
function keepLease(db: Db, claim: Claim, leaseSeconds: number) {
  let renewing: Promise<void> | undefined;
  const timer = setInterval(() => {
    renewing ??= renewLease(db, claim)
      .catch(() => undefined)
      .finally(() => {
        renewing = undefined;
      });
  }, leaseSeconds * 250);
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Calculates a claimed batch in one transaction while its lease is renewed. The result is recorded only if
 * the claim still holds at the end, else everything rolls back ("superseded"); a failure leaves the old
 * report and records the reason. On the embedded database the report is built first in short transactions
 * while the claim holds (calculate.ts), and the last one only records it.
 */
export async function runClaim(db: Db, claim: Claim, settings: CalculationSettings): Promise<RunOutcome> {
  const lease = keepLease(db, claim, settings.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
  const days = { from: claim.dt, to: claim.dt };
  try {
    const built = isEmbedded(db)
      ? await rebuildReport(db, claim.kind, claim.company_id, days, settings.timeZone, {
          sliced: { holds: (tx) => claimHolds(tx, claim) },
        })
      : null;
    return await db.transaction().execute(async (tx): Promise<RunOutcome> => {
      await lockReportRows(tx, claim.company_id, claim.kind);
      if (!(await claimHolds(tx, claim))) throw new Superseded();
      const counts =
        built ?? (await rebuildReport(tx, claim.kind, claim.company_id, days, settings.timeZone));
      const outcome = { published: claim.publish_after, rowCount: counts.get(claim.dt) ?? 0 };
      if (!(await finishBatch(tx, claim, outcome))) throw new Superseded();
      return "calculated";
    });
  } catch (error) {
    if (error instanceof Superseded) return "superseded";
    await failBatch(db, claim, error instanceof Error ? error.message : String(error));
    return "error";
  } finally {
    await lease.stop();
  }
}

export interface QueueScope {
  companyIds: readonly number[] | null;
  kinds: readonly ReportKindValue[] | null;
  /** yyyy-MM-DD */
  dt: string | null;
}

/** Every claimable batch (the scheduler's scope). */
export const ALL_BATCHES: QueueScope = { companyIds: null, kinds: null, dt: null };

/**
 * Claims and calculates queued batches (and those whose lease lapsed) one at a time until none is left in
 * scope (or `max` ran).
 */
export async function runQueue(
  db: Db,
  scope: QueueScope,
  settings: CalculationSettings,
  max = 1000,
): Promise<number> {
  const leaseSeconds = settings.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  let ran = 0;
  while (ran < max) {
    const claim = await claimBatch(db, randomUUID(), scope, leaseSeconds);
    if (!claim) break;
    await runClaim(db, claim, settings);
    ran += 1;
  }
  return ran;
}

/** The scheduler's work: queue yesterday (REPORT_TZ) for every company lacking it, then run the queue. */
export async function scheduledRun(db: Db, settings: ReportSettings, now = new Date()): Promise<number> {
  const yesterday = reportDateToIso(reportDateWindow(reportToday(settings.timeZone, now)).maxDate);
  await queueMissingBatches(db, yesterday, settings.autoPublish);
  return runQueue(db, ALL_BATCHES, settings);
}
/**
 * Calculates a range of days of both kinds at once (the demo seed): every day published except the last,
 * which is calculated and waits to be published.
 */
export async function seedReportDays(db: Db, companyId: number, days: DayRange, timeZone: string) {
  await inTransaction(db, async (tx) => {
    for (const kind of REPORT_KINDS) {
      const counts = await rebuildReport(tx, kind, companyId, days, timeZone);
      await insertSeededBatches(tx, companyId, kind, days, counts);
    }
  });
}

/** A batch a calculation request queued, and whether its report was published until then. */
export interface QueuedBatch {
  kind: ReportKindValue;
  wasPublished: boolean;
}

/**
 * Queues a day's calculation. A day whose report exists already (even while it is being recalculated) is
 * recalculated: both kinds are redone and stay unpublished until published again; a first calculation
 * follows AUTO_PUBLISH. Answers the batches it queued. Both kinds' batches are locked, always in the same
 * order, so two requests for the two kinds of a day cannot wait on each other crosswise.
 */
export async function queueCalculation(
  db: Db,
  companyId: number,
  kind: ReportKindValue,
  dt: string,
  settings: ReportSettings,
  userId: number | null,
): Promise<QueuedBatch[]> {
  return inTransaction(db, async (tx) => {
    const current = new Map<ReportKindValue, Awaited<ReturnType<typeof lockBatch>>>();
    for (const each of REPORT_KINDS) current.set(each, await lockBatch(tx, companyId, each, dt));
    const recalculation = current.get(kind)?.has_report ?? false;
    const kinds = recalculation ? [kind, ...REPORT_KINDS.filter((each) => each !== kind)] : [kind];
    for (const each of kinds) {
      await queueBatch(tx, {
        companyId,
        kind: each,
        dt,
        publishAfter: recalculation ? false : settings.autoPublish,
        userId,
      });
    }
    return kinds.map((each) => ({
      kind: each,
      wasPublished: current.get(each)?.status === ReportStatus.Published,
    }));
  });
}

/**
 * Removes a company's report of a day: its rows (the spans holding them rebuilt), and its batch back to
 * pending, not queued (the scheduler leaves it alone). Serialized with the calculation's writers. Answers
 * whether the report was published until then.
 */
export async function deleteDayReport(
  db: Db,
  companyId: number,
  kind: ReportKindValue,
  dt: string,
  userId: number | null,
): Promise<{ wasPublished: boolean }> {
  return inTransaction(db, async (tx) => {
    await lockReportRows(tx, companyId, kind);
    const current = await lockBatch(tx, companyId, kind, dt);
    await deleteReportRows(tx, MODELS[kind], companyId, { from: dt, to: dt });
    await resetBatch(tx, companyId, kind, dt, userId);
    return { wasPublished: current?.status === ReportStatus.Published };
  });
}
