/**
 * The Companies screen's API: operator admins list every company, create one with its first
 * super admin, set its hosts, theme colour, logo and favicon; `/common/host` answers the change at once and
 * points at the stored image, served with its own type, nosniff and a year's cache. Every change has its
 * audit row (who, before, after); publishers' admins and operator staff are refused (402).
 */
import { createHash } from "node:crypto";
import {
  BRAND_ASSET_RULES,
  COMPANY_ENDPOINTS,
  COMPANY_PATHS,
  Code,
  type CompanyCreateAnswer,
  type CompanyInfo,
  type CompanyManageListAnswer,
  type CompanyManageRow,
  DEFAULT_THEME,
  Flag,
  Role,
} from "@pc/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLACED_ASSET_KEEP_MS } from "../src/modules/tenancy/service.ts";
import { OPERATOR_ADMIN_EMAIL } from "../src/seed/demo.ts";
import { demoCompany, freshEmail, makeUser, tokenOf } from "./support/accounts.ts";
import { type Answer, call, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { pngIco, pngOfSize, SVG_WITH_SCRIPT, solidPng } from "./support/images.ts";
import { md5 } from "./support/login-form.ts";
import { tokenFor } from "./support/sign-in.ts";

let t: TestApp;
const db = () => t.runtime.database.db;
let operator: { companyId: number; userId: number };
let operatorToken: string;
let publisherToken: string;
let operatorStaffToken: string;

beforeAll(async () => {
  t = await startTestApp();
  const admin = await db()
    .selectFrom("app_user")
    .select(["company_id", "id"])
    .where("email", "=", OPERATOR_ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  operator = { companyId: admin.company_id, userId: admin.id };
  operatorToken = await tokenOf(db(), operator);
  const demo = await demoCompany(db());
  publisherToken = await tokenOf(db(), { companyId: demo.companyId, userId: demo.adminId });
  const company = await db()
    .selectFrom("company")
    .select("account_id")
    .where("id", "=", operator.companyId)
    .executeTakeFirstOrThrow();
  const staff = await makeUser(
    db(),
    { companyId: operator.companyId, accountId: company.account_id },
    { role: Role.OperationsStaff },
  );
  operatorStaffToken = await tokenOf(db(), staff);
}, 180_000);
afterAll(() => t?.close());

const as = <T>(token: string | null, options: InjectOptions): Promise<Answer<T>> =>
  call<T>(t.app, { ...options, headers: { lang: "en", ...(token ? { token } : {}), ...options.headers } });
const asOperator = <T>(options: InjectOptions) => as<T>(operatorToken, options);

const branding = async (host: string) =>
  (await call<CompanyInfo>(t.app, { method: "GET", url: `/common/host?host=${encodeURIComponent(host)}` }))
    .data;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let serial = 0;
async function newCompany(hosts: string[], name = `Brand ${++serial}`): Promise<CompanyCreateAnswer> {
  const answer = await asOperator<CompanyCreateAnswer>({
    method: "POST",
    url: COMPANY_ENDPOINTS.create.path,
    payload: { name, hosts, admin_email: freshEmail("brand"), admin_password: md5("Secret123") },
  });
  expect(answer.code, answer.msg).toBe(Code.Ok);
  return answer.data;
}

async function auditRows(companyId: number, entityId: number) {
  return db()
    .selectFrom("audit_log")
    .select(["user_id", "action", "entity", "before", "after"])
    .where("company_id", "=", companyId)
    .where("entity", "=", "company")
    .where("entity_id", "=", String(entityId))
    .orderBy("id")
    .execute();
}

const upload = (
  companyId: number,
  kind: "logo" | "icon",
  bytes: Uint8Array | string,
  token = operatorToken,
) =>
  as<CompanyManageRow>(token, {
    method: "POST",
    url: COMPANY_PATHS.asset,
    payload: { company_id: companyId, kind, data: typeof bytes === "string" ? bytes : base64(bytes) },
  });

describe("the company list", () => {
  it("lists every company with its hosts, theme, images and flags", async () => {
    const answer = await asOperator<CompanyManageListAnswer>({
      method: "GET",
      url: `${COMPANY_ENDPOINTS.manageList.path}?page_size=100`,
    });
    expect(answer.code).toBe(Code.Ok);
    const byName = new Map(answer.data.list.map((row) => [row.name, row]));
    expect(byName.get("Publisher Platform")).toMatchObject({
      hosts: ["localhost"],
      theme: DEFAULT_THEME,
      logo: "",
      icon: "",
      is_operator: Flag.On,
      is_publisher: Flag.Off,
      create_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(byName.get("Demo Publisher")).toMatchObject({
      hosts: ["demo.localhost"],
      is_operator: Flag.Off,
      is_publisher: Flag.On,
    });
    expect(answer.data.total).toBe(answer.data.list.length);
    // newest first: a company just created is on the first page
    const ids = answer.data.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const filtered = await asOperator<CompanyManageListAnswer>({
      method: "GET",
      url: `${COMPANY_ENDPOINTS.manageList.path}?name=demo`,
    });
    expect(filtered.data.list.map((row) => row.name)).toEqual(["Demo Publisher"]);
  });
});

describe("creating a company", () => {
  it("creates a publisher with its hosts and first super admin, audited under the operator", async () => {
    const email = freshEmail("founder");
    const answer = await asOperator<CompanyCreateAnswer>({
      method: "POST",
      url: COMPANY_ENDPOINTS.create.path,
      payload: {
        name: "  Acme Games  ",
        hosts: ["Console.Acme.test", "acme.test", "acme.test"],
        admin_email: email,
        admin_password: md5("Secret123"),
        theme: "#ff5500",
      },
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    const created = answer.data;
    const list = await asOperator<CompanyManageListAnswer>({
      method: "GET",
      url: `${COMPANY_ENDPOINTS.manageList.path}?name=Acme`,
    });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: created.company_id,
        account_id: created.account_id,
        name: "Acme Games",
        hosts: ["acme.test", "console.acme.test"],
        theme: "#FF5500",
        is_publisher: Flag.On,
        is_operator: Flag.Off,
      }),
    ]);
    const admin = await db()
      .selectFrom("user_role")
      .innerJoin("app_user", (join) =>
        join
          .onRef("app_user.company_id", "=", "user_role.company_id")
          .onRef("app_user.id", "=", "user_role.user_id"),
      )
      .select(["app_user.email", "user_role.role_id"])
      .where("app_user.company_id", "=", created.company_id)
      .execute();
    expect(admin).toEqual([{ email, role_id: Role.SuperAdmin }]);
    expect(await branding("console.acme.test")).toMatchObject({ name: "Acme Games", theme: "#FF5500" });

    expect(await auditRows(operator.companyId, created.company_id)).toEqual([
      {
        user_id: operator.userId,
        action: "create",
        entity: "company",
        before: null,
        after: {
          name: "Acme Games",
          hosts: ["console.acme.test", "acme.test"],
          is_operator: false,
          theme: "#FF5500",
        },
      },
    ]);
  });

  it("refuses bad names, hosts, emails and colours, and hosts other companies hold, naming the field", async () => {
    const valid = {
      name: "Refused Co",
      hosts: ["refused.test"],
      admin_email: freshEmail("refused"),
      admin_password: md5("Secret123"),
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "Please enter the company name"],
      [{ hosts: ["https://refused.test"] }, "hosts.0", "A host name has letters"],
      [{ hosts: ["ok.test", "bad host.test"] }, "hosts.1", "A host name has letters"],
      [{ hosts: ["refused.test:8080"] }, "hosts.0", "A host name has letters"],
      [{ hosts: Array.from({ length: 21 }, (_, i) => `h${i}.test`) }, "hosts", "at most 20 hosts"],
      [{ hosts: ["LOCALHOST"] }, "hosts", "Host already used by another company: localhost"],
      [{ admin_email: "not-an-email" }, "admin_email", "The mailbox format is incorrect"],
      [{ admin_email: OPERATOR_ADMIN_EMAIL }, "admin_email", "This email is already in use"],
      [{ theme: "#12345" }, "theme", "#RRGGBB"],
      [{ theme: "red" }, "theme", "#RRGGBB"],
    ];
    const before = await db().selectFrom("company").select("id").execute();
    for (const [change, field, message] of cases) {
      const answer = await asOperator({
        method: "POST",
        url: COMPANY_ENDPOINTS.create.path,
        payload: { ...valid, ...change },
      });
      expect(answer.code, JSON.stringify(change)).toBe(Code.ParamError);
      expect(answer.data, JSON.stringify(change)).toEqual({ field });
      expect(answer.msg).toContain(message);
    }
    expect(await db().selectFrom("company").select("id").execute()).toEqual(before);
  });
});

describe("hosts", () => {
  it("replaces a company's hosts; /common/host follows at once; an audit row tells before and after", async () => {
    const company = await newCompany(["first.hosts.test"]);
    const answer = await asOperator<CompanyManageRow>({
      method: "PUT",
      url: COMPANY_ENDPOINTS.setHosts.path,
      payload: { company_id: company.company_id, hosts: ["second.hosts.test", "Third.Hosts.Test"] },
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.hosts).toEqual(["second.hosts.test", "third.hosts.test"]);
    expect((await branding("third.hosts.test")).name).toBe(answer.data.name);
    // the old host is nobody's now: the operator's default branding
    expect((await branding("first.hosts.test")).name).toBe("Publisher Platform");
    const rows = await auditRows(operator.companyId, company.company_id);
    expect(rows.at(-1)).toEqual({
      user_id: operator.userId,
      action: "update",
      entity: "company",
      before: { hosts: ["first.hosts.test"] },
      after: { hosts: ["second.hosts.test", "third.hosts.test"] },
    });

    // the same hosts again change nothing and write no row
    const again = await asOperator({
      method: "PUT",
      url: COMPANY_ENDPOINTS.setHosts.path,
      payload: { company_id: company.company_id, hosts: ["third.hosts.test", "second.hosts.test"] },
    });
    expect(again.code).toBe(Code.Ok);
    expect(await auditRows(operator.companyId, company.company_id)).toHaveLength(rows.length);
  });

  it("refuses a host another company holds, an invalid host and an unknown company, changing nothing", async () => {
    const company = await newCompany(["mine.hosts.test"]);
    const cases: [Record<string, unknown>, string, number][] = [
      [
        { company_id: company.company_id, hosts: ["mine.hosts.test", "demo.localhost"] },
        "hosts",
        Code.ParamError,
      ],
      [{ company_id: company.company_id, hosts: ["-dash.test"] }, "hosts.0", Code.ParamError],
      [{ company_id: company.company_id, hosts: "one.test" }, "hosts", Code.ParamError],
      [{ company_id: 999_999, hosts: ["nobody.test"] }, "company_id", Code.ParamError],
    ];
    for (const [payload, field, code] of cases) {
      const answer = await asOperator({ method: "PUT", url: COMPANY_ENDPOINTS.setHosts.path, payload });
      expect(answer.code, JSON.stringify(payload)).toBe(code);
      expect(answer.data).toEqual({ field });
    }
    const rows = await db()
      .selectFrom("company_host")
      .select("host")
      .where("company_id", "=", company.company_id)
      .execute();
    expect(rows).toEqual([{ host: "mine.hosts.test" }]);
    expect((await branding("demo.localhost")).name).toBe("Demo Publisher");
  });

  it("may leave a company without hosts", async () => {
    const company = await newCompany(["gone.hosts.test"]);
    const answer = await asOperator<CompanyManageRow>({
      method: "PUT",
      url: COMPANY_ENDPOINTS.setHosts.path,
      payload: { company_id: company.company_id, hosts: [] },
    });
    expect(answer.data.hosts).toEqual([]);
  });
});

describe("theme colour", () => {
  it("sets the colour, upper case; /common/host answers it at once", async () => {
    const company = await newCompany(["theme.test"]);
    const answer = await asOperator<CompanyManageRow>({
      method: "PUT",
      url: COMPANY_ENDPOINTS.setTheme.path,
      payload: { company_id: company.company_id, theme: "#12ab34" },
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.theme).toBe("#12AB34");
    expect((await branding("theme.test")).theme).toBe("#12AB34");
    expect((await auditRows(operator.companyId, company.company_id)).at(-1)).toMatchObject({
      action: "update",
      before: { theme: DEFAULT_THEME },
      after: { theme: "#12AB34" },
    });
  });

  it("refuses what is not #RRGGBB", async () => {
    const company = await newCompany(["badtheme.test"]);
    for (const theme of ["#12ab3", "12ab34", "#12ab34ff", "rgb(1,2,3)", "", "#GGGGGG"]) {
      const answer = await asOperator({
        method: "PUT",
        url: COMPANY_ENDPOINTS.setTheme.path,
        payload: { company_id: company.company_id, theme },
      });
      expect(answer.code, theme).toBe(Code.ParamError);
      expect(answer.data).toEqual({ field: "theme" });
    }
    expect((await branding("badtheme.test")).theme).toBe(DEFAULT_THEME);
  });
});

describe("logo and favicon", () => {
  it("stores an uploaded logo; /common/host points at it, served as image/png with nosniff and a year's cache", async () => {
    const company = await newCompany(["logo.test"]);
    const png = solidPng(40, 20, "#FF0000");
    const answer = await upload(company.company_id, "logo", png);
    expect(answer.code, answer.msg).toBe(Code.Ok);
    const url = `${COMPANY_PATHS.served}/${company.company_id}/logo/${sha256(png)}`;
    expect(answer.data.logo).toBe(url);
    expect((await branding("logo.test")).logo).toBe(url);

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(png)).toBe(true);
    const cached = await t.app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    expect((await auditRows(operator.companyId, company.company_id)).at(-1)).toEqual({
      user_id: operator.userId,
      action: "update",
      entity: "company",
      before: { logo: "" },
      after: { logo: url, content_type: "image/png", bytes: png.length },
    });
  });

  it("replaces and removes a logo; the replaced image is still served for a while", async () => {
    const company = await newCompany(["relogo.test"]);
    const first = solidPng(8, 8, "#00FF00");
    const second = solidPng(8, 8, "#0000FF");
    const firstUrl = (await upload(company.company_id, "logo", first)).data.logo;
    const secondUrl = (await upload(company.company_id, "logo", second)).data.logo;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await branding("relogo.test")).logo).toBe(secondUrl);
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(200);

    const removed = await asOperator<CompanyManageRow>({
      method: "DELETE",
      url: `${COMPANY_PATHS.asset}?company_id=${company.company_id}&kind=logo`,
    });
    expect(removed.code, removed.msg).toBe(Code.Ok);
    expect(removed.data.logo).toBe("");
    expect((await branding("relogo.test")).logo).toBe("");
    expect((await auditRows(operator.companyId, company.company_id)).at(-1)).toMatchObject({
      before: { logo: secondUrl },
      after: { logo: "" },
    });

    // versions replaced longer ago than the branding can be cached are dropped at the next change
    await db()
      .updateTable("company_asset")
      .set({ replaced_time: new Date(Date.now() - REPLACED_ASSET_KEEP_MS - 1000) })
      .where("company_id", "=", company.company_id)
      .execute();
    await upload(company.company_id, "logo", solidPng(9, 9));
    expect((await t.app.inject({ url: firstUrl })).statusCode).toBe(404);
    const kept = await db()
      .selectFrom("company_asset")
      .select("digest")
      .where("company_id", "=", company.company_id)
      .execute();
    expect(kept).toHaveLength(1);
  });

  it("takes an ICO or PNG favicon and refuses a JPEG", async () => {
    const company = await newCompany(["icon.test"]);
    const ico = pngIco(solidPng(16, 16));
    const answer = await upload(company.company_id, "icon", ico);
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect((await branding("icon.test")).icon).toBe(answer.data.icon);
    expect((await t.app.inject({ url: answer.data.icon })).headers["content-type"]).toBe("image/x-icon");
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const refused = await upload(company.company_id, "icon", jpeg);
    expect(refused).toMatchObject({ code: Code.ParamError, data: { field: "data" } });
    expect(refused.msg).toBe("The favicon must be an ICO or PNG image");
  });

  it("refuses SVG, other files, images over the limit and broken base64 with 604 naming data", async () => {
    const company = await newCompany(["badlogo.test"]);
    const cases: [Uint8Array | string, "logo" | "icon", string][] = [
      [SVG_WITH_SCRIPT, "logo", "SVG images are not accepted (they can carry script); please use a PNG"],
      [
        Buffer.from("<html><script>alert(1)</script></html>"),
        "logo",
        "The logo must be a PNG, JPEG or WebP image",
      ],
      [Buffer.from("GIF89a\x01\x00\x01\x00"), "logo", "The logo must be a PNG, JPEG or WebP image"],
      [pngOfSize(BRAND_ASSET_RULES.logo.maxBytes + 1), "logo", "The logo must be at most 200 KB"],
      [pngOfSize(BRAND_ASSET_RULES.icon.maxBytes + 1), "icon", "The favicon must be at most 64 KB"],
      // a few KB of bytes, but 25 million pixels that every page would decode
      [solidPng(5000, 5000), "logo", "The logo must be at most 1024 pixels wide and high"],
      [solidPng(257, 16), "icon", "The favicon must be at most 256 pixels wide and high"],
      ["", "logo", "Please choose an image file"],
      ["not base64!", "logo", "The image must be sent in base64"],
    ];
    for (const [bytes, kind, message] of cases) {
      const answer = await upload(company.company_id, kind, bytes);
      expect(answer, message).toMatchObject({ code: Code.ParamError, msg: message, data: { field: "data" } });
    }
    // exactly at the limit is fine
    expect((await upload(company.company_id, "logo", pngOfSize(BRAND_ASSET_RULES.logo.maxBytes))).code).toBe(
      Code.Ok,
    );
    // far past every limit, the body itself is refused (HTTP 413, code 604) before it is read
    const huge = await upload(company.company_id, "logo", Buffer.alloc(1024 * 1024, 1));
    expect(huge).toMatchObject({ status: 413, code: Code.ParamError });
  });

  it("answers 404 for an image that is not stored", async () => {
    for (const url of [
      `${COMPANY_PATHS.served}/1/logo/${"0".repeat(64)}`,
      `${COMPANY_PATHS.served}/1/banner/${"0".repeat(64)}`,
      `${COMPANY_PATHS.served}/x/logo/abc`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe("who may manage companies", () => {
  const calls = (companyId: number): InjectOptions[] => [
    { method: "GET", url: COMPANY_ENDPOINTS.manageList.path },
    {
      method: "POST",
      url: COMPANY_ENDPOINTS.create.path,
      payload: { name: "Nope", hosts: [], admin_email: freshEmail("nope"), admin_password: md5("Secret123") },
    },
    {
      method: "PUT",
      url: COMPANY_ENDPOINTS.setHosts.path,
      payload: { company_id: companyId, hosts: ["nope.test"] },
    },
    {
      method: "PUT",
      url: COMPANY_ENDPOINTS.setTheme.path,
      payload: { company_id: companyId, theme: "#000000" },
    },
    {
      method: "POST",
      url: COMPANY_PATHS.asset,
      payload: { company_id: companyId, kind: "logo", data: base64(solidPng(4, 4)) },
    },
    { method: "DELETE", url: `${COMPANY_PATHS.asset}?company_id=${companyId}&kind=logo` },
  ];

  it("refuses a publisher's admin and the operator's staff (402) and callers without a session (20003)", async () => {
    const demo = await demoCompany(db());
    const before = await db()
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    for (const options of calls(demo.companyId)) {
      expect((await as(publisherToken, options)).code, `${options.method} ${options.url}`).toBe(
        Code.NoPermission,
      );
      expect((await as(operatorStaffToken, options)).code, `${options.method} ${options.url}`).toBe(
        Code.NoPermission,
      );
      expect((await as(null, options)).code).toBe(Code.TokenInvalid);
    }
    const after = await db()
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("lists Companies in the menu of the operator's admins only", async () => {
    const menu = async (token: string) =>
      (await as<{ routes: string[] }>(token, { method: "GET", url: "/api/v1/user/menu" })).data.routes;
    expect(await menu(operatorToken)).toContain("companies");
    expect(await menu(publisherToken)).not.toContain("companies");
    expect(await menu(operatorStaffToken)).not.toContain("companies");
  });

  it("lets the created super admin sign in to the new company", async () => {
    const email = freshEmail("signin");
    const created = await asOperator<CompanyCreateAnswer>({
      method: "POST",
      url: COMPANY_ENDPOINTS.create.path,
      payload: { name: "Sign-in Co", hosts: [], admin_email: email, admin_password: md5(DEMO_PASSWORD) },
    });
    expect(created.code).toBe(Code.Ok);
    expect(await tokenFor(t.app, email, DEMO_PASSWORD)).toEqual(expect.any(String));
  });
});
