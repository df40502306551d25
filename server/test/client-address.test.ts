/**
 * The client's address behind proxies: sign-in failures are counted per address, so a
 * client must not be able to choose it by writing X-Forwarded-For. TRUST_PROXY names the hops to trust:
 * a number of proxies, or their addresses.
 */
import { Code } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_EMAIL, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { encryptForLogin } from "./support/login-form.ts";
import { loginForm, publicKey } from "./support/sign-in.ts";

/** Failures from one address past which a sign-in from it costs more captchas (captcha-debt.ts). */
const ADDRESS_THRESHOLD = 20;

/** A sign-in as it arrives through the proxies: from the nearest one, with the header the hops wrote. */
async function signInThrough(
  t: TestApp,
  input: { email: string; password: string },
  hop: { remoteAddress: string; forwardedFor?: string },
) {
  return call(t.app, {
    method: "POST",
    url: "/v1/passport/user/login",
    payload: { data: encryptForLogin(await publicKey(t.app), await loginForm(t.app, input)) },
    remoteAddress: hop.remoteAddress,
    headers: hop.forwardedFor ? { "x-forwarded-for": hop.forwardedFor } : {},
  });
}

/** Fails sign-in from the same real client, which writes a different address of its own each time. */
async function failFromOneClient(t: TestApp, hop: (attempt: number) => Parameters<typeof signInThrough>[2]) {
  for (let attempt = 0; attempt < ADDRESS_THRESHOLD; attempt++) {
    const answer = await signInThrough(
      t,
      { email: `guess${attempt}@demo.test`, password: "Wrong12345" },
      hop(attempt),
    );
    expect(answer.code).toBe(Code.BadCredentials);
  }
}

const demo = { email: DEMO_EMAIL, password: DEMO_PASSWORD };

/** The answer to a sign-in from an address past its budget: one more captcha. */
const oneMoreCaptcha = { code: Code.ParamError, data: { field: "captcha_answer", captchas: 1 } };

describe("TRUST_PROXY as a number of proxies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(() => t?.close());

  it("takes the address the load balancer saw, whatever the client wrote before it", async () => {
    const client = "203.0.113.20";
    await failFromOneClient(t, (attempt) => ({
      remoteAddress: "10.0.0.2",
      forwardedFor: `198.51.100.${attempt}, ${client}`,
    }));
    const again = await signInThrough(t, demo, {
      remoteAddress: "10.0.0.2",
      forwardedFor: `198.51.100.99, ${client}`,
    });
    expect(again).toMatchObject(oneMoreCaptcha);
    const another = await signInThrough(t, demo, { remoteAddress: "10.0.0.2", forwardedFor: "203.0.113.21" });
    expect(another.code).toBe(Code.Ok);
  });
});

describe("TRUST_PROXY as proxy addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: "10.0.0.2,10.0.1.0/24" });
  });
  afterAll(() => t?.close());

  it("skips the listed proxies and takes the first address before them", async () => {
    const client = "203.0.113.30";
    await failFromOneClient(t, (attempt) => ({
      remoteAddress: "10.0.0.2",
      forwardedFor: `198.51.100.${attempt}, ${client}, 10.0.1.7`,
    }));
    const again = await signInThrough(t, demo, {
      remoteAddress: "10.0.0.2",
      forwardedFor: `${client}, 10.0.1.7`,
    });
    expect(again).toMatchObject(oneMoreCaptcha);
  });

  it("ignores the header from an address that is not a listed proxy", async () => {
    const client = "203.0.113.40";
    await failFromOneClient(t, (attempt) => ({
      remoteAddress: client,
      forwardedFor: `198.51.100.${attempt}`,
    }));
    const again = await signInThrough(t, demo, { remoteAddress: client, forwardedFor: "198.51.100.200" });
    expect(again).toMatchObject(oneMoreCaptcha);
  });
});
