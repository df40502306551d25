import { OFFLINE_VIEW_ROUTES, ONLINE_VIEW_ROUTES } from "@pc/contract";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../../app/queryClient.ts";
import { ok, resetStubServer } from "../../../test/stubServer.tsx";
import { reportViewsQuery } from "../views/useReportViews.ts";
import { prefetchReport } from "./screenQueries.ts";

const VIEW = { id: 4, name: "By country", selection: {} };
const server = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url.startsWith(ONLINE_VIEW_ROUTES.list.path) || url.startsWith(OFFLINE_VIEW_ROUTES.list.path))
    return ok({ list: [VIEW] });
  return ok(null);
});

// the loader also fetches the filters' and the table's code: loaded first, so that no import is still on its
// way when the test's environment closes
beforeAll(() =>
  Promise.all([
    import("./ReportFilterForm.tsx"),
    import("./SdkFilterFields.tsx"),
    import("./AffiliateFilterFields.tsx"),
    import("../table/ReportTable.tsx"),
  ]),
);
beforeEach(() => vi.stubGlobal("fetch", server));
afterEach(() => resetStubServer(server));

describe("a report route's loader", () => {
  it.each([
    ["online", ONLINE_VIEW_ROUTES.list.path],
    ["offline", OFFLINE_VIEW_ROUTES.list.path],
  ] as const)("asks for the user's saved %s views, where the screen reads them", async (kind, path) => {
    await prefetchReport(kind);
    expect(server.mock.calls.filter(([url]) => String(url).startsWith(path))).toHaveLength(1);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(reportViewsQuery(kind).queryKey)?.list).toEqual([VIEW]),
    );
  });
});
