/** Timing helpers of the bench. */
import { monitorEventLoopDelay } from "node:perf_hooks";

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

/** Runs work while watching the event loop; answers its value and the longest stall in ms. */
export async function watchingStalls<T>(work: () => Promise<T>): Promise<[T, number]> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    return [await work(), delay.max / 1e6];
  } finally {
    delay.disable();
  }
}
