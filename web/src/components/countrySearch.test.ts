import { describe, expect, it } from "vitest";
import { compareCountries, countryMatches } from "./countrySearch.ts";

const us = { value: "US", name: "美国 United States" };
const au = { value: "AU", name: "澳大利亚 Australia" };
const um = { value: "UM", name: "美国本土外小岛屿 U.S. Outlying Islands" };

describe("country search", () => {
  it("matches the code or either name, ignoring case and spaces around", () => {
    expect(countryMatches(" us ", us)).toBe(true);
    expect(countryMatches("united", us)).toBe(true);
    expect(countryMatches("美国", us)).toBe(true);
    expect(countryMatches("canada", us)).toBe(false);
    expect(countryMatches("", us)).toBe(true);
  });

  it("puts the typed code first, then codes starting with it, then other matches", () => {
    const sorted = [au, um, us].sort((a, b) => compareCountries("us", a, b));
    expect(sorted.map((c) => c.value)).toEqual(["US", "AU", "UM"]);
    const byPrefix = [au, us, um].sort((a, b) => compareCountries("u", a, b));
    expect(byPrefix.map((c) => c.value)).toEqual(["UM", "US", "AU"]);
    const all = { value: "ALL", name: "全部 All" };
    const al = { value: "AL", name: "阿尔巴尼亚 Albania" };
    expect([all, al].sort((a, b) => compareCountries("", a, b)).map((c) => c.value)).toEqual(["ALL", "AL"]);
  });
});
