import { timingSafeEqual } from "node:crypto";

/** Compares two texts in time that does not depend on where they differ (signatures, digests). */
export function safeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
