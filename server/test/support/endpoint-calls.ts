/**
 * A call that must succeed, for each endpoint the app serves: its access and a `build` that makes the request
 * for an allowed caller acting on the records of `owner`. The authorization matrix calls each one as every
 * kind of caller (test/authorization.test.ts); the API description's conformance test calls each one and
 * checks the answer against the document (test/openapi-conformance.test.ts).
 */
import {
  type Action,
  API_KEY_ENDPOINTS,
  type ApiKeyCreateAnswer,
  COMPANY_ENDPOINTS,
  COMPANY_PATHS,
  Code,
  EmailCodePurpose,
  NoticeType,
  nowSeconds,
  OFFLINE_VIEW_ENDPOINTS,
  ONLINE_VIEW_ENDPOINTS,
  REPORT_API_PATHS,
  REPORT_SCHEDULE_ENDPOINTS,
  REPORT_SCHEDULE_PATHS,
  type ReportKindValue,
  Role,
  sign,
  signedParams,
  VIEW_SELECTIONS,
} from "@pc/contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import type { Db } from "../../src/db/database.ts";
import { hashPassword } from "../../src/lib/passwords.ts";
import { appSecret } from "../../src/modules/apps/service.ts";
import { issueEmailCode } from "../../src/modules/identity/email-code.ts";
import { issueSignInTicket, keyOfSecret } from "../../src/modules/identity/sessions.ts";
import { totpCode } from "../../src/modules/identity/totp.ts";
import { beginSetup } from "../../src/modules/identity/two-factor.ts";
import { createView } from "../../src/modules/report-views/service.ts";
import { findOperatorCompany } from "../../src/modules/tenancy/repo.ts";
import { demoCompany, freshEmail, makeUser, tokenOf } from "./accounts.ts";
import { call, DEMO_PASSWORD } from "./app.ts";
import { signedUrl } from "./external.ts";
import { solidPng } from "./images.ts";
import { encryptForLogin, md5 } from "./login-form.ts";
import { loginForm, newCaptchaId, publicKey } from "./sign-in.ts";
import { enrolDirectly } from "./two-factor.ts";

/** A company whose records requests name; `tag` makes every name made for it recognisable. */
export interface Owner {
  tag: string;
  companyId: number;
  accountId: number;
  adminId: number;
}

export const ownerOf = (tag: string, companyId: number, accountId: number, adminId: number): Owner => ({
  tag,
  companyId,
  accountId,
  adminId,
});

/** The demo publisher company, the one the calls of a test act on. */
export async function homeOf(db: Db): Promise<Owner> {
  const demo = await demoCompany(db);
  return ownerOf("alpha", demo.companyId, demo.accountId, demo.adminId);
}

/** The operator company and its super admin. */
export async function operatorOf(db: Db): Promise<Owner> {
  const operatorCompany = await findOperatorCompany(db);
  if (!operatorCompany) throw new Error("the seed has no operator company");
  const operatorAdmin = await db
    .selectFrom("app_user")
    .innerJoin("company", "company.id", "app_user.company_id")
    .select(["app_user.id", "company.account_id"])
    .where("app_user.company_id", "=", operatorCompany.id)
    .executeTakeFirstOrThrow();
  return ownerOf("omega", operatorCompany.id, operatorAdmin.account_id, operatorAdmin.id);
}

/** The operators' calls: managing companies and the reports of every company. */
export const isOperatorCall = (call: EndpointCall): boolean =>
  call.access.kind === "action" && /^(company\.|report\.manage)/.test(call.access.action);

/** Whose records a call acts on: the operator's for the operators' calls, else the home publisher's. */
export const ownerFor = (call: EndpointCall, owners: { home: Owner; operator: Owner }): Owner =>
  isOperatorCall(call) ? owners.operator : owners.home;

/** Whoever calls: a signed-in user, or null for an anonymous caller. */
export interface CallerUser {
  user: { companyId: number; userId: number } | null;
}

export type Access =
  /** Anyone, with or without a session. */
  | { kind: "public" }
  /** Anyone with a session. */
  | { kind: "session" }
  /** A session whose principal the matrix allows this action. */
  | { kind: "action"; action: Action }
  /** No session: the call is signed (external API, SDK); a caller's token changes nothing. */
  | { kind: "signed" };

export interface EndpointCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  access: Access;
  /**
   * "own": the request names no record, so every allowed caller acts on (and sees) its own company only;
   * "records": the request names records or the account of `owner`, so another company is refused them.
   */
  scope: "own" | "records";
  /** The action that lets a caller act on (and see) every company's records, e.g. operators' report.manage. */
  crossCompany?: Action;
  build(owner: Owner, caller: CallerUser): Promise<Omit<InjectOptions, "method" | "url"> & { url?: string }>;
}

const publicAccess: Access = { kind: "public" };
const session: Access = { kind: "session" };
const signed: Access = { kind: "signed" };
export const action = (name: Action): Access => ({ kind: "action", action: name });
const nothing = async () => ({});

/** The last 7 report days, ending yesterday (REPORT_TZ is UTC in the tests), as yyyyMMdd. */
export function reportRange(): { startDate: string; endDate: string } {
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  return { startDate: day(7), endDate: day(1) };
}

/** What the calls need of the running test: the app, its database, and the operator company. */
export interface CallContext {
  app(): FastifyInstance;
  db(): Db;
  operator(): Owner;
}

/** The calls, with the fixtures that make an app and a placement of a company through the API. */
export function endpointCalls({ app, db, operator }: CallContext) {
  let serial = 0;
  const unique = (owner: Owner, what: string) => `${owner.tag}-${what}-${++serial}`;

  async function asAdmin<T>(owner: Owner, options: InjectOptions): Promise<T> {
    // A fresh token each time: calls under test may end the admin's other sessions (password change).
    const token = await tokenOf(db(), { companyId: owner.companyId, userId: owner.adminId });
    const answer = await call<T>(app(), { ...options, headers: { token } });
    if (answer.code !== Code.Ok)
      throw new Error(`fixture ${options.method} ${options.url}: ${answer.code} ${answer.msg}`);
    return answer.data;
  }

  const createApp = (owner: Owner) => {
    const name = unique(owner, "app");
    return asAdmin<{ id: number; name: string; pkg: string; url: string; app_key: string }>(owner, {
      method: "POST",
      url: "/v1/app",
      payload: { name, pkg: `com.${name.replaceAll("-", "")}.game`, url: "https://example.test" },
    });
  };

  const createPlacement = (owner: Owner, appId: number) =>
    asAdmin<{ id: number; app_id: number; name: string }>(owner, {
      method: "POST",
      url: "/v1/adpos",
      payload: { app_id: appId, name: unique(owner, "slot"), ad_style: 2, content_type: "1,2" },
    });

  const createKey = (owner: Owner, scopes: string[]) =>
    asAdmin<ApiKeyCreateAnswer>(owner, {
      method: "POST",
      url: API_KEY_ENDPOINTS.create.path,
      payload: { name: unique(owner, "key"), scopes },
    });

  const staffOf = (owner: Owner) => makeUser(db(), owner, { email: freshEmail(`${owner.tag}-staff`) });

  /** The email a schedule made for `caller` on `owner`'s records is sent to: the caller's own, when theirs. */
  async function recipientOf(owner: Owner, caller: CallerUser): Promise<string> {
    const userId = caller.user?.companyId === owner.companyId ? caller.user.userId : owner.adminId;
    const row = await db()
      .selectFrom("app_user")
      .select("email")
      .where("company_id", "=", owner.companyId)
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    return row.email;
  }

  const scheduleBody = (recipient: string) => ({
    name: "Matrix schedule",
    kind: "online",
    query: { dimensions: [1], metrics: null, country: null },
    frequency: "daily",
    weekday: null,
    recipients: [recipient],
    lang: "en",
  });

  /** A schedule of `owner`: the caller's own when the caller is of that company (else its admin's). */
  async function scheduleOf(owner: Owner, caller: CallerUser): Promise<{ id: number; recipient: string }> {
    const recipient = await recipientOf(owner, caller);
    const mine = caller.user?.companyId === owner.companyId;
    const token = await tokenOf(
      db(),
      mine && caller.user ? caller.user : { companyId: owner.companyId, userId: owner.adminId },
    );
    const answer = await call<{ id: number }>(app(), {
      method: "POST",
      url: REPORT_SCHEDULE_ENDPOINTS.create.path,
      headers: { token },
      payload: scheduleBody(recipient),
    });
    if (answer.code !== Code.Ok) throw new Error(`fixture schedule: ${answer.code} ${answer.msg}`);
    return { id: answer.data.id, recipient };
  }
  const viewSelection = { dimensions: [1], range: { type: "preset", preset: "last7" } };

  /** A saved view of `owner`: the caller's own when the caller is of that company (else its admin's). */
  async function viewOf(owner: Owner, caller: CallerUser, kind: ReportKindValue): Promise<number> {
    const mine = caller.user?.companyId === owner.companyId;
    const userId = mine && caller.user ? caller.user.userId : owner.adminId;
    const view = await createView(
      db(),
      { companyId: owner.companyId, userId, kind },
      { name: unique(owner, "view"), selection: VIEW_SELECTIONS[kind].parse(viewSelection) },
      "UTC",
    );
    return view.id;
  }

  /** A user's two-step verification removed, so a setup can begin. */
  const dropTwoFactor = (user: { companyId: number; userId: number }) =>
    db()
      .deleteFrom("user_totp")
      .where("company_id", "=", user.companyId)
      .where("user_id", "=", user.userId)
      .execute();

  const calls: EndpointCall[] = [
    // Passport and password calls.
    { method: "GET", url: "/v1/passport/public_key", access: publicAccess, scope: "own", build: nothing },
    {
      method: "POST",
      url: "/v1/passport/captcha/gen_math",
      access: publicAccess,
      scope: "own",
      build: nothing,
    },
    {
      method: "POST",
      url: "/v1/passport/captcha/refresh_math",
      access: publicAccess,
      scope: "own",
      build: async () => ({ payload: { captcha_id: await newCaptchaId(app()) } }),
    },
    {
      method: "POST",
      url: "/v1/passport/captcha/send_email",
      access: publicAccess,
      scope: "own",
      build: async (owner) => ({
        payload: {
          email: freshEmail(`${owner.tag}-code`),
          purpose: EmailCodePurpose.Register,
          captcha_id: await newCaptchaId(app()),
          captcha_answer: "42",
        },
      }),
    },
    {
      method: "POST",
      url: "/v1/passport/user/login",
      access: publicAccess,
      scope: "own",
      build: async (owner) => {
        const user = await staffOf(owner);
        const form = await loginForm(app(), { email: user.email, password: DEMO_PASSWORD });
        return { payload: { data: encryptForLogin(await publicKey(app()), form) } };
      },
    },
    { method: "POST", url: "/v1/passport/user/logout", access: session, scope: "own", build: nothing },
    { method: "POST", url: "/v1/passport/sign_in_ticket", access: session, scope: "own", build: nothing },
    {
      method: "POST",
      url: "/v1/passport/user/ticket_login",
      access: publicAccess,
      scope: "own",
      build: async (owner) => {
        const token = keyOfSecret(await tokenOf(db(), await staffOf(owner)));
        if (!token) throw new Error("a session token names its company");
        return { payload: { ticket: (await issueSignInTicket(db(), token)).ticket } };
      },
    },
    {
      method: "PUT",
      url: "/v1/passport/user/password",
      access: session,
      scope: "own",
      build: async (_owner, caller) => {
        if (caller.user) {
          const passwordHash = await hashPassword(md5(DEMO_PASSWORD));
          await db()
            .updateTable("app_user")
            .set({ password_hash: passwordHash })
            .where("id", "=", caller.user.userId)
            .execute();
        }
        return { payload: { old_password: md5(DEMO_PASSWORD), new_password: md5(`Changed${++serial}x`) } };
      },
    },
    {
      method: "POST",
      url: "/v1/passport/user/reset_password",
      access: publicAccess,
      scope: "own",
      build: async (owner) => {
        const user = await staffOf(owner);
        const code = await issueEmailCode(
          db(),
          user.email,
          EmailCodePurpose.Reset,
          async (_, issued) => issued.code,
        );
        return { payload: { email: user.email, code, password: md5("Reset1234") } };
      },
    },
    {
      method: "POST",
      url: "/v1/passport/user/register",
      access: publicAccess,
      scope: "own",
      build: async (owner) => {
        const email = freshEmail(`${owner.tag}-founder`);
        const code = await issueEmailCode(
          db(),
          email,
          EmailCodePurpose.Register,
          async (_, issued) => issued.code,
        );
        return {
          payload: {
            company_name: unique(owner, "co"),
            user_name: "Founder",
            email,
            password: md5("Found1234"),
            code,
          },
        };
      },
    },
    // Two-step verification: one's own, and the company's rule.
    {
      method: "POST",
      url: "/v1/passport/user/two_factor_login",
      access: publicAccess,
      scope: "own",
      build: async (owner) => {
        const user = await staffOf(owner);
        const { recoveryCodes } = await enrolDirectly(db(), user);
        const form = await loginForm(app(), { email: user.email, password: DEMO_PASSWORD });
        const first = await call<{ ticket: string }>(app(), {
          method: "POST",
          url: "/v1/passport/user/login",
          payload: { data: encryptForLogin(await publicKey(app()), form) },
        });
        if (first.code !== Code.TwoFactorRequired) throw new Error(`sign-in answered ${first.code}`);
        return { payload: { ticket: first.data.ticket, code: recoveryCodes[0] } };
      },
    },
    { method: "GET", url: "/v1/passport/two_factor", access: session, scope: "own", build: nothing },
    {
      method: "POST",
      url: "/v1/passport/two_factor/setup",
      access: session,
      scope: "own",
      build: async (_owner, caller) => {
        if (caller.user) await dropTwoFactor(caller.user);
        return {};
      },
    },
    {
      method: "POST",
      url: "/v1/passport/two_factor/enable",
      access: session,
      scope: "own",
      build: async (_owner, caller) => {
        if (!caller.user) return { payload: { code: "000000" } };
        await dropTwoFactor(caller.user);
        const { secret } = await beginSetup({ db: db(), key: null }, caller.user);
        return { payload: { code: totpCode(secret) } };
      },
    },
    ...["/v1/passport/two_factor/disable", "/v1/passport/two_factor/recovery_codes"].map(
      (url): EndpointCall => ({
        method: "POST",
        url,
        access: session,
        scope: "own",
        build: async (_owner, caller) => {
          if (!caller.user) return { payload: { code: "000000" } };
          const { recoveryCodes } = await enrolDirectly(db(), caller.user);
          return { payload: { code: recoveryCodes[0] } };
        },
      }),
    ),
    {
      method: "GET",
      url: "/v1/company/two_factor",
      access: action("account.manage"),
      scope: "own",
      build: nothing,
    },
    {
      method: "PUT",
      url: "/v1/company/two_factor",
      access: action("account.policy"),
      scope: "own",
      // not required: requiring it would send every later sign-in of the company through the second step
      build: async () => ({ payload: { required: false } }),
    },
    {
      method: "POST",
      url: "/v1/company/two_factor/reset",
      access: action("account.policy"),
      scope: "own",
      // a member of the owner's company with two-step verification on
      build: async (owner) => {
        const member = await makeUser(db(), owner);
        await enrolDirectly(db(), member);
        return { payload: { user_id: member.userId } };
      },
    },
    { method: "GET", url: "/api/v1/user/user_info", access: session, scope: "own", build: nothing },
    { method: "GET", url: "/api/v1/user/menu", access: session, scope: "own", build: nothing },
    { method: "GET", url: "/v1/user", access: session, scope: "own", build: nothing },
    { method: "GET", url: "/common/host", access: publicAccess, scope: "own", build: nothing },

    // Accounts.
    {
      method: "GET",
      url: "/v1/user/list",
      access: action("account.manage"),
      scope: "own",
      build: async () => ({ query: { page_no: "1", page_size: "100", plat_type: "3" } }),
    },
    {
      method: "POST",
      url: "/v1/user",
      access: action("account.manage"),
      scope: "records",
      build: async (owner) => ({
        payload: {
          user_name: unique(owner, "user"),
          email: freshEmail(`${owner.tag}-new`),
          password: md5("Abcdefg1"),
          role_ids: [Role.OperationsStaff],
          account_id: owner.accountId,
        },
      }),
    },
    {
      method: "PUT",
      url: "/v1/user",
      access: action("account.manage"),
      scope: "records",
      build: async (owner) => {
        const user = await staffOf(owner);
        return {
          payload: {
            user_info: { user_name: unique(owner, "renamed"), email: user.email, password: md5("Newpass12") },
            user_id: user.userId,
            role_ids: [Role.OperationsStaff],
            account_id: owner.accountId,
          },
        };
      },
    },
    {
      method: "PUT",
      url: "/v1/user_center_proxy/v1/passport/inner/user",
      access: action("account.manage"),
      scope: "records",
      build: async (owner) => {
        const user = await staffOf(owner);
        return {
          payload: {
            plat_type: 3,
            user_id: user.userId,
            account_id: owner.accountId,
            user_info: { status: 4 },
          },
        };
      },
    },
    {
      method: "DELETE",
      url: "/v1/user_center_proxy/v1/passport/inner/user",
      access: action("account.manage"),
      scope: "records",
      build: async (owner) => {
        const [a, b] = [await staffOf(owner), await staffOf(owner)];
        return { url: `?plat_type=3&ids=${a.userId}&ids=${b.userId}&account_id=${owner.accountId}` };
      },
    },

    // Applications and placements.
    { method: "GET", url: "/v1/app/list", access: action("app.read"), scope: "own", build: nothing },
    {
      method: "POST",
      url: "/v1/app",
      access: action("app.write"),
      scope: "records",
      build: async (owner) => {
        const name = unique(owner, "newapp");
        return {
          payload: {
            name,
            pkg: `com.${name.replaceAll("-", "")}.app`,
            url: "https://example.test",
            company_id: owner.companyId,
          },
        };
      },
    },
    {
      method: "PUT",
      url: "/v1/app",
      access: action("app.write"),
      scope: "records",
      build: async (owner) => {
        const row = await createApp(owner);
        return { payload: { id: row.id, name: unique(owner, "edited"), pkg: row.pkg, url: row.url } };
      },
    },
    {
      method: "DELETE",
      url: "/v1/app",
      access: action("app.write"),
      scope: "records",
      build: async (owner) => ({ query: { id: String((await createApp(owner)).id) } }),
    },
    {
      method: "GET",
      url: "/v1/app/nameexist",
      access: action("app.read"),
      scope: "own",
      build: async (owner) => ({ query: { name: unique(owner, "probe") } }),
    },
    {
      method: "GET",
      url: "/v1/app/pkgexist",
      access: action("app.read"),
      scope: "own",
      build: async (owner) => ({ query: { pkg: `com.${owner.tag}.probe${++serial}` } }),
    },
    { method: "GET", url: "/v1/adpos/list", access: action("app.read"), scope: "own", build: nothing },
    {
      method: "POST",
      url: "/v1/adpos",
      access: action("app.write"),
      scope: "records",
      build: async (owner) => ({
        payload: {
          app_id: (await createApp(owner)).id,
          name: unique(owner, "newslot"),
          ad_style: 1,
          content_type: "5",
        },
      }),
    },
    {
      method: "PUT",
      url: "/v1/adpos",
      access: action("app.write"),
      scope: "records",
      build: async (owner) => {
        const row = await createPlacement(owner, (await createApp(owner)).id);
        return {
          payload: {
            id: row.id,
            app_id: row.app_id,
            name: unique(owner, "editedslot"),
            ad_style: 2,
            content_type: "3",
          },
        };
      },
    },
    {
      method: "DELETE",
      url: "/v1/adpos",
      access: action("app.write"),
      scope: "records",
      build: async (owner) => ({
        query: { id: String((await createPlacement(owner, (await createApp(owner)).id)).id) },
      }),
    },
    {
      method: "GET",
      url: "/v1/adpos/name_exist",
      access: action("app.read"),
      scope: "own",
      build: async (owner) => ({ query: { name: unique(owner, "probe") } }),
    },
    {
      method: "GET",
      url: "/api/v1/ad_position/position_id",
      access: action("app.read"),
      scope: "own",
      build: nothing,
    },
    { method: "GET", url: "/api/v1/geo/country", access: publicAccess, scope: "own", build: nothing },

    // Operators' lists.
    { method: "GET", url: "/v1/company/list", access: action("company.read"), scope: "own", build: nothing },
    {
      method: "GET",
      url: "/v1/profit_center/list",
      access: action("company.read"),
      scope: "own",
      build: nothing,
    },

    // The Companies screen: operator admins act on every company.
    {
      method: "GET",
      url: COMPANY_ENDPOINTS.manageList.path,
      access: action("company.manage"),
      scope: "own",
      build: nothing,
    },
    {
      method: "POST",
      url: COMPANY_ENDPOINTS.create.path,
      access: action("company.manage"),
      scope: "own",
      build: async (owner) => ({
        payload: {
          name: unique(owner, "company"),
          hosts: [`${unique(owner, "host")}.test`],
          admin_email: freshEmail(`${owner.tag}-company`),
          admin_password: md5("Secret123"),
        },
      }),
    },
    {
      method: "PUT",
      url: COMPANY_ENDPOINTS.setHosts.path,
      access: action("company.manage"),
      scope: "records",
      crossCompany: "company.manage",
      build: async (owner) => ({
        payload: { company_id: owner.companyId, hosts: [`${unique(owner, "host")}.test`] },
      }),
    },
    {
      method: "PUT",
      url: COMPANY_ENDPOINTS.setTheme.path,
      access: action("company.manage"),
      scope: "records",
      crossCompany: "company.manage",
      build: async (owner) => ({
        payload: {
          company_id: owner.companyId,
          theme: `#${(++serial * 7919).toString(16).padStart(6, "0").slice(-6)}`,
        },
      }),
    },
    {
      method: "POST",
      url: COMPANY_PATHS.asset,
      access: action("company.manage"),
      scope: "records",
      crossCompany: "company.manage",
      build: async (owner) => ({
        payload: {
          company_id: owner.companyId,
          kind: "logo",
          data: solidPng(2 + ++serial, 2).toString("base64"),
        },
      }),
    },
    {
      method: "DELETE",
      url: COMPANY_PATHS.asset,
      access: action("company.manage"),
      scope: "records",
      crossCompany: "company.manage",
      build: async (owner) => ({ query: { company_id: String(owner.companyId), kind: "icon" } }),
    },
    {
      method: "GET",
      url: `${COMPANY_PATHS.served}/:company_id/:kind/:digest`,
      access: publicAccess,
      scope: "own",
      build: async (owner) => {
        const row = await asAdmin<{ icon: string }>(operator(), {
          method: "POST",
          url: COMPANY_PATHS.asset,
          payload: {
            company_id: owner.companyId,
            kind: "icon",
            data: solidPng(1 + ++serial, 1).toString("base64"),
          },
        });
        return { url: row.icon };
      },
    },

    // Signed calls: the SDK and the external API.
    {
      method: "GET",
      url: "/sdk/v1/config",
      access: signed,
      scope: "own",
      build: async (owner) => {
        const row = await createApp(owner);
        const found = await appSecret(db(), row.app_key);
        if (!found) throw new Error("the app has no secret");
        const timestamp = nowSeconds();
        const signature = await sign(found.secret, { app_key: row.app_key }, timestamp);
        return { query: { app_key: row.app_key, timestamp: String(timestamp), sign: signature } };
      },
    },
    {
      method: "GET",
      url: "/external_api/company/list",
      access: signed,
      scope: "own",
      build: async () => ({ url: await signedUrl("/external_api/company/list") }),
    },
    {
      method: "GET",
      url: "/external_api/profit_center",
      access: signed,
      scope: "own",
      build: async () => ({ url: await signedUrl("/external_api/profit_center") }),
    },
    {
      method: "POST",
      url: "/external_api/profit_center/notice",
      access: signed,
      scope: "own",
      build: async (owner) => {
        const id = 1000 + ++serial;
        const body = JSON.stringify({
          notice_id: unique(owner, "notice"),
          type: NoticeType.CreateProfitCenter,
          profit_center_id: id,
          name: `Centre ${id}`,
        });
        return {
          url: await signedUrl("/external_api/profit_center/notice", {}, { body }),
          payload: body,
          headers: { "content-type": "application/json" },
        };
      },
    },
    // Reports: publishers read their own company's published days; operator admins read and manage
    // every company's.
    {
      method: "GET",
      url: "/v1/report/date_window",
      access: action("report.online.read"),
      scope: "own",
      build: nothing,
    },
    // The reporting API: super admins manage their company's keys; the report calls are let in
    // by a key (made for the owner by its super admin), whatever session the caller holds.
    {
      method: "GET",
      url: API_KEY_ENDPOINTS.list.path,
      access: action("apiKey.manage"),
      scope: "own",
      build: async () => ({ query: { page_no: "1", page_size: "10" } }),
    },
    {
      method: "POST",
      url: API_KEY_ENDPOINTS.create.path,
      access: action("apiKey.manage"),
      scope: "own",
      build: async (owner) => ({ payload: { name: unique(owner, "key"), scopes: ["sdk"] } }),
    },
    {
      method: "POST",
      url: API_KEY_ENDPOINTS.revoke.path,
      access: action("apiKey.manage"),
      scope: "records",
      build: async (owner) => ({ payload: { id: (await createKey(owner, ["sdk"])).key.id } }),
    },
    ...(["sdk", "affiliate"] as const).map(
      (scope): EndpointCall => ({
        method: "GET",
        url: REPORT_API_PATHS[scope],
        access: signed,
        scope: "own",
        build: async (owner) => ({
          query: reportRange(),
          headers: { authorization: `Bearer ${(await createKey(owner, [scope])).secret}` },
        }),
      }),
    ),
    // Change history: the company-wide list for administrators, a record's own for editors.
    {
      method: "GET",
      url: "/v1/history/list",
      access: action("history.read"),
      scope: "own",
      build: async () => ({ url: "?page_no=1&page_size=10&entity=app" }),
    },
    {
      method: "GET",
      url: "/v1/history/record",
      access: action("app.write"),
      scope: "own",
      build: async (owner) => ({ url: `?entity=app&id=${(await createApp(owner)).id}` }),
    },
    // The home page's overview: the session's own company only, whoever asks.
    {
      method: "GET",
      url: "/v1/online/overview",
      access: action("report.online.read"),
      scope: "own",
      build: nothing,
    },
    ...[
      "/v1/online/ssp",
      "/v1/report_proxy/v1/online/ssp",
      "/v1/online/summary",
      "/v1/online/ssp/download",
    ].map(
      (url): EndpointCall => ({
        method: "POST",
        url,
        access: action("report.online.read"),
        scope: "records",
        crossCompany: "report.manage",
        build: async (owner) => ({ payload: { ...reportRange(), companyId: owner.companyId } }),
      }),
    ),
    ...["/v1/offline/ssp", "/v1/offline/summary", "/v1/offline/ssp/download"].map(
      (url): EndpointCall => ({
        method: "POST",
        url,
        access: action("report.offline.read"),
        scope: "records",
        crossCompany: "report.manage",
        build: async (owner) => ({ payload: { ...reportRange(), companyId: owner.companyId } }),
      }),
    ),
    ...(["online", "offline"] as const).flatMap((kind) =>
      (["calculate", "publish", "delete"] as const).map(
        (step): EndpointCall => ({
          method: "GET",
          url: `/v1/${kind}/${step}`,
          access: action("report.manage"),
          scope: "records",
          crossCompany: "report.manage",
          build: async (owner) => {
            const query = { date: reportRange().endDate, company_id: String(owner.companyId) };
            if (step === "publish")
              await asAdmin(operator(), { method: "GET", url: `/v1/${kind}/calculate`, query });
            return { query };
          },
        }),
      ),
    ),
    {
      method: "GET",
      url: "/v1/report/batch/list",
      access: action("report.manage"),
      scope: "own",
      crossCompany: "report.manage",
      build: async () => {
        const { startDate, endDate } = reportRange();
        return { query: { start_date: startDate, end_date: endDate } };
      },
    },
    {
      method: "GET",
      url: "/v1/report/start_company",
      access: action("report.manage"),
      scope: "own",
      build: async () => ({ query: { kind: "online" } }),
    },
    // Scheduled reports.
    {
      method: "GET",
      url: REPORT_SCHEDULE_ENDPOINTS.list.path,
      access: action("report.schedule"),
      scope: "own",
      build: nothing,
    },
    {
      method: "GET",
      url: REPORT_SCHEDULE_ENDPOINTS.recipients.path,
      access: action("report.schedule"),
      scope: "own",
      build: nothing,
    },
    {
      method: "POST",
      url: REPORT_SCHEDULE_ENDPOINTS.create.path,
      access: action("report.schedule"),
      scope: "own",
      build: async (owner, caller) => ({ payload: scheduleBody(await recipientOf(owner, caller)) }),
    },
    {
      method: "PUT",
      url: REPORT_SCHEDULE_ENDPOINTS.update.path,
      access: action("report.schedule"),
      scope: "records",
      build: async (owner, caller) => {
        const made = await scheduleOf(owner, caller);
        return { payload: { ...scheduleBody(made.recipient), id: made.id, name: unique(owner, "edited") } };
      },
    },
    {
      method: "DELETE",
      url: REPORT_SCHEDULE_ENDPOINTS.remove.path,
      access: action("report.schedule"),
      scope: "records",
      build: async (owner, caller) => ({ query: { id: String((await scheduleOf(owner, caller)).id) } }),
    },
    {
      method: "POST",
      url: REPORT_SCHEDULE_ENDPOINTS.sendNow.path,
      access: action("report.schedule"),
      scope: "records",
      build: async (owner, caller) => {
        const made = await scheduleOf(owner, caller);
        // A published day to send (this app has no SMTP_URL: the delivery fails, the call succeeds).
        await sql`insert into report_batch (company_id, kind, dt, status, publish_time)
        values (${owner.companyId}, 'online', current_date - 1, 'published', now())
        on conflict (company_id, kind, dt) do update set status = excluded.status, publish_time = excluded.publish_time`.execute(
          db(),
        );
        return { payload: { id: made.id } };
      },
    },
    {
      method: "GET",
      url: REPORT_SCHEDULE_PATHS.unsubscribe,
      access: publicAccess,
      scope: "own",
      build: nothing,
    },
    {
      method: "POST",
      url: REPORT_SCHEDULE_PATHS.unsubscribe,
      access: publicAccess,
      scope: "own",
      build: nothing,
    },
    // Saved views of the report screens: each report's own, allowed to whoever may read it.
    ...(
      [
        ["online", ONLINE_VIEW_ENDPOINTS, "report.online.read"],
        ["offline", OFFLINE_VIEW_ENDPOINTS, "report.offline.read"],
      ] as const
    ).flatMap(([kind, views, read]): EndpointCall[] => [
      { method: "GET", url: views.list.path, access: action(read), scope: "own", build: nothing },
      {
        method: "POST",
        url: views.create.path,
        access: action(read),
        scope: "own",
        build: async (owner) => ({ payload: { name: unique(owner, "view"), selection: viewSelection } }),
      },
      {
        method: "PUT",
        url: views.update.path,
        access: action(read),
        scope: "records",
        build: async (owner, caller) => ({
          payload: { id: await viewOf(owner, caller, kind), name: unique(owner, "renamed") },
        }),
      },
      {
        method: "DELETE",
        url: views.remove.path,
        access: action(read),
        scope: "records",
        build: async (owner, caller) => ({ query: { id: String(await viewOf(owner, caller, kind)) } }),
      },
    ]),
    {
      method: "POST",
      url: "/sdk/v1/events",
      access: signed,
      scope: "own",
      build: async (owner) => {
        const row = await createApp(owner);
        const placement = await createPlacement(owner, row.id);
        const found = await appSecret(db(), row.app_key);
        if (!found) throw new Error("the app has no secret");
        const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000);
        const body = JSON.stringify({
          batch_id: unique(owner, "batch"),
          events: [
            {
              adpos_id: placement.id,
              country: "US",
              hour: hour.toISOString().replace(".000Z", "Z"),
              request: 10,
              fill: 8,
              show: 5,
              click: 1,
              revenue: 0.25,
            },
          ],
        });
        const timestamp = nowSeconds();
        const query = { app_key: row.app_key };
        const signature = await sign(found.secret, await signedParams(query, body), timestamp);
        return {
          query: { ...query, timestamp: String(timestamp), sign: signature },
          payload: body,
          headers: { "content-type": "application/json" },
        };
      },
    },
    {
      method: "POST",
      url: "/external_api/affiliate/stats",
      access: signed,
      scope: "own",
      build: async (owner) => {
        const body = JSON.stringify({
          company_id: owner.companyId,
          rows: [
            {
              dt: reportRange().endDate,
              sub_channel: unique(owner, "channel"),
              offer_id: "offer-1",
              pkg_name: "com.example.offer",
              country: "US",
              click: 10,
              conversion: 2,
              refuse: 1,
              settle_amount: 1.5,
              payout: 0.5,
            },
          ],
        });
        return {
          url: await signedUrl("/external_api/affiliate/stats", {}, { body }),
          payload: body,
          headers: { "content-type": "application/json" },
        };
      },
    },
  ];

  return { calls, createApp, createPlacement };
}

/** The request of a call as `caller` (its session token, if any) on the records of `owner`. */
export async function requestOf(
  endpoint: EndpointCall,
  owner: Owner,
  caller: CallerUser,
  db: Db,
): Promise<InjectOptions> {
  const { url: suffix, headers, ...rest } = await endpoint.build(owner, caller);
  const url = suffix?.startsWith("/") ? suffix : `${endpoint.url}${suffix ?? ""}`;
  const token = caller.user ? await tokenOf(db, caller.user) : undefined;
  return {
    ...rest,
    method: endpoint.method,
    url,
    headers: { lang: "en", ...(headers ?? {}), ...(token ? { token } : {}) },
  };
}
