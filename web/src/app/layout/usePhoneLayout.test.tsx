import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { usePhoneLayout } from "./usePhoneLayout.ts";

const DESKTOP_WIDTH = window.innerWidth;

function RecordLayouts({ into }: { into: boolean[] }) {
  into.push(usePhoneLayout());
  return null;
}

describe("usePhoneLayout", () => {
  afterEach(() => {
    window.innerWidth = DESKTOP_WIDTH;
  });

  // a desktop first render and then a second one, synchronous, for the phone cost every load on a phone
  it("has the phone layout from the first render on a 390 px window, and renders once", () => {
    window.innerWidth = 390;
    const layouts: boolean[] = [];
    render(<RecordLayouts into={layouts} />);
    expect(layouts).toEqual([true]);
  });

  it("has the desktop layout on a 1024 px window", () => {
    const layouts: boolean[] = [];
    render(<RecordLayouts into={layouts} />);
    expect(layouts).toEqual([false]);
  });
});
