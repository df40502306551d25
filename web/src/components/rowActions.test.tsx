import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import "../i18n/index.ts";
import { RowActions } from "./RowActions.tsx";
import { MAX_INLINE_ACTIONS, type RowAction, splitActions } from "./rowActions.ts";

const action = (key: string, extra: Partial<RowAction> = {}): RowAction => ({
  key,
  label: key,
  onClick: () => {},
  ...extra,
});

describe("splitActions", () => {
  it("keeps up to 3 actions inline and nothing in the more-menu", () => {
    expect(MAX_INLINE_ACTIONS).toBe(3);
    const { inline, more } = splitActions([action("a"), action("b"), action("c")]);
    expect(inline.map((a) => a.key)).toEqual(["a", "b", "c"]);
    expect(more).toEqual([]);
  });

  it("puts the first 3 inline and the rest, in order, in the more-menu", () => {
    const { inline, more } = splitActions(["a", "b", "c", "d", "e"].map((key) => action(key)));
    expect(inline.map((a) => a.key)).toEqual(["a", "b", "c"]);
    expect(more.map((a) => a.key)).toEqual(["d", "e"]);
  });

  it("counts only the actions offered for the row", () => {
    const { inline, more } = splitActions([
      action("a"),
      action("b", { hidden: true }),
      action("c"),
      action("d"),
      action("e", { hidden: true }),
    ]);
    expect(inline.map((a) => a.key)).toEqual(["a", "c", "d"]);
    expect(more).toEqual([]);
  });

  it("honours another limit and an empty list", () => {
    expect(splitActions([action("a"), action("b")], 1).more.map((a) => a.key)).toEqual(["b"]);
    expect(splitActions([])).toEqual({ inline: [], more: [] });
  });
});

describe("RowActions", () => {
  it("renders 3 inline buttons and a more dropdown whose item runs its action", async () => {
    const onD = vi.fn();
    render(<RowActions actions={[action("a"), action("b"), action("c"), action("d", { onClick: onD })]} />);
    expect(screen.getByRole("button", { name: "a" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "c" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "d" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /更多|More/ }));
    fireEvent.click(await screen.findByText("d"));
    expect(onD).toHaveBeenCalledOnce();
  });

  it("shows no more button with 3 actions or fewer", () => {
    render(<RowActions actions={[action("a"), action("b"), action("c")]} />);
    expect(screen.queryByRole("button", { name: /更多|More/ })).toBeNull();
  });
});
