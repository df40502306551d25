/**
 * The antd theme of a company's console, from its colour: the colour itself where it decorates, its readable
 * shade (readableColor.ts) wherever text is written in it or white is written on it. The console's frame
 * (providers.tsx) and the branding screen's preview draw with it, so the preview shows what users will see.
 */
import type { ThemeConfig } from "antd";
import { darkerShade, readableOnWhite } from "./readableColor.ts";

/**
 * Secondary text and placeholders (antd's greys are 3.4:1 and 1.8:1 on white): the value of --pc-text-muted
 * in global.css.
 */
const MUTED_TEXT = "rgba(0, 0, 0, 0.6)";

/**
 * The components that write white on the theme colour or text in it (a primary button, the current page, a
 * picked date, the selected tab or radio button) draw in its readable shade, hover and press darker still.
 */
function inReadableShade(textColor: string) {
  const shades = {
    colorPrimary: textColor,
    colorPrimaryHover: darkerShade(textColor, 6),
    colorPrimaryActive: darkerShade(textColor, 12),
  };
  return {
    Button: shades,
    Pagination: shades,
    DatePicker: shades,
    Tabs: shades,
    Radio: shades,
    Steps: shades,
  };
}

export function brandTheme(colorPrimary: string) {
  const textColor = readableOnWhite(colorPrimary);
  return {
    token: {
      colorPrimary,
      colorLink: textColor,
      colorTextDescription: MUTED_TEXT,
      colorTextPlaceholder: MUTED_TEXT,
    },
    components: {
      ...inReadableShade(textColor),
      Menu: {
        itemSelectedColor: textColor,
        horizontalItemSelectedColor: textColor,
        subMenuItemSelectedColor: textColor,
      },
    },
  } satisfies ThemeConfig;
}
