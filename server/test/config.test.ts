/**
 * The environment as config.ts reads it (docs/configuration.md): what it accepts, and what it refuses naming
 * the variable.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

const SECRETS = {
  CALLER_SECRET: "a-real-caller-secret-of-32-characters",
  EXTERNAL_API_SECRET: "a-real-external-secret-of-32-characters",
};
const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587", ...SECRETS };

describe("configuration", () => {
  it("accepts production with real secrets", () => {
    expect(loadConfig(production).NODE_ENV).toBe("production");
  });

  it("refuses production with the test captcha or the dev secrets", () => {
    expect(() => loadConfig({ ...production, CAPTCHA_FIXED_ANSWER: "42" })).toThrow(/CAPTCHA_FIXED_ANSWER/);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/CALLER_SECRET.*EXTERNAL_API_SECRET/);
  });

  it("refuses invalid values with the variable's name", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTO_PUBLISH: "maybe" })).toThrow(/AUTO_PUBLISH/);
  });
});

describe("mail", () => {
  it("refuses production without SMTP_URL: the codes must be mailed, never kept or logged", () => {
    const { SMTP_URL, ...withoutSmtp } = production;
    expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL must be set in production/);
    expect(loadConfig(production).SMTP_URL).toBe(SMTP_URL);
  });
});

describe("demo seed and secrets", () => {
  it("refuses the demo seed in production: it creates users with a known password", () => {
    expect(() => loadConfig({ ...production, DEMO_SEED: "true" })).toThrow(/DEMO_SEED/);
    expect(loadConfig({ ...production, DEMO_SEED: "false" }).DEMO_SEED).toBe(false);
    expect(loadConfig({ DEMO_SEED: "true" }).DEMO_SEED).toBe(true);
  });

  it("refuses a caller or external secret shorter than 32 characters", () => {
    const short = "eight-ch";
    expect(() => loadConfig({ ...production, CALLER_SECRET: short })).toThrow(/CALLER_SECRET/);
    expect(() => loadConfig({ ...production, EXTERNAL_API_SECRET: "x".repeat(31) })).toThrow(
      /EXTERNAL_API_SECRET/,
    );
    expect(() => loadConfig({ CALLER_SECRET: short })).toThrow(/CALLER_SECRET/);
    expect(
      loadConfig({ ...production, EXTERNAL_API_SECRET: "x".repeat(32) }).EXTERNAL_API_SECRET,
    ).toHaveLength(32);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a number of proxies or their addresses, and is off by default", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.2, 10.1.0.0/16,fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.2",
      "10.1.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses true, which would let the client choose its own address, and what is not an address", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY true would trust every hop/);
    for (const value of ["yes", "10.0.0.300", "10.0.0.0/33", "10.0.0.1,", "proxy.example"])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });
});

describe("REQUEST_TIMEOUT_SECONDS", () => {
  it("is 30 s by default and takes whole seconds from 1", () => {
    expect(loadConfig({}).REQUEST_TIMEOUT_SECONDS).toBe(30);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: "5" }).REQUEST_TIMEOUT_SECONDS).toBe(5);
    for (const value of ["0", "1.5", "soon"])
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: value }), value).toThrow(/REQUEST_TIMEOUT_SECONDS/);
  });
});

describe("METRICS_TOKEN and API_DOCS", () => {
  it("serves the API documentation by default except in production", () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig(production).API_DOCS).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: "true" }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: "false" }).API_DOCS).toBe(false);
  });

  it("takes a metrics token of at least 32 characters", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_TOKEN: "m".repeat(32) }).METRICS_TOKEN).toBe("m".repeat(32));
  });
});
