/**
 * A report metric as the server computes it, both ways derived from its one formula in the contract
 * (`MetricFormula` in contract/src/reports.ts): as SQL over summed counters (the report queries and the
 * export), and in process from exact sums (the large groupings PGlite sums a few days at a time,
 * query/chunked.ts). Both round a quotient and money half away from zero to METRIC_DECIMALS and answer 0
 * when the divisor is 0 (test/report-metrics.test.ts holds them to the same values).
 */
import { type CounterUnit, METRIC_DECIMALS, type MetricInfo } from "@pc/contract";

/** Exact sums of counters by column; money counters in millionths (their columns' 6 decimals). */
export type CounterSums = Record<string, bigint>;

/** The SQL of a counter summed over the rows read (or one row's own value, when the rows are the groups). */
export type SumSql = (column: string) => string;

export interface ReportMetric extends MetricInfo<string> {
  /** The metric as answered, from the summed counters. */
  sql: (sum: SumSql) => string;
  /** Sorting by it: money unrounded, so an index on the counter can serve the order. */
  sortSql: (sum: SumSql) => string;
  /** The metric as answered, from exact sums. */
  value: (sums: CounterSums) => number;
}

const MILLIONTHS = 1_000_000n;
const SCALE = 10n ** BigInt(METRIC_DECIMALS);

/** A sum as the database answers it (a decimal text) as an exact integer: money in millionths. */
export function exactSum(text: unknown, money: boolean): bigint {
  const value = String(text ?? "0");
  const negative = value.startsWith("-");
  const [whole = "0", fraction = ""] = value.replace("-", "").split(".");
  const units = money
    ? BigInt(whole) * MILLIONTHS + BigInt(fraction.padEnd(6, "0").slice(0, 6))
    : BigInt(whole);
  return negative ? -units : units;
}

/** numerator / denominator rounded half away from zero to METRIC_DECIMALS (0 when the denominator is 0). */
function divide(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) return 0;
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const scaled = (n * SCALE * 2n + d) / (2n * d);
  return Number(negative ? -scaled : scaled) / Number(SCALE);
}

/** A report metric from its contract definition and the units of its kind's counters. */
export function reportMetric(info: MetricInfo<string>, units: Record<string, CounterUnit>): ReportMetric {
  const { of, less, per, times } = info.formula;
  const unitScale = (counter: string) => (units[counter] === "money" ? MILLIONTHS : 1n);
  const ofSql = (sum: SumSql) => (less ? `(${sum(of)} - ${sum(less)})` : sum(of));
  const rounded = (text: string) => `round(${text}, ${METRIC_DECIMALS})`;
  const sql = (sum: SumSql): string => {
    if (per) {
      const scaled = times === undefined ? ofSql(sum) : `${ofSql(sum)} * ${times}`;
      return `(case when ${sum(per)} = 0 then 0 else ${rounded(`${scaled}::numeric / ${sum(per)}`)} end)`;
    }
    return units[of] === "money" ? rounded(ofSql(sum)) : ofSql(sum);
  };
  const value = (sums: CounterSums): number => {
    const sum = (counter: string) => sums[counter] ?? 0n;
    const numerator = less ? sum(of) - sum(less) : sum(of);
    if (per) {
      return divide(numerator * BigInt(times ?? 1) * unitScale(per), sum(per) * unitScale(of));
    }
    return units[of] === "money" ? divide(numerator, MILLIONTHS) : Number(numerator);
  };
  return { ...info, sql, sortSql: (sum) => (per ? sql(sum) : ofSql(sum)), value };
}
