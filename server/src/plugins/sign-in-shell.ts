/**
 * The frame drawn from the served page alone (docs/performance.md#the-first-load), over the app until the app
 * has drawn its page (web/src/app/staticShell.ts): the first paint shows the host's top bar while the app's
 * script (300 KB for sign-in, 480 KB for a report) is still on its way. A visitor without a session sees the
 * top bar and the branded side of the sign-in card; a signed-in user sees the top bar over the page's
 * background, where their menu and page will be.
 *
 * It is the markup of the web's frame (PublicTopBar, TopBar and AuthShell) with the web's class names, so the
 * page's first stylesheet lays it out the same (web/src/app/staticShell.css), in the colours antd derives from
 * the host's theme. Texts that depend on the visitor's language (kept by the browser) are left out; their lines
 * keep their height.
 */
import { generate } from "@ant-design/colors";
import {
  type CompanyInfo,
  drawnTheme,
  type FrameShades,
  frameBackgrounds,
  STATIC_SHELL_ID,
  TOKEN_COOKIE,
} from "@pc/contract";
import { escapeHtml } from "../lib/html.ts";

/** The theme's shades as antd derives them (its palette of ten, lightest first). */
function themeShades(theme: string): FrameShades {
  const palette = generate(drawnTheme(theme));
  const shade = (index: number) => palette[index] ?? "";
  return {
    colorPrimaryBg: shade(0),
    colorPrimaryBgHover: shade(1),
    colorPrimary: shade(5),
    colorPrimaryActive: shade(6),
  };
}

type Backgrounds = ReturnType<typeof frameBackgrounds>;

/** The web's BrandMark: the logo, or the name's initial on the theme colour. */
function brandMark(branding: CompanyInfo, backgrounds: Backgrounds, size: number): string {
  if (branding.logo) {
    return `<img src="${escapeHtml(branding.logo)}" alt="" class="pc-brand-logo" style="height:${size}px;max-width:${size * 4}px">`;
  }
  const initial = escapeHtml((branding.name.trim()[0] ?? "P").toUpperCase());
  const style = `width:${size}px;height:${size}px;font-size:${size * 0.5}px;background:${backgrounds.mark}`;
  return `<span class="pc-brand-initial" style="${style}">${initial}</span>`;
}

/** A line kept at the height of the text the app writes into it. */
const EMPTY_LINE = "&#8203;";

/** The shell's element up to its top bar, the brand in it; `before` goes before the brand. */
function shellWithTopBar(branding: CompanyInfo, backgrounds: Backgrounds, shellClass: string, before = "") {
  const name = escapeHtml(branding.name);
  return [
    `<div id="${STATIC_SHELL_ID}" class="${shellClass}" aria-hidden="true">`,
    `<div class="pc-header">${before}<span class="pc-brand">${brandMark(branding, backgrounds, 32)}<span class="pc-brand-name">${name}</span></span></div>`,
  ].join("");
}

/**
 * A signed-in user's frame: the top bar over the page's background. The place of the menu button that narrow
 * screens get (TopBar) keeps the brand where the app draws it.
 */
export function signedInShell(branding: CompanyInfo): string {
  const backgrounds = frameBackgrounds(themeShades(branding.theme));
  const menuButton = '<span class="pc-shell-menu-button"></span>';
  return `${shellWithTopBar(branding, backgrounds, "pc-shell pc-shell-signed-in", menuButton)}</div>`;
}

export function signInShell(branding: CompanyInfo): string {
  const backgrounds = frameBackgrounds(themeShades(branding.theme));
  const name = escapeHtml(branding.name);
  return [
    shellWithTopBar(branding, backgrounds, "pc-shell"),
    `<div class="pc-login" style="background:${backgrounds.page}"><div class="pc-login-card">`,
    `<aside class="pc-login-aside" style="background:${backgrounds.aside}">`,
    `<div class="pc-login-aside-mark">${brandMark(branding, backgrounds, 48)}</div>`,
    `<div class="pc-login-aside-name">${name || EMPTY_LINE}</div>`,
    `<div class="pc-login-aside-app">${EMPTY_LINE}</div>`,
    `<p class="pc-login-aside-tagline">${EMPTY_LINE}</p>`,
    `</aside><section class="pc-login-main"></section></div></div></div>`,
  ].join("");
}

/** Whether a page request comes from a visitor without a session (who will see the sign-in frame). */
export function isVisitor(cookieHeader: string | undefined): boolean {
  const hasToken = cookieHeader?.split(";").some((pair) => {
    const [key, value] = pair.trim().split("=");
    return key === TOKEN_COOKIE && Boolean(value);
  });
  return !hasToken;
}
