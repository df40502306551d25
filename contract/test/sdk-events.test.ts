import { describe, expect, it } from "vitest";
import { ID_MAX, isPlainSdkEventsBody, MAX_AMOUNT, MAX_COUNTER, sdkEventsBody } from "../src/index.ts";

const event = {
  adpos_id: 12,
  country: "US",
  hour: "2024-05-01T13:00:00Z",
  request: 10,
  fill: 9,
  show: 8,
  click: 1,
  revenue: 0.0125,
};

const counters = [0, 1, MAX_COUNTER, MAX_COUNTER + 1, -1, 1.5, -0, "3", null, true, [], {}];
const candidates: Record<string, unknown[]> = {
  adpos_id: [1, ID_MAX, ID_MAX + 1, 0, -3, 2.5, "12", null, 1e21],
  country: ["US", "GB", "UNK", "OTHER", "ALL", "us", "XX", "", 1, null, " US"],
  hour: [
    "2024-05-01T13:00Z",
    "2024-05-01T13:00:00.000Z",
    "2024-05-01T13:00:00+00:00",
    "2024-02-29T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "2024-02-30T00:00:00Z",
    "2024-04-31T00:00:00Z",
    "2024-05-01T24:00:00Z",
    "2024-13-01T00:00:00Z",
    "2024-00-01T00:00:00Z",
    "0000-05-01T10:00:00Z",
    "2024-05-01T13:30:00Z",
    "2024-05-01 13:00",
    "2024-05-01T13:00:00+08:00",
    "",
    1714568400,
    null,
  ],
  request: counters,
  fill: counters,
  show: counters,
  click: counters,
  revenue: [
    0,
    0.000001,
    0.123456,
    0.1234567,
    1e-7,
    MAX_AMOUNT,
    MAX_AMOUNT + 1,
    999999999.999999,
    -0.01,
    "1",
    null,
  ],
};

/** Every event with one field changed, missing, or one key added; and bodies around them. */
function variants(): unknown[] {
  const events: unknown[] = [event];
  for (const [field, values] of Object.entries(candidates)) {
    for (const value of values) events.push({ ...event, [field]: value });
    const { [field]: _left, ...without } = event as Record<string, unknown>;
    events.push(without);
  }
  events.push({ ...event, extra: 1 }, null, [], "event", 1);
  const bodies: unknown[] = events.map((one) => ({ batch_id: "b-1", events: [event, one] }));
  for (const batchId of ["a", "x".repeat(64), "x".repeat(65), "", "with space", "é", 7, null]) {
    bodies.push({ batch_id: batchId, events: [event] });
  }
  bodies.push(
    { batch_id: "b", events: [] },
    { batch_id: "b", events: Array.from({ length: 10_001 }, () => event) },
    { batch_id: "b", events: Array.from({ length: 10_000 }, () => event) },
    { batch_id: "b", events: event },
    { batch_id: "b" },
    { events: [event] },
    { batch_id: "b", events: [event], extra: true },
    JSON.parse(`{"batch_id":"b","events":[${JSON.stringify(event)}],"__proto__":{}}`),
    null,
    [],
    "body",
  );
  return bodies;
}

describe("the SDK batch's fast check (the hot path beside sdkEventsBody)", () => {
  it("answers as sdkEventsBody does for every variant, and an accepted body parses to an equal copy", () => {
    const cases = variants();
    expect(cases.length).toBeGreaterThan(120);
    for (const body of cases) {
      const parsed = sdkEventsBody.safeParse(body);
      expect({ body, fast: isPlainSdkEventsBody(body) }).toEqual({ body, fast: parsed.success });
      if (parsed.success) expect(parsed.data).toEqual(body);
    }
  });
});
