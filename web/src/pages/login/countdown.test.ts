import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESEND_SECONDS, secondsLeft, useCountdown } from "./countdown.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("secondsLeft", () => {
  it("rounds up to whole seconds and never goes below 0", () => {
    expect(secondsLeft(null, 1000)).toBe(0);
    expect(secondsLeft(61_000, 1000)).toBe(60);
    expect(secondsLeft(61_000, 1001)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 99_000)).toBe(0);
  });
});

describe("useCountdown", () => {
  it("counts 60 s down once started, then allows another send", async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.left).toBe(0);
    act(() => result.current.start());
    expect(result.current.left).toBe(RESEND_SECONDS);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(result.current.left).toBe(50);
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(result.current.left).toBe(0);
  });
});
