/**
 * Text the database cannot store or that is not Unicode: a NUL character or a lone
 * surrogate in any text input, of a public call or not, a query, a JSON body or the sign-in form inside its
 * ciphertext, is refused with code 604 naming the field (the message of other illegal characters), never
 * answered 602 with a stack in the log.
 */
import { Code, EmailCodePurpose, MESSAGES, NoticeType, SDK_CONFIG_PATH, SDK_EVENTS_PATH } from "@pc/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, call, DEMO_EMAIL, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { signedCall } from "./support/external.ts";
import { CAPTCHA_ANSWER, encryptForLogin } from "./support/login-form.ts";
import { callAs, demoPublisher, type Publisher } from "./support/publisher.ts";
import { loginForm, publicKey } from "./support/sign-in.ts";

const NUL = "\u0000";
const LONE_HIGH = "\ud800";
const LONE_LOW = "\udc00";

let t: TestApp;
let demo: Publisher;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoPublisher(t.runtime.database.db);
});
afterAll(() => t?.close());

const refusal = (field: string) => ({
  code: Code.ParamError,
  msg: MESSAGES.illegalCharacters.en,
  data: { field },
});

const publicCall = (options: InjectOptions): Promise<Answer> =>
  call(t.app, { ...options, headers: { lang: "en", ...(options.headers ?? {}) } });

describe("public calls", () => {
  it("refuses a NUL in the host of the branding call", async () => {
    expect(await publicCall({ url: "/common/host?host=%00" })).toMatchObject(refusal("host"));
    expect(await publicCall({ url: "/common/host?host=demo.localhost%00" })).toMatchObject(refusal("host"));
  });

  it("refuses a NUL or a lone surrogate in a captcha id", async () => {
    for (const captcha_id of [NUL, `x${LONE_LOW}`]) {
      const refreshed = await publicCall({
        method: "POST",
        url: "/v1/passport/captcha/refresh_math",
        payload: { captcha_id },
      });
      expect(refreshed, JSON.stringify(captcha_id)).toMatchObject(refusal("captcha_id"));
      const mailed = await publicCall({
        method: "POST",
        url: "/v1/passport/captcha/send_email",
        payload: {
          email: "someone@demo.test",
          purpose: EmailCodePurpose.Register,
          captcha_id,
          captcha_answer: CAPTCHA_ANSWER,
        },
      });
      expect(mailed, JSON.stringify(captcha_id)).toMatchObject(refusal("captcha_id"));
    }
  });

  it("refuses a NUL or a lone surrogate inside the encrypted sign-in form, naming its field", async () => {
    for (const [form, field] of [
      [{ email: DEMO_EMAIL, password: DEMO_PASSWORD, captcha_id: `a${NUL}b` }, "captcha_id"],
      [{ email: `admin${NUL}@demo.test`, password: DEMO_PASSWORD }, "email"],
      [{ email: DEMO_EMAIL, password: DEMO_PASSWORD, captcha_id: `a${LONE_HIGH}b` }, "captcha_id"],
      [{ email: DEMO_EMAIL, password: DEMO_PASSWORD, captcha_answer: `4${NUL}2` }, "captcha_answer"],
    ] as const) {
      const payload = await loginForm(t.app, form);
      const answer = await call(t.app, {
        method: "POST",
        url: "/v1/passport/user/login",
        headers: { lang: "en" },
        payload: { data: encryptForLogin(await publicKey(t.app), payload) },
      });
      expect(answer.status, field).toBeLessThan(500);
      expect(answer, field).toMatchObject(refusal(field));
    }
  });

  it("refuses a NUL in the app key of an SDK call, before looking the app up", async () => {
    expect(
      await publicCall({ url: `${SDK_CONFIG_PATH}?app_key=%00&timestamp=1700000000&sign=x` }),
    ).toMatchObject(refusal("app_key"));
    expect(
      await publicCall({
        method: "POST",
        url: `${SDK_EVENTS_PATH}?app_key=k%00&timestamp=1700000000&sign=x`,
        payload: { batch_id: "b", events: [] },
      }),
    ).toMatchObject(refusal("app_key"));
  });

  it("still takes characters outside the Basic Multilingual Plane (surrogate pairs)", async () => {
    const answer = await publicCall({ url: `/common/host?host=${encodeURIComponent("𝒜.example")}` });
    expect(answer.code).toBe(Code.Ok);
  });
});

describe("calls with a session", () => {
  it("refuses a NUL in list filters", async () => {
    for (const url of ["/v1/app/list?name=%00", "/v1/adpos/list?name=a%00", "/v1/user/list?name=%00"]) {
      expect(await callAs(t.app, demo, { url }), url).toMatchObject(refusal("name"));
    }
  });

  it("refuses a NUL or a lone surrogate in a name, and says which field", async () => {
    const app = { name: "Clean App", pkg: "com.clean.app", url: "https://clean.example" };
    for (const [change, field] of [
      [{ name: `App${NUL}` }, "name"],
      [{ name: `App ${LONE_HIGH}` }, "name"],
      [{ pkg: `com.clean${NUL}` }, "pkg"],
      [{ url: `https://clean.example/${LONE_LOW}` }, "url"],
    ] as const) {
      const answer = await callAs(t.app, demo, {
        method: "POST",
        url: "/v1/app",
        payload: { ...app, ...change },
      });
      expect(answer, JSON.stringify(change)).toMatchObject(refusal(field));
    }
  });
});

describe("signed external calls", () => {
  it("refuses a NUL or a lone surrogate in a notice's name", async () => {
    for (const name of [`EMEA${NUL}`, `EMEA${LONE_HIGH}`]) {
      const body = JSON.stringify({
        notice_id: `n-text-${name.length}-${name.charCodeAt(4)}`,
        type: NoticeType.CreateProfitCenter,
        profit_center_id: 9001,
        name,
      });
      const answer = await signedCall(t.app, "POST", "/external_api/profit_center/notice", {}, { body });
      expect(answer, JSON.stringify(name)).toMatchObject(refusal("name"));
    }
  });

  it("names the field of a row in an affiliate upload", async () => {
    const row = {
      dt: "20240501",
      sub_channel: "sub",
      offer_id: `offer${LONE_LOW}`,
      pkg_name: "com.clean.app",
      country: "US",
      click: 1,
      conversion: 1,
      refuse: 0,
      settle_amount: 1,
      payout: 1,
    };
    const body = JSON.stringify({ company_id: demo.companyId, rows: [row] });
    const answer = await signedCall(t.app, "POST", "/external_api/affiliate/stats", {}, { body });
    expect(answer).toMatchObject(refusal("rows.0.offer_id"));
  });
});
