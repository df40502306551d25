import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DebouncedButton } from "./DebouncedButton.tsx";

afterEach(() => {
  vi.useRealTimers();
});

describe("DebouncedButton", () => {
  it("is disabled for 1 s after a click and ignores clicks meanwhile", async () => {
    vi.useFakeTimers();
    const onClick = vi.fn();
    render(<DebouncedButton onClick={onClick}>Go</DebouncedButton>);
    const button = screen.getByRole("button", { name: "Go" });

    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(button).toHaveProperty("disabled", true);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button).toHaveProperty("disabled", false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it("still submits its form", () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <DebouncedButton htmlType="submit">Send</DebouncedButton>
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
