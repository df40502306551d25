/**
 * The home page: its number formats and changes, the sparkline's runs, and what a user who
 * may not read the SDK report sees (the welcome and links, no figures, no overview call).
 */

import type { OverviewDay } from "@pc/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../../session/session.ts";
import { NORA, ok, renderPage, resetStubServer } from "../../test/stubServer.tsx";
import FigureCard from "./FigureCard.tsx";
import HomePage from "./HomePage.tsx";
import { sparklineRuns } from "./Sparkline.tsx";

describe("figures", () => {
  const day = (dt: string, settleAmount: number, recallRate: number): OverviewDay => ({
    dt,
    figures: { settleAmount, settleEcpm: 3.7, recallRate, showNum: 3_751_786 },
  });
  const days = [day("2024-05-01", 13_250.2, 0.7504), day("2024-05-02", 14_575.2, 0.7535)];

  it("titles and writes each figure as the SDK report does, its change as a compared cell", async () => {
    renderPage(
      <>
        <FigureCard metric="settleAmount" days={days} />
        <FigureCard metric="settleEcpm" days={days} />
        <FigureCard metric="recallRate" days={days} />
        <FigureCard metric="showNum" days={days} />
      </>,
    );
    const card = (metric: string) => within(screen.getByTestId(`home-figure-${metric}`));
    expect(await card("settleAmount").findByText("收入（USD）")).toBeTruthy();
    expect(card("settleAmount").getByTestId("home-figure-value").textContent).toBe("US$14,575.20");
    expect(card("settleAmount").getByTestId("home-figure-change").textContent).toContain(
      "+US$1,325.00（+10.0%）",
    );
    expect(card("settleEcpm").getByText("eCPM（USD）")).toBeTruthy();
    expect(card("settleEcpm").getByTestId("home-figure-value").textContent).toBe("US$3.7000");
    expect(card("settleEcpm").getByTestId("home-figure-change").textContent).toContain("US$0.0000（0.0%）");
    expect(card("recallRate").getByTestId("home-figure-value").textContent).toBe("75.35%");
    expect(card("recallRate").getByTestId("home-figure-change").textContent).toContain(
      "+0.31 个百分点（+0.4%）",
    );
    expect(card("showNum").getByText("展示数")).toBeTruthy();
    expect(card("showNum").getByTestId("home-figure-value").textContent).toBe("3,751,786");
  });

  it("has no change without the day before, and no relative change when it was 0", () => {
    renderPage(
      <>
        <FigureCard metric="settleAmount" days={days.slice(1)} />
        <FigureCard metric="recallRate" days={[day("2024-05-01", 0, 0), days[1] ?? day("", 0, 0)]} />
      </>,
    );
    const change = (metric: string) =>
      within(screen.getByTestId(`home-figure-${metric}`)).getByTestId("home-figure-change");
    expect(change("settleAmount").dataset.direction).toBe("none");
    expect(change("recallRate").textContent).toContain("+75.35 个百分点（—）");
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
    expect(screen.queryByText("收入（USD）")).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/v1/online/overview"))).toBe(false);
  });
});
