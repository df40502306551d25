/**
 * Group commit: items of one key that arrive while that key already has `maxInFlight` runs under way wait and
 * go together in the next run, up to `maxWeight` (a single heavier item goes alone). An item that finds a free
 * run goes at once, so a quiet server adds no wait; under load one statement carries many items, which costs
 * the database far less per item than a statement each (the SDK ingest on hot apps;
 * docs/performance.md#budgets).
 */
export interface CoalesceOptions<T> {
  maxInFlight: number;
  maxWeight: number;
  weight: (item: T) => number;
  /** Whether two items can share a run (e.g. not the same batch id twice); the later one waits for the next. */
  compatible?: (a: T, b: T) => boolean;
}

/** Runs items of one key together and answers one result per item, in their order. */
export type GroupRun<T, R> = (items: readonly T[]) => Promise<readonly R[]>;

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

interface Lane<T, R> {
  inFlight: number;
  waiting: Waiting<T, R>[];
}

export function coalesced<T, R>(
  run: GroupRun<T, R>,
  { maxInFlight, maxWeight, weight, compatible = () => true }: CoalesceOptions<T>,
): (key: string, item: T) => Promise<R> {
  const lanes = new Map<string, Lane<T, R>>();

  const takeGroup = (lane: Lane<T, R>): Waiting<T, R>[] => {
    const group: Waiting<T, R>[] = [];
    let total = 0;
    lane.waiting = lane.waiting.filter((entry) => {
      const heavier = group.length > 0 && total + weight(entry.item) > maxWeight;
      if (heavier || !group.every((taken) => compatible(taken.item, entry.item))) return true;
      group.push(entry);
      total += weight(entry.item);
      return false;
    });
    return group;
  };

  const runGroup = async (key: string, lane: Lane<T, R>, group: readonly Waiting<T, R>[]) => {
    try {
      const results = await run(group.map((entry) => entry.item));
      for (const [index, entry] of group.entries()) entry.resolve(results[index] as R);
    } catch (error) {
      for (const entry of group) entry.reject(error);
    } finally {
      lane.inFlight -= 1;
      if (lane.inFlight === 0 && lane.waiting.length === 0) lanes.delete(key);
      else pump(key, lane);
    }
  };

  const pump = (key: string, lane: Lane<T, R>) => {
    while (lane.inFlight < maxInFlight && lane.waiting.length > 0) {
      lane.inFlight += 1;
      void runGroup(key, lane, takeGroup(lane));
    }
  };

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const lane = lanes.get(key) ?? { inFlight: 0, waiting: [] };
      lanes.set(key, lane);
      lane.waiting.push({ item, resolve, reject });
      pump(key, lane);
    });
}
