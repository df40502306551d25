/**
 * What the page the server serves (index.html) and the web share: the ids of the elements the server writes
 * into it (server/src/plugins/web.ts; web/src/app/pageBranding.ts and staticShell.ts read them), the session's
 * cookie, and the theme colour both draw with.
 */
import { DEFAULT_THEME } from "./enums.ts";

/** `<script type="application/json">` with the host's branding (GET /common/host's answer). */
export const PAGE_BRANDING_ID = "pc-host";

/** The frame drawn from the served page alone (sign-in or signed-in), until the app has drawn the page itself. */
export const STATIC_SHELL_ID = "pc-shell";

/** The build's page for a visitor without a session (beside index.html): the app's script follows its paint. */
export const VISITOR_PAGE = "visitor.html";

/** The build's list of the files each page needs beyond the first load's (web/build/pageFiles.ts). */
export const PAGE_FILES = "page-files.json";

/**
 * The scripts and stylesheets (paths from the site's root) of the signed-in frame, and of each page by its path.
 * The server names them in a signed-in user's page, so the browser fetches them beside the first load's files
 * instead of after those have run.
 */
export interface PageFiles {
  frame: string[];
  pages: Record<string, string[]>;
}

/** The build's frames for the served page (web/build/staticShells.tsx), drawn with the slots below in place of the host's branding. */
export const STATIC_SHELLS = "static-shells.json";

/** What the server fills into a frame the build drew: each slot's placeholder, written where its value goes. */
export const SHELL_SLOTS = {
  name: "__PC_BRAND_NAME__",
  initial: "__PC_BRAND_INITIAL__",
  logo: "__PC_BRAND_LOGO__",
  markBackground: "__PC_MARK_BACKGROUND__",
  pageBackground: "__PC_PAGE_BACKGROUND__",
  asideBackground: "__PC_ASIDE_BACKGROUND__",
} as const;

export type ShellSlot = keyof typeof SHELL_SLOTS;

/** The mark of a company without a logo: its name's initial. */
export const brandInitial = (name: string | undefined) => (name?.trim()[0] ?? "P").toUpperCase();

/** A frame drawn for a host with a logo and for one without, whose mark is its name's initial. */
export interface ShellVariants {
  logo: string;
  initial: string;
}

/** The visitor's sign-in frame and the signed-in user's top bar. */
export interface StaticShells {
  signIn: ShellVariants;
  signedIn: ShellVariants;
}

/** The cookie the web keeps the session token in (docs/rules/entities.md); a page request without it is a visitor's. */
export const TOKEN_COOKIE = "token";

const DRAWABLE_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * The colour a page is drawn in (the web's antd theme, the served page's sign-in shell): the company's theme
 * when it is a hex colour (older rows may hold a short or translucent one), else the default green.
 */
export function drawnTheme(value: string | undefined): string {
  return value && DRAWABLE_COLOR.test(value.trim()) ? value.trim() : DEFAULT_THEME;
}

/** The theme's shades the sign-in frame is drawn in, by antd's names for them. */
export interface FrameShades {
  colorPrimary: string;
  colorPrimaryActive: string;
  colorPrimaryBg: string;
  colorPrimaryBgHover: string;
}

/** The sign-in frame's backgrounds, one recipe for the web's (AuthShell, BrandMark) and the served page's. */
export const frameBackgrounds = (shades: FrameShades) => ({
  page: `radial-gradient(circle at 15% 20%, ${shades.colorPrimaryBg} 0, transparent 45%), radial-gradient(circle at 85% 80%, ${shades.colorPrimaryBgHover} 0, transparent 40%), #f5f7fa`,
  aside: `linear-gradient(150deg, ${shades.colorPrimary} 0%, ${shades.colorPrimaryActive} 100%)`,
  mark: `linear-gradient(135deg, ${shades.colorPrimary}, ${shades.colorPrimaryActive})`,
});
