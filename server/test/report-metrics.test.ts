/**
 * Each report metric is defined once (the contract's formula) and computed two ways: as SQL by the report
 * queries and the export, and in process by the large groupings PGlite sums a few days at a time. For the same
 * sums both answer the same value: zero divisors, halves at the fifth decimal (rounded away from zero),
 * losses, and counts past 2^53.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CounterSums, exactSum } from "../src/modules/reports/metrics.ts";
import { type KindModel, MODELS } from "../src/modules/reports/model.ts";
import { startTestApp, type TestApp } from "./support/app.ts";

/** Sums as the rollups hold them: counts whole, money with 6 decimals. */
type SampleSums = Record<string, string>;

const SAMPLES: Record<KindModel["kind"], SampleSums[]> = {
  online: [
    { request: "0", fill: "0", show: "0", click: "0", revenue: "0" },
    { request: "20000", fill: "1", show: "1", click: "0", revenue: "0.000050" },
    { request: "3", fill: "2", show: "2", click: "1", revenue: "0.000001" },
    { request: "7", fill: "3", show: "1000", click: "13", revenue: "1.234565" },
    {
      request: "9007199254740993",
      fill: "9007199254740991",
      show: "6",
      click: "1",
      revenue: "123456789.987654",
    },
  ],
  offline: [
    { click: "0", conversion: "0", refuse: "0", settle_amount: "0", payout: "5.000000" },
    { click: "20000", conversion: "1", refuse: "2", settle_amount: "1.000000", payout: "1.500050" },
    { click: "3", conversion: "2", refuse: "0", settle_amount: "0.000150", payout: "0.000100" },
    { click: "7", conversion: "7", refuse: "1", settle_amount: "2.000000", payout: "2.000000" },
    { click: "1", conversion: "0", refuse: "0", settle_amount: "999999999999.999999", payout: "0.000001" },
  ],
};

describe("report metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every metric of a kind by SQL over one row of sums (typed as the rollups' columns). */
  async function bySql(model: KindModel, sums: SampleSums): Promise<Record<string, number>> {
    const columns = model.counters.map(
      (counter) => sql`${sums[counter.column]}::${sql.raw(counter.money ? "numeric(18, 6)" : "bigint")}`,
    );
    const names = sql.raw(model.counters.map((counter) => counter.column).join(", "));
    const metrics = sql.raw(
      model.metrics.map((metric) => `${metric.sql((column) => `r.${column}`)} as "${metric.key}"`).join(", "),
    );
    const { rows } = await sql<Record<string, unknown>>`
      select ${metrics} from (values (${sql.join(columns)})) as r(${names})`.execute(t.runtime.database.db);
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
  }

  const inProcess = (model: KindModel, sums: SampleSums): Record<string, number> => {
    const exactSums: CounterSums = Object.fromEntries(
      model.counters.map((counter) => [counter.column, exactSum(sums[counter.column], counter.money)]),
    );
    return Object.fromEntries(model.metrics.map((metric) => [metric.key, metric.value(exactSums)]));
  };

  for (const model of Object.values(MODELS)) {
    it(`answer the same value by SQL and in process: ${model.kind}`, async () => {
      for (const sums of SAMPLES[model.kind]) {
        expect(inProcess(model, sums), JSON.stringify(sums)).toEqual(await bySql(model, sums));
      }
    });
  }

  it("round halves away from zero, divide by zero as 0 and keep losses", async () => {
    const online = inProcess(MODELS.online, SAMPLES.online[1] ?? {});
    expect([online.recallRate, online.settleAmount, online.clickRate]).toEqual([0.0001, 0.0001, 0]);
    const offline = inProcess(MODELS.offline, SAMPLES.offline[1] ?? {});
    expect([offline.profit, offline.profitRate, offline.conversionRate]).toEqual([-0.5001, -0.5001, 0.0001]);
  });
});
