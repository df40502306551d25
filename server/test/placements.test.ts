/**
 * Placements API and floor prices: every call, the ad style rules, every floor-price
 * refusal, and another company's ids on every endpoint.
 */
import {
  AdStyle,
  type AdStyleValue,
  ALLOWED_CONTENT_TYPES,
  type AppRow,
  type BottomPrice,
  Code,
  type ExistAnswer,
  Flag,
  MESSAGES,
  type MessageKey,
  type PlacementListAnswer,
  type PlacementRow,
  type PositionOption,
} from "@pc/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { auditRowsOf } from "./support/audit.ts";
import { callAs, demoPublisher, otherPublisher, type Publisher } from "./support/publisher.ts";

let t: TestApp;
let demo: Publisher;
let other: Publisher;
let myApp: AppRow;
let otherApp: AppRow;
let otherPlacement: PlacementRow;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoPublisher(db());
  other = await otherPublisher(db(), "Other Placements Co");
  myApp = (await createApp(demo, { name: "Placement Host", pkg: "com.placement.host" })).data;
  otherApp = (await createApp(other, { name: "Their Host", pkg: "com.their.host" })).data;
  otherPlacement = (
    await create(
      {
        app_id: otherApp.id,
        name: "Their Banner",
        ad_style: 1,
        content_type: "5",
        country_bottom_price: floors(twoGroups),
      },
      other,
    )
  ).data;
});
afterAll(() => t.close());

const db = () => t.runtime.database.db;
const as = <T = unknown>(who: Publisher, options: InjectOptions, lang: "zh" | "en" = "en") =>
  callAs<T>(t.app, who, options, lang);
const createApp = (who: Publisher, body: { name: string; pkg: string }) =>
  as<AppRow>(who, { method: "POST", url: "/v1/app", payload: { ...body, url: "https://host.test" } });
const list = (query: Record<string, string>, who = demo, lang: "zh" | "en" = "en") =>
  as<PlacementListAnswer>(who, { method: "GET", url: "/v1/adpos/list", query }, lang);
const create = (body: Record<string, unknown>, who = demo, lang: "zh" | "en" = "en") =>
  as<PlacementRow>(who, { method: "POST", url: "/v1/adpos", payload: body }, lang);
const update = (body: Record<string, unknown>, who = demo, lang: "zh" | "en" = "en") =>
  as<PlacementRow>(who, { method: "PUT", url: "/v1/adpos", payload: body }, lang);
const remove = (id: number | string, who = demo) =>
  as<null>(who, { method: "DELETE", url: "/v1/adpos", query: { id: String(id) } });

const floors = (setting: Record<string, unknown>) => JSON.stringify(setting);
const twoGroups: BottomPrice = {
  default_bottom_price: 0.5,
  country_open_flag: Flag.On,
  country_open_items: [
    { countrys: ["US", "CA"], price: 1.2 },
    { countrys: ["GB", "DE", "FR"], price: 0.8765 },
  ],
};

let serial = 0;
const newPlacement = (change: Record<string, unknown> = {}) => {
  serial += 1;
  return { app_id: myApp.id, name: `Slot ${serial}`, ad_style: 2, content_type: "1,2,3,4", ...change };
};

const placementRow = (id: number) =>
  db().selectFrom("ad_position").selectAll().where("id", "=", id).executeTakeFirst();
const floorRows = async (id: number) => ({
  groups: await db()
    .selectFrom("ad_position_floor_group")
    .selectAll()
    .where("ad_position_id", "=", id)
    .orderBy("group_no")
    .execute(),
  countries: await db()
    .selectFrom("ad_position_floor_country")
    .selectAll()
    .where("ad_position_id", "=", id)
    .orderBy("group_no")
    .orderBy("position")
    .execute(),
});

function expectRefused(answer: { code: number; msg: string; data: unknown }, key: MessageKey, field: string) {
  expect(answer).toMatchObject({ code: Code.ParamError, msg: MESSAGES[key].en, data: { field } });
}

describe("GET /v1/adpos/list", () => {
  it("answers the company's placements with app object, app_name, content types and floors as strings", async () => {
    const answer = await list({ page_size: "40" });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.total).toBeGreaterThanOrEqual(40);
    const row = answer.data.list.find((r) => r.name === "Puzzle Quest Banner");
    expect(row).toMatchObject({ app_name: "Puzzle Quest", ad_style: AdStyle.Banner, content_type: "5,6" });
    expect(row?.app).toEqual({ id: row?.app_id, name: "Puzzle Quest" });
    const setting = JSON.parse(row?.country_bottom_price ?? "") as BottomPrice;
    expect(setting).toMatchObject({ country_open_flag: Flag.On });
    expect(setting.country_open_items.length).toBeGreaterThanOrEqual(2);
    expect(answer.data.list.some((r) => r.id === otherPlacement.id)).toBe(false);
  });

  it("filters by id, name, ad style and app name; pages 10 by default", async () => {
    expect((await list({})).data.list).toHaveLength(10);
    const one = (await list({ name: "puzzle quest native" })).data.list;
    expect(one.map((r) => r.name)).toEqual(["Puzzle Quest Native"]);
    const byId = await list({ id: ` ${one[0]?.id} ` });
    expect(byId.data.list.map((r) => r.id)).toEqual([one[0]?.id]);
    const banners = await list({ ad_style: "1", page_size: "40" });
    expect(banners.data.list.every((r) => r.ad_style === AdStyle.Banner)).toBe(true);
    expect(banners.data.total).toBeGreaterThanOrEqual(10);
    const ofApp = await list({ app_name: " WEATHER " });
    expect(ofApp.data.total).toBe(4);
    expect(ofApp.data.list.every((r) => r.app_name === "Weather Now")).toBe(true);
    expect((await list({ app_name: "Weather", ad_style: "3" })).data.list.map((r) => r.name)).toEqual([
      "Weather Now Reward Video",
    ]);
    expect((await list({ id: "", name: "", ad_style: "", app_name: "" })).data.total).toBe(
      (await list({})).data.total,
    );
  });

  it("refuses a non-integer id, an unknown ad style and emoji", async () => {
    expectRefused(await list({ id: "1.5" }), "integerRequired", "id");
    expectRefused(await list({ id: "abc" }), "integerRequired", "id");
    expect((await list({ id: "x" }, demo, "zh")).msg).toBe("请输入整数");
    expectRefused(await list({ ad_style: "9" }), "adStyleRequired", "ad_style");
    expectRefused(await list({ name: "😀" }), "illegalCharacters", "name");
    expect((await list({ app_name: "app👍🏽" }, demo, "zh")).msg).toBe("请输入合法字符");
  });

  it("shows nothing of another company, even by its id or app name", async () => {
    expect((await list({ id: String(otherPlacement.id) })).data.total).toBe(0);
    expect((await list({ app_name: otherApp.name })).data.total).toBe(0);
    const theirs = await list({}, other);
    expect(theirs.data.list.map((r) => r.id)).toEqual([otherPlacement.id]);
  });
});

describe("POST /v1/adpos", () => {
  it("creates a placement of each ad style with all its allowed content types, audited", async () => {
    for (const style of [1, 2, 3, 4] as AdStyleValue[]) {
      const body = newPlacement({ ad_style: style, content_type: ALLOWED_CONTENT_TYPES[style].join(",") });
      const answer = await create(body);
      expect(answer.code, `style ${style}`).toBe(Code.Ok);
      expect(answer.data).toMatchObject({
        app_id: myApp.id,
        app: { id: myApp.id, name: myApp.name },
        app_name: myApp.name,
        ad_style: style,
        content_type: ALLOWED_CONTENT_TYPES[style].join(","),
        auto_rotation: Flag.Off,
        modify_user_id: demo.userId,
      });
      expect(JSON.parse(answer.data.country_bottom_price)).toEqual({
        default_bottom_price: null,
        country_open_flag: Flag.Off,
        country_open_items: [],
      });
      const audit = await auditRowsOf(db(), "ad_position", answer.data.id);
      expect(audit).toMatchObject([{ action: "create", user_id: demo.userId, company_id: demo.companyId }]);
    }
    const app = await as<{ list: AppRow[] }>(demo, {
      method: "GET",
      url: "/v1/app/list",
      query: { name: myApp.name },
    });
    expect(app.data.list[0]?.adpos_count).toBeGreaterThanOrEqual(4);
  });

  it("keeps a subset of content types, sorted and de-duplicated; auto rotation on a Banner", async () => {
    const answer = await create(newPlacement({ ad_style: 1, content_type: "6, 5,6", auto_rotation: 1 }));
    expect(answer.data).toMatchObject({ content_type: "5,6", auto_rotation: Flag.On });
    expect((await create(newPlacement({ ad_style: 3, content_type: "4" }))).data.content_type).toBe("4");
  });

  it("refuses content types the ad style does not allow, and auto rotation off Banner", async () => {
    expectRefused(
      await create(newPlacement({ ad_style: 1, content_type: "1" })),
      "contentTypeNotAllowed",
      "content_type",
    );
    expectRefused(
      await create(newPlacement({ ad_style: 3, content_type: "1,3" })),
      "contentTypeNotAllowed",
      "content_type",
    );
    expectRefused(
      await create(newPlacement({ ad_style: 2, content_type: "5" })),
      "contentTypeNotAllowed",
      "content_type",
    );
    expectRefused(
      await create(newPlacement({ ad_style: 4, content_type: "7" })),
      "contentTypeNotAllowed",
      "content_type",
    );
    expectRefused(await create(newPlacement({ content_type: "" })), "contentTypeRequired", "content_type");
    expectRefused(
      await create(newPlacement({ content_type: "1,,2" })),
      "contentTypeRequired",
      "content_type",
    );
    expectRefused(
      await create(newPlacement({ content_type: [1, 2] })),
      "contentTypeRequired",
      "content_type",
    );
    for (const style of [2, 3, 4]) {
      const body = newPlacement({ ad_style: style, content_type: "3", auto_rotation: 1 });
      expectRefused(await create(body), "autoRotationBannerOnly", "auto_rotation");
    }
    expect((await create(newPlacement({ ad_style: 2, content_type: "5" }), demo, "zh")).msg).toBe(
      "所选内容类型不适用于该广告类型",
    );
  });

  it("refuses missing fields, wrong types, long names and emoji", async () => {
    expectRefused(await create(newPlacement({ app_id: undefined })), "appRequired", "app_id");
    expectRefused(await create(newPlacement({ app_id: "1" })), "appRequired", "app_id");
    expectRefused(await create(newPlacement({ name: undefined })), "placementNameRequired", "name");
    expectRefused(await create(newPlacement({ name: "  " })), "placementNameRequired", "name");
    expectRefused(await create(newPlacement({ name: "n".repeat(31) })), "placementNameTooLong", "name");
    expectRefused(await create(newPlacement({ name: "slot 🎯" })), "illegalCharacters", "name");
    expectRefused(await create(newPlacement({ ad_style: undefined })), "adStyleRequired", "ad_style");
    expectRefused(await create(newPlacement({ ad_style: "2" })), "adStyleRequired", "ad_style");
    expectRefused(await create(newPlacement({ ad_style: 5 })), "adStyleRequired", "ad_style");
    expect((await create(newPlacement({ auto_rotation: 0 }))).data).toEqual({ field: "auto_rotation" });
    expect((await create(newPlacement({ country_bottom_price: { country_open_flag: 2 } }))).data).toEqual({
      field: "country_bottom_price",
    });
  });

  it("refuses an app of another company (and an unknown one) without writing anything", async () => {
    const before = await db()
      .selectFrom("ad_position")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expectRefused(await create(newPlacement({ app_id: otherApp.id })), "appNotFound", "app_id");
    expectRefused(await create(newPlacement({ app_id: 99999999 })), "appNotFound", "app_id");
    const after = await db()
      .selectFrom("ad_position")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Another company may post a placement under its own app only.
    expectRefused(await create(newPlacement({ app_id: myApp.id }), other), "appNotFound", "app_id");
  });

  it("refuses a duplicate name within the company (any case), not across companies", async () => {
    const first = (await create(newPlacement())).data;
    expectRefused(
      await create(newPlacement({ name: first.name.toUpperCase() })),
      "placementNameDuplicate",
      "name",
    );
    expect((await create(newPlacement({ name: first.name }), demo, "zh")).msg).toBe("广告位名称重复");
    // The name is unique in the company, not only in the app.
    const secondApp = (await createApp(demo, { name: "Second Host", pkg: "com.second.host" })).data;
    expectRefused(
      await create(newPlacement({ app_id: secondApp.id, name: first.name })),
      "placementNameDuplicate",
      "name",
    );
    expect((await create({ ...newPlacement({ name: first.name }), app_id: otherApp.id }, other)).code).toBe(
      Code.Ok,
    );
  });

  it.runIf(process.env.DATABASE_URL)(
    "maps a unique-key violation after the check to the same message",
    async () => {
      const body = newPlacement();
      let answer: Promise<{ code: number; msg: string; data: unknown }> | undefined;
      await db()
        .transaction()
        .execute(async (tx) => {
          await tx
            .insertInto("ad_position")
            .values({
              company_id: demo.companyId,
              app_id: myApp.id,
              name: body.name,
              ad_style: 2,
              content_type: [1],
            })
            .execute();
          answer = create(body);
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
      expectRefused(await (answer ?? Promise.reject(new Error("no call"))), "placementNameDuplicate", "name");
    },
  );

  it("refuses a body naming another company with 402", async () => {
    expect((await create(newPlacement({ company_id: other.companyId }))).code).toBe(Code.NoPermission);
  });
});

describe("floor prices (country_bottom_price)", () => {
  it("stores and answers two country groups exactly as saved, in rows", async () => {
    const answer = await create(newPlacement({ country_bottom_price: floors(twoGroups) }));
    expect(answer.code).toBe(Code.Ok);
    expect(JSON.parse(answer.data.country_bottom_price)).toEqual(twoGroups);
    const listed = (await list({ id: String(answer.data.id) })).data.list[0];
    expect(JSON.parse(listed?.country_bottom_price ?? "")).toEqual(twoGroups);
    const rows = await floorRows(answer.data.id);
    expect(rows.groups.map((g) => [g.group_no, Number(g.price)])).toEqual([
      [1, 1.2],
      [2, 0.8765],
    ]);
    expect(rows.countries.map((c) => c.country)).toEqual(["US", "CA", "GB", "DE", "FR"]);
    expect(Number((await placementRow(answer.data.id))?.default_bottom_price)).toBe(0.5);
  });

  it("accepts ALL, OTHER and UNK, zero prices and 4 decimals; de-duplicates a group's countries", async () => {
    const setting = {
      default_bottom_price: 0,
      country_open_flag: 1,
      country_open_items: [
        { countrys: ["UNK", "OTHER", "UNK"], price: 0.0001 },
        { countrys: ["ALL"], price: 1000000 },
      ],
    };
    const answer = await create(newPlacement({ country_bottom_price: floors(setting) }));
    expect(JSON.parse(answer.data.country_bottom_price)).toEqual({
      default_bottom_price: 0,
      country_open_flag: 1,
      country_open_items: [
        { countrys: ["UNK", "OTHER"], price: 0.0001 },
        { countrys: ["ALL"], price: 1000000 },
      ],
    });
  });

  it("stores no groups when the switch is off, and a default price alone", async () => {
    const setting = {
      default_bottom_price: 0.25,
      country_open_flag: 2,
      country_open_items: twoGroups.country_open_items,
    };
    const answer = await create(newPlacement({ country_bottom_price: floors(setting) }));
    expect(JSON.parse(answer.data.country_bottom_price)).toEqual({
      default_bottom_price: 0.25,
      country_open_flag: 2,
      country_open_items: [],
    });
    expect((await floorRows(answer.data.id)).groups).toEqual([]);
    const noDefault = await create(newPlacement({ country_bottom_price: floors({ country_open_flag: 2 }) }));
    expect(JSON.parse(noDefault.data.country_bottom_price)).toMatchObject({ default_bottom_price: null });
  });

  const refusals: [string, Record<string, unknown> | string, MessageKey, string][] = [
    [
      "a missing default with the switch on",
      { country_open_flag: 1, country_open_items: [{ countrys: ["US"], price: 1 }] },
      "bottomPriceDefaultRequired",
      "country_bottom_price.default_bottom_price",
    ],
    [
      "a null default with the switch on",
      {
        default_bottom_price: null,
        country_open_flag: 1,
        country_open_items: [{ countrys: ["US"], price: 1 }],
      },
      "bottomPriceDefaultRequired",
      "country_bottom_price.default_bottom_price",
    ],
    [
      "no group with the switch on",
      { default_bottom_price: 1, country_open_flag: 1, country_open_items: [] },
      "bottomPriceCountriesRequired",
      "country_bottom_price.country_open_items",
    ],
    [
      "a group without countries",
      { default_bottom_price: 1, country_open_flag: 1, country_open_items: [{ countrys: [], price: 1 }] },
      "bottomPriceCountriesRequired",
      "country_bottom_price.country_open_items.0.countrys",
    ],
    [
      "a group without a price",
      {
        default_bottom_price: 1,
        country_open_flag: 1,
        country_open_items: [{ countrys: ["US"], price: null }],
      },
      "bottomPricePriceRequired",
      "country_bottom_price.country_open_items.0.price",
    ],
    [
      "a country in two groups",
      {
        default_bottom_price: 1,
        country_open_flag: 1,
        country_open_items: [
          { countrys: ["US", "CA"], price: 1 },
          { countrys: ["JP", "CA"], price: 2 },
        ],
      },
      "bottomPriceCountryDuplicated",
      "country_bottom_price.country_open_items.1.countrys",
    ],
    [
      "an unknown country",
      {
        default_bottom_price: 1,
        country_open_flag: 1,
        country_open_items: [{ countrys: ["US", "XX"], price: 1 }],
      },
      "bottomPriceCountryUnknown",
      "country_bottom_price.country_open_items.0.countrys.1",
    ],
    [
      "a lower-case country",
      { default_bottom_price: 1, country_open_flag: 1, country_open_items: [{ countrys: ["us"], price: 1 }] },
      "bottomPriceCountryUnknown",
      "country_bottom_price.country_open_items.0.countrys.0",
    ],
    [
      "a negative price",
      {
        default_bottom_price: 1,
        country_open_flag: 1,
        country_open_items: [{ countrys: ["US"], price: -0.1 }],
      },
      "bottomPriceInvalid",
      "country_bottom_price.country_open_items.0.price",
    ],
    [
      "a negative default",
      { default_bottom_price: -1, country_open_flag: 2 },
      "bottomPriceInvalid",
      "country_bottom_price.default_bottom_price",
    ],
    [
      "5 decimals",
      { default_bottom_price: 0.12345, country_open_flag: 2 },
      "bottomPriceInvalid",
      "country_bottom_price.default_bottom_price",
    ],
    [
      "a price as text",
      { default_bottom_price: "1", country_open_flag: 2 },
      "bottomPriceInvalid",
      "country_bottom_price.default_bottom_price",
    ],
    [
      "a price too large",
      { default_bottom_price: 1000000.5, country_open_flag: 2 },
      "bottomPriceInvalid",
      "country_bottom_price.default_bottom_price",
    ],
    ["malformed JSON", "{default_bottom_price: 1", "bottomPriceMalformed", "country_bottom_price"],
    ["JSON that is not an object", "[1,2]", "bottomPriceMalformed", "country_bottom_price"],
    ["JSON null", "null", "bottomPriceMalformed", "country_bottom_price"],
    [
      "groups that are not a list",
      { default_bottom_price: 1, country_open_flag: 1, country_open_items: "US" },
      "bottomPriceMalformed",
      "country_bottom_price.country_open_items",
    ],
    [
      "a group that is not an object",
      { default_bottom_price: 1, country_open_flag: 1, country_open_items: [null] },
      "bottomPriceMalformed",
      "country_bottom_price.country_open_items.0",
    ],
    [
      "countries that are not a list",
      { default_bottom_price: 1, country_open_flag: 1, country_open_items: [{ countrys: "US", price: 1 }] },
      "bottomPriceCountriesRequired",
      "country_bottom_price.country_open_items.0.countrys",
    ],
  ];

  for (const [what, setting, key, field] of refusals) {
    it(`refuses ${what}, writing nothing`, async () => {
      const body = newPlacement({
        country_bottom_price: typeof setting === "string" ? setting : floors(setting),
      });
      expectRefused(await create(body), key, field);
      expect((await list({ name: body.name })).data.total).toBe(0);
    });
  }

  it("refuses a switch value other than 1 or 2", async () => {
    const body = newPlacement({
      country_bottom_price: floors({ default_bottom_price: 1, country_open_flag: 3 }),
    });
    const answer = await create(body);
    expect(answer).toMatchObject({
      code: Code.ParamError,
      data: { field: "country_bottom_price.country_open_flag" },
    });
  });

  it("answers the catalogue's floor-price messages in Chinese", async () => {
    const noDefault = { country_open_flag: 1, country_open_items: [{ countrys: ["US"], price: 1 }] };
    expect((await create(newPlacement({ country_bottom_price: floors(noDefault) }), demo, "zh")).msg).toBe(
      "请输入默认底价",
    );
    const twice = {
      default_bottom_price: 1,
      country_open_flag: 1,
      country_open_items: [
        { countrys: ["US"], price: 1 },
        { countrys: ["US"], price: 2 },
      ],
    };
    expect((await create(newPlacement({ country_bottom_price: floors(twice) }), demo, "zh")).msg).toBe(
      "已选国家在不同的底价配置中重复",
    );
  });
});

describe("PUT /v1/adpos", () => {
  it("edits name, style and content types, keeps floors without country_bottom_price, audited", async () => {
    const created = (await create(newPlacement({ country_bottom_price: floors(twoGroups) }))).data;
    const answer = await update({
      id: created.id,
      app_id: myApp.id,
      name: `${created.name} edited`,
      ad_style: 1,
      content_type: "6",
      auto_rotation: 1,
    });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data).toMatchObject({
      name: `${created.name} edited`,
      ad_style: 1,
      content_type: "6",
      auto_rotation: 1,
      modify_user_id: demo.userId,
    });
    expect(JSON.parse(answer.data.country_bottom_price)).toEqual(twoGroups);
    const audit = await auditRowsOf(db(), "ad_position", created.id);
    expect(audit.map((row) => row.action)).toEqual(["create", "update"]);
    expect(audit[1]?.before).toMatchObject({ name: created.name, ad_style: 2 });
    expect(audit[1]?.after).toMatchObject({ name: `${created.name} edited`, ad_style: 1 });
  });

  it("replaces the floors with country_bottom_price (the bottom-price dialog), or clears them", async () => {
    const created = (await create(newPlacement({ country_bottom_price: floors(twoGroups) }))).data;
    const base = {
      id: created.id,
      app_id: myApp.id,
      name: created.name,
      ad_style: 2,
      content_type: created.content_type,
    };
    const oneGroup = {
      default_bottom_price: 0.3,
      country_open_flag: 1,
      country_open_items: [{ countrys: ["JP"], price: 2.5 }],
    };
    const changed = await update({ ...base, country_bottom_price: floors(oneGroup) });
    expect(JSON.parse(changed.data.country_bottom_price)).toEqual(oneGroup);
    expect((await floorRows(created.id)).countries.map((c) => c.country)).toEqual(["JP"]);
    const off = await update({
      ...base,
      country_bottom_price: floors({ default_bottom_price: 0.3, country_open_flag: 2 }),
    });
    expect(JSON.parse(off.data.country_bottom_price)).toEqual({
      default_bottom_price: 0.3,
      country_open_flag: 2,
      country_open_items: [],
    });
    expect(await floorRows(created.id)).toEqual({ groups: [], countries: [] });
  });

  it("refuses changing the app", async () => {
    const created = (await create(newPlacement())).data;
    const secondApp = (await createApp(demo, { name: "Third Host", pkg: "com.third.host" })).data;
    const body = { id: created.id, app_id: secondApp.id, name: created.name, ad_style: 2, content_type: "1" };
    expectRefused(await update(body), "placementAppLocked", "app_id");
    expectRefused(await update({ ...body, app_id: otherApp.id }), "placementAppLocked", "app_id");
    expect((await update(body, demo, "zh")).msg).toBe("编辑广告位时不能更改所属应用");
    expect((await placementRow(created.id))?.app_id).toBe(myApp.id);
  });

  it("refuses a duplicate name, bad rules and bad ids", async () => {
    const a = (await create(newPlacement())).data;
    const b = (await create(newPlacement())).data;
    const base = { id: a.id, app_id: myApp.id, name: a.name, ad_style: 2, content_type: "1" };
    expect((await update({ ...base, name: a.name.toLowerCase() })).code).toBe(Code.Ok);
    expectRefused(await update({ ...base, name: b.name }), "placementNameDuplicate", "name");
    expectRefused(await update({ ...base, ad_style: 3 }), "contentTypeNotAllowed", "content_type");
    expectRefused(await update({ ...base, auto_rotation: 1 }), "autoRotationBannerOnly", "auto_rotation");
    expect((await update({ ...base, id: undefined })).data).toEqual({ field: "id" });
    expect((await update({ ...base, id: "7" })).data).toEqual({ field: "id" });
    expectRefused(await update({ ...base, id: 99999999 }), "placementNotFound", "id");
  });

  it("cannot see or change another company's placement", async () => {
    const before = { row: await placementRow(otherPlacement.id), floors: await floorRows(otherPlacement.id) };
    const hijack = {
      id: otherPlacement.id,
      app_id: otherApp.id,
      name: "Hijacked",
      ad_style: 1,
      content_type: "5",
      country_bottom_price: floors({ country_open_flag: 2 }),
    };
    expectRefused(await update(hijack), "placementNotFound", "id");
    expectRefused(await update({ ...hijack, app_id: myApp.id }), "placementNotFound", "id");
    expect({
      row: await placementRow(otherPlacement.id),
      floors: await floorRows(otherPlacement.id),
    }).toEqual(before);
    // Their names are no duplicates for this company.
    const theirs = (await create({ ...newPlacement({ name: "Their Native" }), app_id: otherApp.id }, other))
      .data;
    const mine = (await create(newPlacement())).data;
    const renamed = await update({
      id: mine.id,
      app_id: myApp.id,
      name: theirs.name,
      ad_style: 2,
      content_type: "1",
    });
    expect(renamed.code).toBe(Code.Ok);
  });
});

describe("DELETE /v1/adpos", () => {
  it("deletes a placement and its floors, audited; then its app can be deleted", async () => {
    const host = (await createApp(demo, { name: "Short Lived", pkg: "com.short.lived" })).data;
    const created = (await create(newPlacement({ app_id: host.id, country_bottom_price: floors(twoGroups) })))
      .data;
    const refused = await as(demo, { method: "DELETE", url: "/v1/app", query: { id: String(host.id) } });
    expect(refused.msg).toBe(MESSAGES.appHasPlacements.en);
    expect((await remove(created.id)).code).toBe(Code.Ok);
    expect(await placementRow(created.id)).toBeUndefined();
    expect(await floorRows(created.id)).toEqual({ groups: [], countries: [] });
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "ad_position")
      .where("entity_id", "=", String(created.id))
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["create", "delete"]);
    expect((await as(demo, { method: "DELETE", url: "/v1/app", query: { id: String(host.id) } })).code).toBe(
      Code.Ok,
    );
  });

  it("refuses bad ids and another company's placement, which stays", async () => {
    expect((await remove("abc")).data).toEqual({ field: "id" });
    expect((await remove("1.5")).data).toEqual({ field: "id" });
    expectRefused(await remove(99999999), "placementNotFound", "id");
    expectRefused(await remove(otherPlacement.id), "placementNotFound", "id");
    expect(await placementRow(otherPlacement.id)).toBeDefined();
    expect((await floorRows(otherPlacement.id)).groups).toHaveLength(2);
  });
});

describe("GET /v1/adpos/name_exist", () => {
  const exists = (query: Record<string, string>, who = demo) =>
    as<ExistAnswer>(who, { method: "GET", url: "/v1/adpos/name_exist", query });

  it("answers whether another placement of the company has the name, excluding its own id", async () => {
    const a = (await create(newPlacement())).data;
    expect((await exists({ name: a.name })).data).toEqual({ result: true });
    expect((await exists({ name: ` ${a.name.toUpperCase()} ` })).data).toEqual({ result: true });
    expect((await exists({ name: a.name, id: String(a.id) })).data).toEqual({ result: false });
    expect((await exists({ name: "Nobody Uses This" })).data).toEqual({ result: false });
  });

  it("sees nothing of another company", async () => {
    expect((await exists({ name: "Their Banner" })).data).toEqual({ result: false });
    expect((await exists({ name: "Their Banner" }, other)).data).toEqual({ result: true });
    expect((await exists({ name: "Their Banner", id: String(otherPlacement.id) }, other)).data).toEqual({
      result: false,
    });
  });

  it("refuses bad input", async () => {
    expectRefused(await exists({}), "placementNameRequired", "name");
    expectRefused(await exists({ name: "🙂" }), "illegalCharacters", "name");
    expect((await exists({ name: "x", id: "y" })).data).toEqual({ field: "id" });
  });
});

describe("GET /api/v1/ad_position/position_id", () => {
  it("answers every placement of the company for selects, nothing of another company", async () => {
    const answer = await as<PositionOption[]>(demo, {
      method: "GET",
      url: "/api/v1/ad_position/position_id",
    });
    expect(answer.code).toBe(Code.Ok);
    const total = (await list({})).data.total;
    expect(answer.data).toHaveLength(total);
    const puzzle = answer.data.find((p) => p.name === "Puzzle Quest Banner");
    expect(puzzle).toMatchObject({ app_name: "Puzzle Quest", ad_style: 1 });
    expect(Object.keys(puzzle ?? {}).sort()).toEqual(["ad_style", "app_id", "app_name", "id", "name"]);
    expect(answer.data.some((p) => p.id === otherPlacement.id)).toBe(false);
    const theirs = await as<PositionOption[]>(other, {
      method: "GET",
      url: "/api/v1/ad_position/position_id",
    });
    expect(theirs.data.map((p) => p.id)).toContain(otherPlacement.id);
    expect(theirs.data.every((p) => p.app_id === otherApp.id)).toBe(true);
  });

  it("needs a session", async () => {
    const answer = await callAs(t.app, null, { method: "GET", url: "/api/v1/ad_position/position_id" });
    expect(answer.code).toBe(Code.TokenInvalid);
  });
});
