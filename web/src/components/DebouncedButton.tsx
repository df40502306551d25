/** A button that ignores clicks for a second after one (docs/rules/screens.md#shared-behaviours). */
import { Button, type ButtonProps } from "antd";
import { type MouseEvent, useEffect, useRef, useState } from "react";

const DEBOUNCE_MS = 1000;

export interface DebouncedButtonProps extends ButtonProps {
  /** How long the button stays disabled after a click, in ms. */
  wait?: number;
}

export function DebouncedButton({ wait = DEBOUNCE_MS, onClick, disabled, ...rest }: DebouncedButtonProps) {
  const [locked, setLocked] = useState(false);
  const lockedRef = useRef(false);
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (lockedRef.current) {
      event.preventDefault();
      return;
    }
    lockedRef.current = true;
    onClick?.(event);
    // disable after the click's own default action (a submit button still submits its form)
    timers.current.push(window.setTimeout(() => setLocked(true), 0));
    timers.current.push(
      window.setTimeout(() => {
        lockedRef.current = false;
        setLocked(false);
      }, wait),
    );
  };

  return <Button {...rest} disabled={disabled || locked} onClick={handleClick} />;
}
