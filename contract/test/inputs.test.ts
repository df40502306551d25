import { describe, expect, it } from "vitest";
import { hasUnstorableCharacters, unstorableTextPath } from "../src/inputs.ts";

describe("unstorable characters", () => {
  it("are NUL and lone surrogates, not surrogate pairs or other text", () => {
    for (const text of ["\u0000", "a\u0000b", "\ud800", "x\udc00", "\udc00\ud800"])
      expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(true);
    for (const text of ["", "中文", "𝒜", "😀", "tab\there", "\u0001"])
      expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(false);
  });

  it("are found anywhere in an input, with the path of their field", () => {
    expect(unstorableTextPath({ name: "ok", page_no: 1 })).toBeNull();
    expect(unstorableTextPath({ host: "a\u0000" })).toEqual(["host"]);
    expect(unstorableTextPath({ rows: [{ a: "x" }, { a: "y", offer_id: "\ud800" }] })).toEqual([
      "rows",
      "1",
      "offer_id",
    ]);
    expect(unstorableTextPath({ ids: ["1", "2\u0000"] })).toEqual(["ids", "1"]);
    expect(unstorableTextPath("\u0000")).toEqual([]);
    expect(unstorableTextPath(null)).toBeNull();
  });

  it("searches a deeply nested input without exhausting the stack", () => {
    let deep: unknown = "\u0000";
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(unstorableTextPath(deep)).toHaveLength(100_000);
  });
});
