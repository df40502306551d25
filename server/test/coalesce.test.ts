/** Group commit (lib/coalesce.ts): what waits, what shares a run, and what a failed run answers. */
import { describe, expect, it } from "vitest";
import { coalesced } from "../src/lib/coalesce.ts";

/** A run whose end the test decides: each call records its items and waits for `finish`. */
function controlledRuns() {
  const runs: { items: readonly string[]; finish: (error?: Error) => void }[] = [];
  const run = (items: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      runs.push({
        items,
        finish: (error) => (error ? reject(error) : resolve(items.map((item) => `${item}!`))),
      });
    });
  return { runs, run };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesced runs", () => {
  it("start an item at once when its key has a free run, and group the items that wait", async () => {
    const { runs, run } = controlledRuns();
    const submit = coalesced(run, { maxInFlight: 1, maxWeight: 10, weight: () => 1 });
    const first = submit("app", "a");
    const waiting = ["b", "c", "d"].map((item) => submit("app", item));
    expect(runs.map((r) => r.items)).toEqual([["a"]]);
    runs[0]?.finish();
    expect(await first).toBe("a!");
    await settle();
    expect(runs.map((r) => r.items)).toEqual([["a"], ["b", "c", "d"]]);
    runs[1]?.finish();
    expect(await Promise.all(waiting)).toEqual(["b!", "c!", "d!"]);
  });

  it("keep keys apart: another key's item does not wait", () => {
    const { runs, run } = controlledRuns();
    const submit = coalesced(run, { maxInFlight: 1, maxWeight: 10, weight: () => 1 });
    void submit("one", "a");
    void submit("two", "b");
    expect(runs.map((r) => r.items)).toEqual([["a"], ["b"]]);
  });

  it("split a group past maxWeight, and send a heavier item alone", async () => {
    const { runs, run } = controlledRuns();
    const submit = coalesced(run, { maxInFlight: 1, maxWeight: 5, weight: (item) => item.length });
    void submit("app", "x");
    for (const item of ["aa", "bbb", "c", "dddddddd"]) void submit("app", item);
    for (let index = 0; index < 4; index += 1) {
      runs[index]?.finish();
      await settle();
    }
    expect(runs.map((r) => r.items)).toEqual([["x"], ["aa", "bbb"], ["c"], ["dddddddd"]]);
  });

  it("put items that may not share a run into a later one", async () => {
    const { runs, run } = controlledRuns();
    const submit = coalesced(run, {
      maxInFlight: 1,
      maxWeight: 10,
      weight: () => 1,
      compatible: (a, b) => a !== b,
    });
    void submit("app", "x");
    for (const item of ["a", "a", "b"]) void submit("app", item);
    runs[0]?.finish();
    await settle();
    runs[1]?.finish();
    await settle();
    expect(runs.map((r) => r.items)).toEqual([["x"], ["a", "b"], ["a"]]);
  });

  it("answer a failed run's error to each of its items only", async () => {
    const { runs, run } = controlledRuns();
    const submit = coalesced(run, { maxInFlight: 1, maxWeight: 2, weight: () => 1 });
    const first = submit("app", "a");
    const failing = [submit("app", "b"), submit("app", "c")];
    const later = submit("app", "d");
    runs[0]?.finish();
    await first;
    await settle();
    runs[1]?.finish(new Error("database gone"));
    for (const item of failing) await expect(item).rejects.toThrow("database gone");
    await settle();
    runs[2]?.finish();
    expect(await later).toBe("d!");
  });
});
