import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSessionInvalidHandler } from "../api/client.ts";
import { dropSession } from "../session/actions.ts";
import { getToken, setToken } from "../session/session.ts";
import { ok, resetStubServer, userInfo } from "../test/stubServer.tsx";
import { loginRedirect } from "./paths.ts";
import { Providers } from "./providers.tsx";
import { routeObjects } from "./router.tsx";

const USER = userInfo({
  user_id: 1,
  user_name: "Ada Staff",
  name: "Ada",
  email: "ada@demo.test",
  company_id: 1,
  role_id: [3],
});
const COMPANY = { host: "localhost", ssp_host: "", icon: "", theme: "#1677ff", logo: "", name: "Demo Media" };

let menuAnswer: () => Response;
/** The one ticket the stub server still takes (once), and the session it gives. */
let liveTicket: string | null = null;
const TICKET_SESSION = "session-from-ticket";
const refusedTicket = () =>
  new Response(
    JSON.stringify({
      code: 604,
      msg: "The sign-in link is invalid, used or expired",
      data: { field: "ticket" },
    }),
    { headers: { "Content-Type": "application/json" } },
  );
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url.startsWith("/v1/passport/user/ticket_login")) {
    const { ticket } = JSON.parse(String(init?.body)) as { ticket: string };
    if (ticket !== liveTicket) return refusedTicket();
    liveTicket = null;
    return ok({ token: TICKET_SESSION, user_info: USER });
  }
  if (url.startsWith("/common/host")) return ok(COMPANY);
  if (url.startsWith("/api/v1/user/menu")) return menuAnswer();
  if (url.startsWith("/api/v1/user/user_info")) return ok(USER);
  if (url.startsWith("/v1/passport/captcha"))
    return ok({ captcha_id: "c1", b64s: "data:image/svg+xml;base64,PHN2Zy8+" });
  if (url.startsWith("/v1/passport/public_key")) return ok({ public_key: "" });
  return ok(null);
});

function mount(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  setSessionInvalidHandler(() => {
    dropSession();
    const { pathname, search } = router.state.location;
    void router.navigate(loginRedirect(pathname, search), { replace: true });
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  menuAnswer = () => ok({ routes: ["home", "appManagement", "adSpace", "reports", "sdkReports"] });
});

afterEach(() => resetStubServer(fetchMock));

describe("navigation guard wiring", () => {
  it("sends a visitor without a token to /login with the redirect query", async () => {
    const router = mount("/adSpace/adSpaceList?name=Demo");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(
      "/adSpace/adSpaceList?name=Demo",
    );
    expect(await screen.findByLabelText("登录邮箱")).toBeTruthy();
    expect(document.title).toBe("登录");
  });

  it("starts the guard in a task after the one that creates the router", async () => {
    setToken("nora");
    // a router runs its first navigation's loaders up to their first wait as it is created
    const router = createMemoryRouter(routeObjects, { initialEntries: ["/home"] });
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/v1/user/menu"))).toBe(true),
    );
    router.dispose();
  });

  it("shows the branding the page came with, without asking /common/host for it", async () => {
    const served = { ...COMPANY, name: "Served Media" };
    document.head.insertAdjacentHTML(
      "beforeend",
      `<script type="application/json" id="pc-host">${JSON.stringify(served)}</script>`,
    );
    mount("/login");
    expect((await screen.findAllByText(/Served Media/)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/common/host"))).toBe(false);
    expect(document.getElementById("pc-host")).toBeNull();
  });

  it("exchanges the ticket t once for a session, removes t and f, and loads the menu once", async () => {
    setToken("someone-else");
    liveTicket = "ticket-1";
    const router = mount("/home?t=ticket-1&f=1");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/home");
    expect(getToken()).toBe(TICKET_SESSION);
    const exchanges = fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith("/v1/passport/user/ticket_login"),
    );
    expect(exchanges).toHaveLength(1);
    // the user's menu shows once their info has loaded (at jsdom's 1024 px, as its icon)
    await screen.findByTestId("user-menu");
    expect(screen.getByRole("menuitem", { name: /广告位/ })).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: /账号管理/ })).toBeNull();
    expect(document.title).toBe("首页");
    await router.navigate("/adSpace/adSpaceList");
    await router.navigate("/home");
    const menuCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith("/api/v1/user/menu"));
    expect(menuCalls).toHaveLength(1);
  });

  it("signs out and asks to sign in, without the ticket, when the ticket is refused", async () => {
    setToken("someone-else");
    const router = mount("/adSpace/adSpaceList?name=Demo&t=spent&f=sso");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe(
      "/adSpace/adSpaceList?name=Demo",
    );
    expect(getToken()).toBeUndefined();
  });

  it("warns, shows the 404 content, then goes home after 1 s on a path the user may not see", async () => {
    setToken("tok");
    const router = mount("/account/accountManagement");
    expect(await screen.findByText("没有权限,请联系管理员添加权限")).toBeTruthy();
    expect(await screen.findByText("OOPS!")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/account/accountManagement");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"), { timeout: 2500 });
  });

  it("drops the session and signs in again when the token is rejected", async () => {
    setToken("stale");
    menuAnswer = () =>
      new Response(JSON.stringify({ code: 20003, msg: "expired", data: null }), {
        headers: { "Content-Type": "application/json" },
      });
    const router = mount("/reports/sdkReports");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/reports/sdkReports");
    expect(getToken()).toBeUndefined();
  });
});
