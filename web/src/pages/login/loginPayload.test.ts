import { LOGIN_CALLER, PLAT_TYPE, signingString } from "@pc/contract";
import SparkMD5 from "spark-md5";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callerSecret, DEV_CALLER_SECRET, encryptLoginForm, signedLoginForm } from "./loginPayload.ts";

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: 4096, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["encrypt", "decrypt"],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${base64.replace(/.{64}/g, "$&\n")}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

const input = {
  email: " Admin@Demo.Test ",
  password: "Demo12345",
  captcha_id: "cid",
  captcha_answer: " 42 ",
};

describe("login payload", () => {
  it("builds the signed form: md5 password, plat_type 3, caller, timestamp and sign", async () => {
    const form = await signedLoginForm(input, "secret", 1_700_000_000);
    expect(form).toMatchObject({
      email: "admin@demo.test",
      password: SparkMD5.hash("Demo12345"),
      captcha_id: "cid",
      captcha_answer: "42",
      plat_type: PLAT_TYPE,
      caller: LOGIN_CALLER,
      timestamp: 1_700_000_000,
    });
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("secret"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const { sign, ...unsigned } = form;
    const expected = new Uint8Array(
      await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(signingString(unsigned, 1_700_000_000))),
    );
    expect(sign).toBe(Array.from(expected, (b) => b.toString(16).padStart(2, "0")).join(""));
  });

  it("carries and signs the captcha pass only when the server asked for more captchas", async () => {
    expect(await signedLoginForm(input, "secret", 1_700_000_000)).not.toHaveProperty("captcha_pass");
    const form = await signedLoginForm({ ...input, captcha_pass: "pass-1" }, "secret", 1_700_000_000);
    expect(form.captcha_pass).toBe("pass-1");
    const { sign, ...unsigned } = form;
    expect(signingString(unsigned, 1_700_000_000)).toContain("pass-1");
    expect(sign).not.toBe((await signedLoginForm(input, "secret", 1_700_000_000)).sign);
  });

  it("encrypts it with RSA-OAEP/SHA-256 so the server can read it", async () => {
    const { pem, privateKey } = await keyPair();
    const data = await encryptLoginForm(input, pem, "secret");
    const cipher = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: "RSA-OAEP" }, privateKey, cipher);
    const form = JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
    expect(form.email).toBe("admin@demo.test");
    expect(form.sign).toMatch(/^[0-9a-f]{64}$/);

    // the longest form the fields allow still fits one 4096-bit OAEP block
    const longest = {
      email: `${"a".repeat(90)}@demo.test`,
      password: "x",
      captcha_id: "c".repeat(64),
      captcha_answer: "9".repeat(16),
    };
    await expect(encryptLoginForm(longest, pem, "secret")).resolves.toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  describe("without Web Crypto (plain HTTP on a host that is not localhost)", () => {
    afterEach(() => vi.unstubAllGlobals());
    const withoutSubtle = () =>
      vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) } as Crypto);

    it("signs and encrypts the same form, which the server's key reads", async () => {
      const { pem, privateKey } = await keyPair();
      const viaWebCrypto = await signedLoginForm(input, "secret", 1_700_000_000);
      const decrypt = crypto.subtle.decrypt.bind(crypto.subtle);
      withoutSubtle();
      expect(globalThis.crypto.subtle).toBeUndefined();
      expect(await signedLoginForm(input, "secret", 1_700_000_000)).toEqual(viaWebCrypto);
      const data = await encryptLoginForm(input, pem, "secret");
      vi.unstubAllGlobals();
      const cipher = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const plain = await decrypt({ name: "RSA-OAEP" }, privateKey, cipher);
      const form = JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
      expect(form).toMatchObject({ email: "admin@demo.test", password: SparkMD5.hash("Demo12345") });
      expect(form.sign).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it("reads the caller secret from index.html, with the dev value for the placeholder", () => {
    const doc = document.implementation.createHTMLDocument();
    const meta = doc.createElement("meta");
    meta.name = "pc-caller-secret";
    meta.content = "__CALLER_SECRET__";
    doc.head.append(meta);
    expect(callerSecret(doc)).toBe(DEV_CALLER_SECRET);
    meta.content = "prod-secret";
    expect(callerSecret(doc)).toBe("prod-secret");
  });
});
