/** Scales of the trend chart: round value ticks from 0 and which day labels fit under the x axis. */

/** Ticks from 0 up to at least `max`, `count` steps of a round size (1, 2, 2.5 or 5 × 10^n). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((candidate) => candidate >= raw) ?? raw;
  const ticks: number[] = [];
  for (let value = 0; value < max + step / 2 && ticks.length <= count + 1; value += step) {
    ticks.push(Number(value.toPrecision(12)));
  }
  if ((ticks.at(-1) ?? 0) < max) ticks.push(Number((ticks.length * step).toPrecision(12)));
  return ticks;
}

/** Indexes of the points to label, evenly spread, always the first and the last, at most `max`. */
export function labelIndexes(points: number, max: number): number[] {
  if (points <= 0) return [];
  if (points <= max) return Array.from({ length: points }, (_, i) => i);
  const every = Math.ceil((points - 1) / (max - 1));
  const indexes: number[] = [];
  for (let i = 0; i < points - 1; i += every) indexes.push(i);
  const last = points - 1;
  if (indexes.length > 0 && last - (indexes.at(-1) ?? 0) < every / 2) indexes.pop();
  indexes.push(last);
  return indexes;
}
