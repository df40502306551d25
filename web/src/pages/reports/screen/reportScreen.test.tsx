/**
 * The report screen's renders: the answers of its queries render the table and the trend,
 * not the filter form again (on a phone's CPU each render of the form was a task of ~50 ms), and the
 * custom-column dialog is not built before it is opened.
 */
import { countryList, TOKEN_COOKIE } from "@pc/contract";
import { screen, waitFor } from "@testing-library/react";
import Cookies from "js-cookie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyPage } from "../../../app/lazyPage.ts";
import { queryClient } from "../../../app/queryClient.ts";
import { NORA, ok, renderPage, resetStubServer } from "../../../test/stubServer.tsx";
import SdkFilterFields from "../query/SdkFilterFields.tsx";
import { ReportScreen } from "./ReportScreen.tsx";
import { SDK_CONFIG } from "./SdkReportsPage.tsx";

const METRICS = {
  requestNum: 123456,
  recallNum: 100000,
  recallRate: 0.81,
  showNum: 90000,
  showRate: 0.9,
  clickNum: 900,
  clickRate: 0.01,
  settleAmount: 4321.5,
  settleEcpm: 48.01,
};
const ROW = {
  dt: "2026-11-25",
  appId: null,
  appName: null,
  adId: 1001,
  addId: 1001,
  adName: "Banner home",
  adStyle: 1,
  country: "US",
  ...METRICS,
};
const DAY = { dt: "2026-11-25", status: "published", stale: false, visible: true, hasData: true };

/** The report's answers wait until the test lets them go. */
let releaseReports: () => void = () => undefined;
let reportsReleased = Promise.resolve();

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith("/common/host"))
    return ok({ host: "", ssp_host: "", icon: "", theme: "", logo: "", name: "Demo" });
  if (url.startsWith("/api/v1/user/menu")) return ok({ routes: ["home", "sdkReports"] });
  if (url.startsWith("/api/v1/user/user_info")) return ok(NORA);
  if (url.startsWith("/api/v1/geo/country")) return ok(countryList());
  if (url.startsWith("/v1/report/date_window"))
    return ok({ timeZone: "UTC", today: "20261126", minDate: "20260828", maxDate: "20261125" });
  if (url.startsWith("/v1/report_proxy/v1/online/ssp")) {
    await reportsReleased;
    return ok({ list: [ROW], total: 1 });
  }
  if (url.startsWith("/v1/online/summary")) {
    await reportsReleased;
    return ok({ total: { ...ROW, dt: null, adId: null, addId: null, adName: null }, days: [DAY] });
  }
  return ok(null);
});

/** Counts the renders of the SDK report's own filter fields: they render with the whole filter form. */
let filterRenders = 0;
function CountedFilterFields() {
  filterRenders += 1;
  return <SdkFilterFields />;
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  Cookies.set(TOKEN_COOKIE, "nora");
  filterRenders = 0;
  reportsReleased = new Promise((resolve) => {
    releaseReports = resolve;
  });
});

afterEach(() => resetStubServer(fetchMock));

describe("report screen", () => {
  it("renders the filter form once: the report's answers render the results only", async () => {
    renderPage(
      <ReportScreen
        config={{ ...SDK_CONFIG, FilterFields: lazyPage(async () => ({ default: CountedFilterFields })) }}
      />,
    );
    expect(await screen.findByTestId("filter-search")).toBeTruthy();
    // settled: every query but the report's three held-back ones (rows, total, trend) has its answer
    await waitFor(() => expect(queryClient.isFetching()).toBe(3));
    const reportCalls = fetchMock.mock.calls.filter(([url]) => /\/online\/(ssp|summary)/.test(String(url)));
    expect(reportCalls).toHaveLength(3);
    const beforeAnswers = filterRenders;

    releaseReports();
    expect(await screen.findByText("Banner home")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("report-total").textContent).toContain("123,456"));
    expect(filterRenders).toBe(beforeAnswers);
    // the custom-column dialog is built when opened, not with the screen
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector(".ant-modal")).toBeNull();
  });
});
