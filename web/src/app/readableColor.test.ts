import { DEFAULT_THEME } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { contrastOnWhite, readableOnWhite } from "./readableColor.ts";

describe("text in the theme colour", () => {
  it("darkens a light brand colour until it reads on white (4.5:1), keeping a dark one as it is", () => {
    expect(contrastOnWhite(DEFAULT_THEME)).toBeLessThan(4.5);
    for (const light of [DEFAULT_THEME, "#D4380D", "#FADB14", "#ffffff"]) {
      const text = readableOnWhite(light);
      expect(contrastOnWhite(text), light).toBeGreaterThanOrEqual(4.5);
      expect(contrastOnWhite(text), light).toBeLessThan(6);
    }
    expect(readableOnWhite("#531dab")).toBe("#531dab");
  });
});
