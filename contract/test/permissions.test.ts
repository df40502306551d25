import { describe, expect, it } from "vitest";
import { allowedRoutes, can, menuRoutes, type Principal } from "../src/permissions.ts";

const principal = (roleIds: number[], extra: Partial<Principal> = {}): Principal => ({
  roleIds,
  reportScope: "all",
  isOperator: false,
  ...extra,
});

describe("the permissions matrix", () => {
  it("gives management routes to roles 1 and 2 only", () => {
    expect(allowedRoutes(principal([1]))).toContain("accountManagement");
    expect(allowedRoutes(principal([2]))).toContain("accountManagement");
    expect(allowedRoutes(principal([3]))).not.toContain("accountManagement");
    for (const roles of [[1], [2]]) expect(allowedRoutes(principal(roles))).toContain("changeHistory");
    expect(allowedRoutes(principal([3]))).not.toContain("changeHistory");
  });

  it("gives reports to any role, and only SDK reports to an SDK-only user", () => {
    expect(allowedRoutes(principal([3]))).toEqual([
      "reports",
      "sdkReports",
      "affiliateReports",
      "reportSchedules",
    ]);
    expect(allowedRoutes(principal([3], { reportScope: "sdk_only" }))).toEqual([
      "reports",
      "sdkReports",
      "reportSchedules",
    ]);
  });

  it("lets anyone with a role schedule reports, and managers see every schedule of the company", () => {
    for (const roles of [[1], [2], [3]]) expect(can(principal(roles), "report.schedule")).toBe(true);
    expect(can(principal([]), "report.schedule")).toBe(false);
    for (const roles of [[1], [2]]) expect(can(principal(roles), "report.schedule.all")).toBe(true);
    expect(can(principal([3]), "report.schedule.all")).toBe(false);
  });

  it("gives a user with no role nothing but the constant routes", () => {
    expect(allowedRoutes(principal([]))).toEqual([]);
    expect(menuRoutes(principal([]))).toEqual(["login", "home", "notFound", "appManagement", "adSpace"]);
  });

  it("lets only the operator's admins manage reports", () => {
    expect(can(principal([2], { isOperator: true }), "report.manage")).toBe(true);
    expect(can(principal([3], { isOperator: true }), "report.manage")).toBe(false);
    expect(can(principal([2]), "report.manage")).toBe(false);
  });

  it("lets only super admins (role 2) manage the reporting API's keys", () => {
    expect(can(principal([2]), "apiKey.manage")).toBe(true);
    expect(allowedRoutes(principal([2]))).toContain("apiKeys");
    expect(can(principal([2], { isOperator: true }), "apiKey.manage")).toBe(true);
    for (const roles of [[1], [3], []]) {
      expect(can(principal(roles), "apiKey.manage")).toBe(false);
      expect(allowedRoutes(principal(roles))).not.toContain("apiKeys");
    }
  });
});
