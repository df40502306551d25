/**
 * Text in the theme colour that can be read (WCAG AA: 4.5:1 on the white the console draws on). A company's
 * colour is often a light brand colour (the default green is 2.5:1): selected menu items and links, which are
 * text in it, and primary buttons, which write white on it (the same ratio), take the colour darkened until
 * it reads.
 */
import { FastColor } from "@ant-design/fast-color";

const AA_TEXT_CONTRAST = 4.5;
const DARKEN_STEP = 4;

/** The contrast ratio of two opaque colours (WCAG 2 relative luminance), 1 to 21. */
export function contrastRatio(one: string, other: string): number {
  const [light = 0, dark = 0] = [one, other]
    .map((color) => new FastColor(color).getLuminance())
    .sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast ratio of a colour against white. */
export const contrastOnWhite = (color: string): number => contrastRatio(color, "#ffffff");

/** The colour itself when it reads on white, else the least darkened shade of it that does. */
export function readableOnWhite(color: string): string {
  let shade = new FastColor(color);
  // black reads (21:1), so darkening ends within 100 / DARKEN_STEP steps
  while (contrastOnWhite(shade.toHexString()) < AA_TEXT_CONTRAST) shade = shade.darken(DARKEN_STEP);
  return shade.toHexString();
}

/** A darker shade of a readable colour, for its hover and pressed states: it reads at least as well. */
export const darkerShade = (color: string, amount: number): string =>
  new FastColor(color).darken(amount).toHexString();
