import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTES_FILE, routesModule } from "../scripts/routes.ts";
import { allEndpoints } from "../src/endpoints.ts";
import * as generated from "../src/routes.ts";

describe("routes.ts", () => {
  it("is what the endpoint definitions make (run `npm run routes -w contract` after changing one)", () => {
    expect(readFileSync(ROUTES_FILE, "utf8")).toBe(routesModule());
  });

  it("holds every endpoint's method and path", () => {
    const routes = Object.values(generated).flatMap((area) => Object.values(area));
    const pairs = (list: { method: string; path: string }[]) =>
      list.map(({ method, path }) => `${method} ${path}`).sort();
    expect(pairs(routes)).toEqual(pairs(allEndpoints()));
  });
});
