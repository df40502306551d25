/**
 * The frame drawn from the served page alone, over the app until the app has drawn its page
 * (web/src/app/staticShell.ts): the first paint shows the host's top bar while the app's script is still on
 * its way. A visitor without a session sees the top bar and the branded side of the sign-in card; a signed-in
 * user sees the top bar over the page's background, where their menu and page will be.
 *
 * The build draws both frames from the web's own parts (web/build/staticShells.tsx) with a placeholder for each
 * part of the host's branding; here they are filled in, in the colours antd derives from the host's theme.
 */
import { generate } from "@ant-design/colors";
import {
  brandInitial,
  type CompanyInfo,
  drawnTheme,
  type FrameShades,
  frameBackgrounds,
  SHELL_SLOTS,
  type StaticShells,
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

/** A line kept at the height of the text the app writes into it. */
const EMPTY_LINE = "&#8203;";

/** Each slot's placeholder and the host's value for it, made safe for HTML. */
function slotValues(branding: CompanyInfo): Map<string, string> {
  const backgrounds = frameBackgrounds(themeShades(branding.theme));
  return new Map([
    [SHELL_SLOTS.name, escapeHtml(branding.name) || EMPTY_LINE],
    [SHELL_SLOTS.initial, escapeHtml(brandInitial(branding.name))],
    [SHELL_SLOTS.logo, escapeHtml(branding.logo)],
    // drawn from a hex colour (drawnTheme): nothing in them to escape
    [SHELL_SLOTS.markBackground, backgrounds.mark],
    [SHELL_SLOTS.pageBackground, backgrounds.page],
    [SHELL_SLOTS.asideBackground, backgrounds.aside],
  ]);
}

const SLOT_PLACEHOLDER = new RegExp(Object.values(SHELL_SLOTS).join("|"), "g");

/** The build's frame for a visitor (the sign-in frame) or a signed-in user (the top bar), in the host's branding. */
export function brandedShell(shells: StaticShells, branding: CompanyInfo, visitor: boolean): string {
  const frame = visitor ? shells.signIn : shells.signedIn;
  const values = slotValues(branding);
  return (branding.logo ? frame.logo : frame.initial).replace(
    SLOT_PLACEHOLDER,
    (placeholder) => values.get(placeholder) ?? placeholder,
  );
}

/** Whether a page request comes from a visitor without a session (who will see the sign-in frame). */
export function isVisitor(cookieHeader: string | undefined): boolean {
  const hasToken = cookieHeader?.split(";").some((pair) => {
    const [key, value] = pair.trim().split("=");
    return key === TOKEN_COOKIE && Boolean(value);
  });
  return !hasToken;
}
