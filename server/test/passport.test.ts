import { Code, menuRoutes, ReportScope, Role } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  CAPTCHA_ANSWER,
  call,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  startTestApp,
  type TestApp,
} from "./support/app.ts";
import { loginForm, newCaptchaId, postLogin, signIn, tokenFor } from "./support/sign-in.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = <T>(url: string, token?: string, headers: Record<string, string> = {}) =>
  call<T>(t.app, { method: "GET", url, headers: { ...(token ? { token } : {}), ...headers } });

describe("public key and captcha", () => {
  it("answers the login public key as SPKI PEM", async () => {
    const answer = await get<{ public_key: string }>("/v1/passport/public_key");
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it("answers a captcha image as a data URL and a fresh one on refresh", async () => {
    const first = await call<{ captcha_id: string; b64s: string }>(t.app, {
      method: "POST",
      url: "/v1/passport/captcha/gen_math",
    });
    expect(first.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
    const refreshed = await call<{ captcha_id: string }>(t.app, {
      method: "POST",
      url: "/v1/passport/captcha/refresh_math",
      payload: { captcha_id: first.data.captcha_id },
    });
    expect(refreshed.data.captcha_id).not.toBe(first.data.captcha_id);
    const withOld = await postLogin(
      t.app,
      await loginForm(t.app, {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        captcha_id: first.data.captcha_id,
      }),
    );
    expect(withOld.code).toBe(Code.ParamError);
    expect(withOld.data).toEqual({ field: "captcha_answer" });
  });
});

describe("sign-in", () => {
  it("signs in and answers the token with the user info", async () => {
    const answer = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.data.user_info).toMatchObject({
      email: DEMO_EMAIL,
      role_id: [Role.SuperAdmin],
      opt_permission: [{ role_info: { id: Role.SuperAdmin } }],
      status: 1,
      report_scope: ReportScope.All,
      is_operator: false,
    });
    expect(answer.data.user_info.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
