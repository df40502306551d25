/** The send-code button's wait (reset password, register): another code only after 60 s. */
import { useEffect, useState } from "react";

export const RESEND_SECONDS = 60;

/** Whole seconds left until `until` (ms), rounded up; 0 when none or past. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A countdown that `start` sets to `seconds`; `left` ticks down to 0 once a second. */
export function useCountdown(seconds = RESEND_SECONDS) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        window.clearInterval(timer);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);

  return {
    left: secondsLeft(until, now),
    start: () => {
      const current = Date.now();
      setNow(current);
      setUntil(current + seconds * 1000);
    },
  };
}
