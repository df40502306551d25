/**
 * The home page (issue 12 item 7): its number formats and changes, the sparkline's runs, and what a user who
 * may not read the SDK report sees (the welcome and links, no figures, no overview call).
 */

import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../../session/session.ts";
import { NORA, ok, renderPage, resetStubServer } from "../../test/stubServer.tsx";
import { figureChange, formatFigure } from "./figures.ts";
import HomePage from "./HomePage.tsx";
import { sparklineRuns } from "./Sparkline.tsx";

describe("figures", () => {
  it("formats money, eCPM, rates and counts in the language's locale", () => {
    expect(formatFigure("en", "money", 1234567.891)).toBe("$1,234,567.89");
    expect(formatFigure("zh", "money", 0)).toBe("$0.00");
    expect(formatFigure("en", "ecpm", 3.7)).toBe("$3.70");
    expect(formatFigure("zh", "ecpm", 3.74159)).toBe("$3.7416");
    expect(formatFigure("en", "rate", 0.75351)).toBe("75.35%");
    expect(formatFigure("zh", "count", 3751786)).toBe("3,751,786");
  });

  it("answers the change against the day before, with — when that day is 0 or unknown", () => {
    expect(figureChange("en", "money", 110, 100)).toEqual({
      direction: "up",
      absolute: "+$10.00",
      inPoints: false,
      relative: "+10.0%",
    });
    expect(figureChange("en", "count", 900, 1000)).toMatchObject({ direction: "down", absolute: "-100" });
    expect(figureChange("zh", "rate", 0.7535, 0.7504)).toMatchObject({ absolute: "+0.31", inPoints: true });
    expect(figureChange("en", "count", 5, 5)).toMatchObject({
      direction: "flat",
      absolute: "0",
      relative: "0.0%",
    });
    expect(figureChange("en", "money", 5, 0)).toMatchObject({ direction: "up", relative: null });
    expect(figureChange("en", "money", 5, null)).toBeNull();
  });
});

describe("sparkline", () => {
  it("draws one line per run of days with a value, and none without values", () => {
    expect(sparklineRuns([])).toEqual([]);
    expect(sparklineRuns([null, null])).toEqual([]);
    const runs = sparklineRuns([1, 2, null, 3, 3, 2, 1]);
    expect(runs.map((run) => run.split(" ").length)).toEqual([2, 4]);
    // the highest value at the top, the lowest at the bottom
    expect(runs[1]?.split(" ")[0]).toMatch(/,3\.0$/);
    expect(runs[0]?.split(" ")[0]).toMatch(/,29\.0$/);
  });
});

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith("/common/host"))
    return ok({ host: "", ssp_host: "", icon: "", theme: "", logo: "", name: "Demo" });
  // a user without a role: the constant routes only, no SDK report
  if (url.startsWith("/api/v1/user/menu")) return ok({ routes: ["home", "appManagement", "adSpace"] });
  if (url.startsWith("/api/v1/user/user_info")) return ok(NORA);
  return ok(null);
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setToken("norole");
});

afterEach(() => resetStubServer(fetchMock));

describe("home page without the SDK report", () => {
  it("shows the welcome and the links to what the user can use, no figures and no overview call", async () => {
    renderPage(<HomePage />);
    expect(await screen.findByText("欢迎回来，Nora Norole")).toBeTruthy();
    expect(await screen.findByText("快捷入口")).toBeTruthy();
    expect(screen.getByText("管理广告位与底价")).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/v1/user/menu"))).toBe(true),
    );
    expect(screen.queryByTestId("home-overview")).toBeNull();
    expect(screen.queryByTestId("home-overview-empty")).toBeNull();
    expect(screen.queryByText("收入")).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/v1/online/overview"))).toBe(false);
  });
});
