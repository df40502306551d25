import { describe, expect, it } from "vitest";
import { COMPANY_CACHE_MS, type CompanyCache } from "../session/session.ts";
import type { RouteKey } from "./access.ts";
import { type GuardInput, guard } from "./guard.ts";
import { buildMenu, selectedMenuKeys } from "./menu.tsx";
import { loginRedirect, safeRedirect } from "./paths.ts";

const NOW = 1_700_000_000_000;
const company = (token: string | null, age = 0): CompanyCache => ({
  data: { host: "h", ssp_host: "s", icon: "", theme: "#123456", logo: "", name: "Acme" },
  time: NOW - age,
  token,
});
const EVERYTHING: RouteKey[] = [
  "home",
  "appManagement",
  "adSpace",
  "account",
  "accountManagement",
  "reports",
  "sdkReports",
  "affiliateReports",
  "reportManagement",
];
const STAFF: RouteKey[] = ["home", "appManagement", "adSpace", "reports", "sdkReports", "affiliateReports"];

const run = (over: Partial<GuardInput>) =>
  guard({
    pathname: "/home",
    search: "",
    cookieToken: "tok",
    company: null,
    now: NOW,
    menuRoutes: EVERYTHING,
    ...over,
  });

describe("guard: the sign-in ticket in the URL", () => {
  it("never takes t for a token: the cookie (set by exchanging t) is the token", () => {
    expect(run({ search: "?t=ticket", cookieToken: "old" }).token).toBe("old");
    expect(run({ search: "?t=ticket", cookieToken: undefined }).token).toBeUndefined();
  });

  it("then removes t and f from the URL, keeping the rest of the query", () => {
    expect(run({ pathname: "/adSpace/adSpaceList", search: "?t=new&name=demo&f=sso" }).decision).toEqual({
      type: "redirect",
      to: "/adSpace/adSpaceList?name=demo",
    });
    expect(run({ search: "?f=1" }).decision).toEqual({ type: "redirect", to: "/home" });
    // without a session too: the login redirect that follows holds no ticket
    expect(run({ search: "?t=spent", cookieToken: undefined, menuRoutes: null }).decision).toEqual({
      type: "redirect",
      to: "/home",
    });
  });
});

describe("guard: cached company", () => {
  it("is kept while the token is the same and it is at most 600 s old", () => {
    expect(run({ company: company("tok", COMPANY_CACHE_MS) }).clearCompany).toBe(false);
  });

  it("is cleared when the token differs", () => {
    expect(run({ company: company("other") }).clearCompany).toBe(true);
    expect(run({ company: company(null) }).clearCompany).toBe(true);
  });

  it("is cleared when older than 600 s", () => {
    expect(run({ company: company("tok", COMPANY_CACHE_MS + 1) }).clearCompany).toBe(true);
  });

  it("cached before sign-in stays valid while signed out", () => {
    expect(run({ company: company(null), cookieToken: undefined, pathname: "/login" }).clearCompany).toBe(
      false,
    );
  });
});

describe("guard: without a token", () => {
  it.each(["/login", "/resetPassword", "/register"])("opens %s", (pathname) => {
    const { decision } = run({ pathname, cookieToken: undefined, menuRoutes: null });
    expect(decision).toMatchObject({ type: "allow", route: { path: pathname } });
  });

  it.each([
    ["/home", ""],
    ["/adSpace/adSpaceList", "?name=demo app"],
    ["/", ""],
    ["/nowhere", "?x=1"],
  ])("sends %s%s to /login with a redirect query", (pathname, search) => {
    const { decision } = run({ pathname, search, cookieToken: undefined, menuRoutes: null });
    expect(decision).toEqual({ type: "redirect", to: loginRedirect(pathname, search) });
    const to = decision.type === "redirect" ? decision.to : "";
    expect(new URL(to, "http://x").searchParams.get("redirect")).toBe(pathname + search);
    expect(to.startsWith("/login?redirect=")).toBe(true);
  });
});

describe("guard: with a token", () => {
  it("sends a signed-in user away from /login", () => {
    expect(run({ pathname: "/login", search: "?redirect=%2FadSpace" }).decision).toEqual({
      type: "redirect",
      to: "/home",
    });
  });

  it("loads the menu once before deciding", () => {
    expect(run({ menuRoutes: null }).decision).toEqual({ type: "loadMenu" });
  });

  it("allows the constant routes to everyone", () => {
    for (const pathname of ["/home", "/404", "/appManagement/appManagementList", "/adSpace/adSpaceList"]) {
      expect(run({ pathname, menuRoutes: [] }).decision.type).toBe("allow");
    }
  });

  it("follows the redirects of the route table, keeping the query", () => {
    expect(run({ pathname: "/" }).decision).toEqual({ type: "redirect", to: "/home" });
    expect(run({ pathname: "/appManagement" }).decision).toEqual({
      type: "redirect",
      to: "/appManagement/appManagementList",
    });
    expect(run({ pathname: "/adSpace/index", search: "?name=Demo" }).decision).toEqual({
      type: "redirect",
      to: "/adSpace/adSpaceList?name=Demo",
    });
    expect(run({ pathname: "/account" }).decision).toEqual({
      type: "redirect",
      to: "/account/accountManagement",
    });
    expect(run({ pathname: "/reports" }).decision).toEqual({ type: "redirect", to: "/reports/sdkReports" });
  });

  it("allows permission routes only when the menu grants them", () => {
    expect(run({ pathname: "/account/accountManagement" }).decision.type).toBe("allow");
    expect(run({ pathname: "/account/accountManagement", menuRoutes: STAFF }).decision).toEqual({
      type: "forbidden",
    });
    expect(run({ pathname: "/account", menuRoutes: STAFF }).decision).toEqual({ type: "forbidden" });
    expect(run({ pathname: "/reports/reportManagement", menuRoutes: STAFF }).decision).toEqual({
      type: "forbidden",
    });
    const sdkOnly: RouteKey[] = ["reports", "sdkReports"];
    expect(run({ pathname: "/reports/affiliateReports", menuRoutes: sdkOnly }).decision.type).toBe(
      "forbidden",
    );
    expect(run({ pathname: "/reports/sdkReports", menuRoutes: sdkOnly }).decision.type).toBe("allow");
  });

  it("lets every signed-in user reach their own account pages", () => {
    expect(run({ pathname: "/account/index", menuRoutes: [] }).decision.type).toBe("allow");
    expect(run({ pathname: "/account/modPassword", menuRoutes: [] }).decision.type).toBe("allow");
  });

  it("treats a path matching no route as forbidden", () => {
    expect(run({ pathname: "/no/such/page" }).decision).toEqual({ type: "forbidden" });
  });

  it("ignores a trailing slash", () => {
    expect(run({ pathname: "/home/" }).decision.type).toBe("allow");
  });
});

describe("safeRedirect", () => {
  it("follows local paths only", () => {
    expect(safeRedirect("/adSpace/adSpaceList?name=x")).toBe("/adSpace/adSpaceList?name=x");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect("https://evil.test/")).toBe("/");
    expect(safeRedirect("//evil.test/")).toBe("/");
    expect(safeRedirect("/\\evil.test")).toBe("/");
  });
});

describe("menu", () => {
  const t = ((key: string) => key) as unknown as Parameters<typeof buildMenu>[1];
  const keys = (routes: RouteKey[]) =>
    buildMenu(new Set<RouteKey>(["home", "notFound", "appManagement", "adSpace", ...routes]), t).map(
      (item) => (item && "key" in item ? item.key : null),
    );

  it("shows the constant routes, then the permitted ones", () => {
    expect(keys([])).toEqual(["/home", "/appManagement", "/adSpace"]);
    expect(keys(STAFF)).toEqual(["/home", "/appManagement", "/adSpace", "/reports"]);
    expect(keys(EVERYTHING)).toEqual(["/home", "/appManagement", "/adSpace", "/account", "/reports"]);
  });

  it("selects the entry containing the current path", () => {
    const items = buildMenu(new Set<RouteKey>(EVERYTHING), t);
    expect(selectedMenuKeys(items, "/reports/sdkReports")).toEqual(["/reports", "/reports/sdkReports"]);
    expect(selectedMenuKeys(items, "/appManagement/appManagementList")).toEqual(["/appManagement"]);
  });
});
