import { Flag, MESSAGES } from "@pc/contract";
import { describe, expect, it } from "vitest";
import {
  addGroup,
  canDeleteGroup,
  deleteGroup,
  EMPTY_FLOOR,
  emptyGroup,
  type FloorForm,
  floorIssues,
  floorPayload,
  parseFloor,
  setCountrySwitch,
} from "./floorPrice.ts";

const on = (form: Partial<FloorForm>): FloorForm => ({
  default_bottom_price: 0.5,
  country_open_flag: Flag.On,
  country_open_items: [{ countrys: ["US"], price: 1 }],
  ...form,
});

describe("the per-country switch", () => {
  it("turned on creates one empty group", () => {
    const next = setCountrySwitch(EMPTY_FLOOR, true);
    expect(next.country_open_flag).toBe(Flag.On);
    expect(next.country_open_items).toEqual([{ countrys: [], price: null }]);
  });

  it("turned off clears every group and keeps the default price", () => {
    const next = setCountrySwitch(on({ country_open_items: [emptyGroup(), emptyGroup()] }), false);
    expect(next).toEqual({ default_bottom_price: 0.5, country_open_flag: Flag.Off, country_open_items: [] });
  });
});

describe("groups", () => {
  it("adds an empty group at the end", () => {
    expect(addGroup([{ countrys: ["US"], price: 1 }])).toEqual([
      { countrys: ["US"], price: 1 },
      emptyGroup(),
    ]);
  });

  it("deletes a group but never the last one", () => {
    const us = { countrys: ["US"], price: 1 };
    const two = [us, { countrys: ["CA"], price: 2 }];
    expect(deleteGroup(two, 0)).toEqual([{ countrys: ["CA"], price: 2 }]);
    expect(canDeleteGroup(two)).toBe(true);
    expect(canDeleteGroup([us])).toBe(false);
    expect(deleteGroup([us], 0)).toEqual([us]);
    expect(deleteGroup(two, 5)).toEqual(two);
  });
});

describe("parseFloor", () => {
  it("reads a saved setting", () => {
    const text = JSON.stringify({
      default_bottom_price: 0.33,
      country_open_flag: 1,
      country_open_items: [{ countrys: ["US", "CA"], price: 1.2 }],
    });
    expect(parseFloor(text)).toEqual({
      default_bottom_price: 0.33,
      country_open_flag: Flag.On,
      country_open_items: [{ countrys: ["US", "CA"], price: 1.2 }],
    });
  });

  it("shows one empty group for a switch that is on without groups, none when off", () => {
    expect(
      parseFloor('{"default_bottom_price":1,"country_open_flag":1,"country_open_items":[]}')
        .country_open_items,
    ).toEqual([emptyGroup()]);
    expect(
      parseFloor(
        '{"default_bottom_price":null,"country_open_flag":2,"country_open_items":[{"countrys":["US"],"price":1}]}',
      ),
    ).toEqual(EMPTY_FLOOR);
  });

  it("treats an empty or unreadable value as no floor", () => {
    expect(parseFloor("")).toEqual(EMPTY_FLOOR);
    expect(parseFloor("{oops")).toEqual(EMPTY_FLOOR);
    expect(parseFloor("[]")).toEqual(EMPTY_FLOOR);
  });
});

describe("floorIssues (the contract's rules per field)", () => {
  it("accepts a complete setting and no floor at all", () => {
    expect(floorIssues(on({})).size).toBe(0);
    expect(floorIssues(EMPTY_FLOOR).size).toBe(0);
  });

  it("requires the default price once the switch is on", () => {
    const issues = floorIssues(on({ default_bottom_price: null }));
    expect(issues.get("default_bottom_price")).toBe("bottomPriceDefaultRequired");
    expect(MESSAGES.bottomPriceDefaultRequired.en).toBe("The default price must be entered");
  });

  it("does not require the default price with the switch off", () => {
    expect(floorIssues({ ...EMPTY_FLOOR, default_bottom_price: null }).size).toBe(0);
  });

  it("requires countries and a price in every group", () => {
    const issues = floorIssues(on({ country_open_items: [{ countrys: ["US"], price: 1 }, emptyGroup()] }));
    expect(issues.get("country_open_items.1.countrys")).toBe("bottomPriceCountriesRequired");
    expect(issues.get("country_open_items.1.price")).toBe("bottomPricePriceRequired");
    expect(issues.has("country_open_items.0.countrys")).toBe(false);
  });

  it("refuses a country chosen in two groups with the catalogue's message", () => {
    const issues = floorIssues(
      on({
        country_open_items: [
          { countrys: ["US", "CA"], price: 1 },
          { countrys: ["GB", "CA"], price: 2 },
        ],
      }),
    );
    expect(issues.get("country_open_items.1.countrys")).toBe("bottomPriceCountryDuplicated");
  });

  it("refuses negative prices and more than 4 decimals, on the field", () => {
    expect(floorIssues(on({ default_bottom_price: -1 })).get("default_bottom_price")).toBe(
      "bottomPriceInvalid",
    );
    const issues = floorIssues(on({ country_open_items: [{ countrys: ["US"], price: 1.23456 }] }));
    expect(issues.get("country_open_items.0.price")).toBe("bottomPriceInvalid");
    expect(floorIssues(on({ country_open_items: [{ countrys: ["US"], price: 1.2345 }] })).size).toBe(0);
  });

  it("reports an unknown country on the group's countries field", () => {
    const issues = floorIssues(on({ country_open_items: [{ countrys: ["US", "XX"], price: 1 }] }));
    expect(issues.get("country_open_items.0.countrys")).toBe("bottomPriceCountryUnknown");
  });
});

describe("floorPayload", () => {
  it("is the setting as a JSON string", () => {
    const form = on({
      default_bottom_price: 0.5,
      country_open_items: [{ countrys: ["US", "CA"], price: 1.2 }],
    });
    expect(JSON.parse(floorPayload(form))).toEqual({
      default_bottom_price: 0.5,
      country_open_flag: 1,
      country_open_items: [{ countrys: ["US", "CA"], price: 1.2 }],
    });
  });

  it("sends no group when the switch is off", () => {
    const form: FloorForm = {
      default_bottom_price: 0.2,
      country_open_flag: Flag.Off,
      country_open_items: [emptyGroup()],
    };
    expect(JSON.parse(floorPayload(form))).toEqual({
      default_bottom_price: 0.2,
      country_open_flag: 2,
      country_open_items: [],
    });
  });
});
