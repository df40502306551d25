/**
 * Answer times (docs/api.md#call-conventions): formatDateTime equals Intl's wall clock of the zone, across
 * offset changes.
 */
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../src/lib/time.ts";

const intl = new Map<string, Intl.DateTimeFormat>();

/** What Intl itself shows for the instant, formatted the same way. */
function intlWallClock(instant: Date, timeZone: string): string {
  const formatter =
    intl.get(timeZone) ??
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
  intl.set(timeZone, formatter);
  const parts = formatter.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
}

const ZONES = [
  "UTC",
  "Asia/Shanghai",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "America/St_Johns",
  "Europe/Amsterdam",
];

describe("formatDateTime", () => {
  it("formats in the zone's wall clock", () => {
    expect(formatDateTime(new Date("2026-03-08T06:59:59Z"), "America/New_York")).toBe("2026-03-08 01:59:59");
    expect(formatDateTime(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe("2026-03-08 03:00:00");
    expect(formatDateTime(new Date("2026-11-25T16:05:09Z"), "Asia/Shanghai")).toBe("2026-11-26 00:05:09");
    expect(formatDateTime(new Date("2026-01-01T00:00:00Z"), "UTC")).toBe("2026-01-01 00:00:00");
  });

  it("equals Intl every 7 s around offset changes and at random instants, in odd zones too", () => {
    const transitions = [
      "2026-03-08T07:00:00Z", // New York into DST
      "2026-10-25T01:00:00Z", // Berlin out of DST
      "2026-04-04T15:00:00Z", // Lord Howe: a 30-minute change
      "2026-11-01T05:30:00Z", // St John's (-03:30) out of DST
      "1937-06-30T23:40:28Z", // Amsterdam's +00:19:32 to +00:20
    ];
    for (const zone of ZONES) {
      for (const at of transitions) {
        const center = Date.parse(at);
        for (let ms = center - 20 * 60_000; ms <= center + 20 * 60_000; ms += 7_001) {
          expect(formatDateTime(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
            intlWallClock(new Date(ms), zone),
          );
        }
      }
      for (let i = 0; i < 500; i++) {
        const instant = new Date(Date.UTC(1900, 0, 1) + Math.random() * 200 * 365.25 * 86_400_000);
        expect(formatDateTime(instant, zone), `${zone} ${instant.toISOString()}`).toBe(
          intlWallClock(instant, zone),
        );
      }
    }
  });
});
