/** The report pages' wait for the server's date window: a retry when it fails to load, the page once it answers. */
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { prefetchDateWindow } from "../../../app/queryClient.ts";
import i18n from "../../../i18n/index.ts";
import { ok, renderPage, resetStubServer } from "../../../test/stubServer.tsx";
import { WithDateWindow } from "./WithDateWindow.tsx";

const WINDOW = { timeZone: "UTC", today: "20261126", minDate: "20260828", maxDate: "20261125" };

/** The date window's next answers, then the window. */
const answers: Response[] = [];
const fetchMock = vi.fn<typeof fetch>(async (input) =>
  String(input).startsWith("/v1/report/date_window") ? (answers.shift() ?? ok(WINDOW)) : ok(null),
);

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => resetStubServer(fetchMock));

it("offers a retry when the date window fails to load, and shows the page once it answers", async () => {
  answers.push(new Response("", { status: 500 }));
  renderPage(
    <WithDateWindow>{(dateWindow) => <p>{`window up to ${dateWindow.maxDate}`}</p>}</WithDateWindow>,
  );

  const failed = (await screen.findByRole("heading", { name: i18n.t("error.loadFailed") })).parentElement;
  // (antd spaces a button's two Chinese characters apart)
  fireEvent.click(within(failed ?? document.body).getByRole("button"));
  expect(await screen.findByText("window up to 20261125")).toBeTruthy();
});

it("shows the failure of the call the route's loader made, without asking again until the retry", async () => {
  answers.push(new Response("", { status: 500 }));
  await prefetchDateWindow();
  renderPage(
    <WithDateWindow>{(dateWindow) => <p>{`window up to ${dateWindow.maxDate}`}</p>}</WithDateWindow>,
  );

  const failed = (await screen.findByRole("heading", { name: i18n.t("error.loadFailed") })).parentElement;
  const dateWindowCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/v1/report/date_window")).length;
  expect(dateWindowCalls()).toBe(1);
  fireEvent.click(within(failed ?? document.body).getByRole("button"));
  expect(await screen.findByText("window up to 20261125")).toBeTruthy();
  expect(dateWindowCalls()).toBe(2);
});
