import { FastColor } from "@ant-design/fast-color";
import { LANG_STORAGE_KEY, TOKEN_COOKIE, TOKEN_LIFETIME_DAYS } from "@pc/contract";
import { expect, type Locator, type Page } from "@playwright/test";
import { tokenOverHttp } from "../../server/test/support/http-sign-in.ts";
import { contrastRatio, readableOnWhite } from "../../web/src/app/readableColor.ts";
import { PORT } from "../ports.ts";

export const DEMO = { email: "admin@demo.test", password: "Demo12345", name: "Demo Admin" };
/** The demo seed's operator admin (the platform company's super admin: report management). */
export const OPERATOR = { email: "operator@platform.test", password: "Demo12345", name: "Platform Operator" };
/** The server under test runs with CAPTCHA_FIXED_ANSWER=42. */
export const CAPTCHA = "42";

export type Lang = "zh" | "en";

export const TEXT = {
  zh: {
    accept: /接\s?受/,
    noPermission: "没有权限,请联系管理员添加权限",
    badCredentials: "用户名或密码错误",
    locked: "登录失败次数过多",
  },
  en: {
    accept: /Accept/,
    noPermission: "No permission, please contact the administrator to add it",
    badCredentials: "Wrong username or password",
    locked: "Too many failed sign-in attempts",
  },
} as const;

export async function chooseLanguage(page: Page, lang: Lang) {
  // retried: the dropdown opens on hover as well as click, so a click can close it again
  await expect(async () => {
    await page.getByTestId("lang-switch").click();
    await page.getByRole("menuitem", { name: lang === "en" ? "English" : "中文" }).click({ timeout: 3000 });
    await expect(page.locator("html")).toHaveAttribute("lang", lang === "en" ? "en" : /^zh/, {
      timeout: 3000,
    });
  }).toPass({ timeout: 20_000 });
}

/**
 * The sign-in form. The router renders a page in a transition, so right after a navigation to /login the
 * previous page (register, reset password: the same field ids) can still be the one on screen.
 */
export const loginForm = (page: Page) => page.locator("form.pc-login-form");

export async function fillLogin(page: Page, email: string, password: string, captcha = CAPTCHA) {
  const form = loginForm(page);
  await form.locator("#email").fill(email);
  await form.locator("#password").fill(password);
  await form.locator("#captcha_answer").fill(captcha);
  await form.locator("button[type=submit]").click();
}

/**
 * antd's Watermark paints the text into a repeated data-URL background over the page: true once such a
 * background shows drawn text (any pixel that is not transparent; an empty mark has none).
 */
export function hasWatermark(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll<HTMLElement>("div[style]"))
      .map((element) => /^url\("(data:image[^"]+)"\)$/.exec(element.style.backgroundImage)?.[1])
      .filter((url): url is string => Boolean(url));
    for (const url of images) {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      context?.drawImage(image, 0, 0);
      const pixels = context?.getImageData(0, 0, image.width, image.height).data ?? [];
      for (let alpha = 3; alpha < pixels.length; alpha += 4) if ((pixels[alpha] ?? 0) > 0) return true;
    }
    return false;
  });
}

/**
 * Signs in as a user (e.g. OPERATOR) as set-up for a test about something else, and opens `path`: the sign-in
 * call the login page makes, sent over HTTP (server/test/support/http-sign-in.ts), its token in the page's
 * cookie and the language in the page's storage, where the login page keeps them. A sign-in through the page
 * and its cookie notice took 3–5 s of each test; the session specs drive the page itself (`fillLogin`).
 */
export async function signInAs(
  page: Page,
  user: { email: string; password: string },
  lang: Lang = "zh",
  path = "/",
) {
  const origin = `http://127.0.0.1:${PORT}`;
  const token = await tokenOverHttp(origin, user.email, user.password);
  await page.context().addCookies([
    {
      name: TOKEN_COOKIE,
      value: token,
      url: origin,
      expires: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_DAYS * 86_400,
      sameSite: "Lax",
    },
  ]);
  // the page's storage is the origin's: a plain answer of the server opens it without loading the app
  await page.goto("/healthz");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANG_STORAGE_KEY, lang] as const);
  await page.goto(path);
}

/** Signs in as the demo publisher's admin. */
export const signIn = (page: Page, lang: Lang = "zh", path = "/") => signInAs(page, DEMO, lang, path);

/** A message toast with this text; the newest when an earlier one with the same text is still fading out. */
export const toast = (page: Page, text: string) =>
  page.locator(".ant-message-notice").filter({ hasText: text }).last();

/**
 * Opens `path` with the app's scripts held back (the frame the server drew into the page is all there is) and
 * waits for the stylesheets the first paint waits for; answers what lets the scripts go.
 */
export async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // "load" would wait for the held scripts
  await page.goto(path, { waitUntil: "commit" });
  // the browser paints once the stylesheets are in; a measurement does not wait for them
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((link) => link.sheet),
      ),
    )
    .toBe(true);
  return releaseScripts;
}

/**
 * The WCAG contrast ratio of an element's text against what it is drawn on: its own or its nearest
 * ancestor's background colour (translucent colours laid over white, as the console's page is).
 */
export async function textContrast(locator: Locator): Promise<number> {
  const { text, background } = await locator.evaluate((element) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const over = ([r = 0, g = 0, b = 0, a = 1]: number[], [R = 255, G = 255, B = 255]: number[]) =>
      [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)].map(Math.round);
    let background = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = channels(getComputedStyle(node).backgroundColor);
      if ((color[3] ?? 1) > 0) {
        background = over(color, [255, 255, 255]);
        break;
      }
    }
    const rgb = (color: number[]) => `rgb(${color.join(", ")})`;
    return {
      text: rgb(over(channels(getComputedStyle(element).color), background)),
      background: rgb(background),
    };
  });
  return contrastRatio(text, background);
}

/** A primary button's background for a theme colour (its readable shade), as the browser reports it. */
export function primaryButtonRgb(theme: string): string {
  const { r, g, b } = new FastColor(readableOnWhite(theme)).toRgb();
  return `rgb(${r}, ${g}, ${b})`;
}
