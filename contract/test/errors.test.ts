import { describe, expect, it } from "vitest";
import { MESSAGES, messageSection } from "../src/index.ts";

describe("the message section of the i18n catalogues", () => {
  it("holds every message of the catalogue in the language asked for", () => {
    expect(Object.keys(messageSection("zh"))).toEqual(Object.keys(MESSAGES));
    expect(messageSection("zh").emailRequired).toBe(MESSAGES.emailRequired.zh);
    expect(messageSection("en").emailRequired).toBe(MESSAGES.emailRequired.en);
  });
});
