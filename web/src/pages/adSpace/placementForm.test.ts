import { AD_STYLES, AdStyle, Flag } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { contentTypesOf, fieldsForStyle, materialSizes } from "./placementForm.ts";

describe("choosing an ad style", () => {
  it("resets the content types to all the style allows", () => {
    expect(fieldsForStyle(AdStyle.Banner, Flag.Off).content_type).toEqual([5, 6]);
    expect(fieldsForStyle(AdStyle.Native, Flag.Off).content_type).toEqual([1, 2, 3, 4]);
    expect(fieldsForStyle(AdStyle.Interstitial, Flag.Off).content_type).toEqual([1, 2, 3, 4]);
    expect(fieldsForStyle(AdStyle.RewardVideo, Flag.Off).content_type).toEqual([3, 4]);
  });

  it("keeps auto rotation for Banner only", () => {
    expect(fieldsForStyle(AdStyle.Banner, Flag.On).auto_rotation).toBe(Flag.On);
    expect(fieldsForStyle(AdStyle.Native, Flag.On).auto_rotation).toBe(Flag.Off);
  });

  it("clears the content types without a style", () => {
    expect(fieldsForStyle(undefined, Flag.On)).toEqual({ content_type: [], auto_rotation: Flag.Off });
  });

  it("offers the 4 ad styles in order", () => {
    expect(AD_STYLES).toEqual([1, 2, 3, 4]);
  });
});

describe("contentTypesOf", () => {
  it("reads a stored list, keeping what the style allows", () => {
    expect(contentTypesOf("1,3", AdStyle.Native)).toEqual([1, 3]);
    expect(contentTypesOf("1, 5,6", AdStyle.Banner)).toEqual([5, 6]);
    expect(contentTypesOf("1", 9)).toEqual([]);
  });
});

describe("materialSizes", () => {
  it("shows 1280×720 horizontal (16:9), 640×960 vertical (2:3), 320×50 and 300×250", () => {
    expect(materialSizes({ horizontal: "horizontal", vertical: "vertical" })).toEqual([
      "horizontal 1280×720 (16:9)",
      "vertical 640×960 (2:3)",
      "320×50",
      "300×250",
    ]);
  });
});
