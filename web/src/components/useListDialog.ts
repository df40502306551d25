/** Which dialog a list screen shows and for what; every opening has a new key, so the dialog starts afresh. */
import { useState } from "react";

export function useListDialog<Target>(closed: Target) {
  const [state, setState] = useState({ open: false, target: closed, seq: 0 });
  const show = (target: Target) => setState((current) => ({ open: true, target, seq: current.seq + 1 }));
  const close = () => setState((current) => ({ ...current, open: false }));
  return { ...state, show, close };
}
