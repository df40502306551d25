const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock minus UTC at an instant (ms, whole seconds), as Intl tells it. */
function offsetAt(epochMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(epochMs / 1000) * 1000;
}

const SPAN_MS = 15 * 60 * 1000;
const SPANS_KEPT = 10_000;
/**
 * A zone's offset per quarter hour of UTC; NaN for a quarter hour in which it changes. formatToParts costs
 * microseconds, and a list answers two times a row: one Intl call per quarter hour, plain arithmetic after.
 */
const spanOffsets = new Map<string, number>();

function offsetOf(epochMs: number, timeZone: string): number {
  const span = Math.floor(epochMs / SPAN_MS);
  const key = `${timeZone} ${span}`;
  let offset = spanOffsets.get(key);
  if (offset === undefined) {
    const start = span * SPAN_MS;
    const first = offsetAt(start, timeZone);
    offset = first === offsetAt(start + SPAN_MS - 1000, timeZone) ? first : Number.NaN;
    if (spanOffsets.size >= SPANS_KEPT) spanOffsets.clear();
    spanOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetAt(epochMs, timeZone) : offset;
}

const two = (value: number) => String(value).padStart(2, "0");

/** Formats an instant as `yyyy-MM-DD HH:mm:ss` in a time zone (docs/api.md#call-conventions). */
export function formatDateTime(instant: Date, timeZone: string): string {
  const epochMs = instant.getTime();
  const wall = new Date(epochMs + offsetOf(epochMs, timeZone));
  const date = `${String(wall.getUTCFullYear()).padStart(4, "0")}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
  return `${date} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
