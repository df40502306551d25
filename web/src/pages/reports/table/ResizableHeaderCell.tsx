/**
 * A table header cell whose right edge can be dragged to resize its column (antd's Table has no built-in
 * column resizing). The width follows the pointer while dragging and is reported once more when released,
 * so the page can save it.
 */
import type { KeyboardEvent, PointerEvent as ReactPointerEvent, ThHTMLAttributes } from "react";
import { clampWidth } from "./columnWidths.ts";

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** The column's current width; no handle without it. */
  resizeWidth?: number;
  onResizeWidth?: (width: number) => void;
  onResizeDone?: (width: number) => void;
  /** Names the handle for tests and assistive technology. */
  resizeKey?: string;
}

export function ResizableHeaderCell({
  resizeWidth,
  onResizeWidth,
  onResizeDone,
  resizeKey,
  children,
  ...rest
}: ResizableHeaderCellProps) {
  if (resizeWidth === undefined || !onResizeWidth) return <th {...rest}>{children}</th>;

  const onPointerDown = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    let last = resizeWidth;
    const move = (moveEvent: PointerEvent) => {
      last = clampWidth(resizeWidth + moveEvent.clientX - startX);
      onResizeWidth(last);
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      document.body.classList.remove("pc-col-resizing");
      onResizeDone?.(last);
    };
    document.body.classList.add("pc-col-resizing");
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };

  /** Arrow keys resize by 10px, for keyboards. */
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const step = event.key === "ArrowRight" ? 10 : event.key === "ArrowLeft" ? -10 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = clampWidth(resizeWidth + step);
    onResizeWidth(next);
    onResizeDone?.(next);
  };

  return (
    <th {...rest}>
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: a drag handle, not a divider between content */}
      <span
        className="pc-col-resize"
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={resizeWidth}
        aria-label={resizeKey}
        tabIndex={0}
        data-resize={resizeKey}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
    </th>
  );
}
