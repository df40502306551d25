/**
 * Ad placements and their floor prices (docs/rules/entities.md#placements,
 * docs/rules/entities.md#floor-prices, docs/rules/validation.md#placement-form,
 * docs/rules/validation.md#bottom-price).
 */
import { z } from "zod";
import { isCountryKey } from "./countries.ts";
import { endpoint } from "./endpoint.ts";
import {
  AdStyle,
  type AdStyleValue,
  ALLOWED_CONTENT_TYPES,
  ContentType,
  type ContentTypeValue,
  Flag,
  isAdStyle,
} from "./enums.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import {
  existAnswer,
  hasEmoji,
  ID_MAX,
  idQuery,
  idValue,
  integerFilter,
  optionalIdParam,
  textFilter,
} from "./inputs.ts";

export const PLACEMENT_NAME_MAX = 30;
/** Floor prices are USD from 0 to this, with at most BOTTOM_PRICE_DECIMALS decimals. */
export const BOTTOM_PRICE_MAX = 1_000_000;
export const BOTTOM_PRICE_DECIMALS = 4;

/** Material sizes shown in the placement form (docs/rules/entities.md#placements). */
export const MATERIAL_SIZES = {
  horizontal: { width: 1280, height: 720 },
  vertical: { width: 640, height: 960 },
  [ContentType.Size320x50]: { width: 320, height: 50 },
  [ContentType.Size300x250]: { width: 300, height: 250 },
} as const;

const CONTENT_TYPES: readonly number[] = Object.values(ContentType);

/** The content types an ad style allows (the form resets to all of them when the style changes). */
export const allowedContentTypes = (style: AdStyleValue): readonly ContentTypeValue[] =>
  ALLOWED_CONTENT_TYPES[style];

/** "1,2" → [1, 2]; the answer's and the body's comma-separated form. */
export const parseContentTypes = (text: string): number[] =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
export const formatContentTypes = (types: readonly number[]): string => types.join(",");

const hasAtMostDecimals = (value: number, decimals: number) =>
  new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`).test(String(value));

/** A floor price in USD: a number from 0 to BOTTOM_PRICE_MAX with at most 4 decimals. */
export const bottomPriceValue = z
  .number({ error: "bottomPriceInvalid" })
  .min(0, "bottomPriceInvalid")
  .max(BOTTOM_PRICE_MAX, "bottomPriceInvalid")
  .refine((value) => hasAtMostDecimals(value, BOTTOM_PRICE_DECIMALS), "bottomPriceInvalid");

/** One group of countries sharing a price (the form may hold an empty group: null price, no countries). */
export const countryGroup = z.object(
  {
    countrys: z.array(z.string({ error: "bottomPriceCountryUnknown" }), {
      error: "bottomPriceCountriesRequired",
    }),
    price: bottomPriceValue.nullable().optional(),
  },
  { error: "bottomPriceMalformed" },
);

const flag = z.union([z.literal(Flag.On), z.literal(Flag.Off)]);

/**
 * The floor-price setting, validated by docs/rules/validation.md#bottom-price: the default price is required when the per-country
 * switch is on; every group needs countries (keys of the country list) and a price; a country may be in one
 * group only. With the switch off no group is kept. Countries are de-duplicated within a group.
 */
export const bottomPriceSetting = z
  .object(
    {
      default_bottom_price: bottomPriceValue.nullable().optional(),
      country_open_flag: flag.default(Flag.Off),
      country_open_items: z
        .array(countryGroup, { error: "bottomPriceMalformed" })
        .max(300, "bottomPriceMalformed")
        .default([]),
    },
    { error: "bottomPriceMalformed" },
  )
  .superRefine((setting, ctx) => {
    if (setting.country_open_flag !== Flag.On) return;
    if (setting.default_bottom_price === null || setting.default_bottom_price === undefined) {
      ctx.addIssue({ code: "custom", path: ["default_bottom_price"], message: "bottomPriceDefaultRequired" });
    }
    if (setting.country_open_items.length === 0) {
      ctx.addIssue({ code: "custom", path: ["country_open_items"], message: "bottomPriceCountriesRequired" });
    }
    const seen = new Set<string>();
    setting.country_open_items.forEach((group, index) => {
      const path = ["country_open_items", index];
      if (group.countrys.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "countrys"],
          message: "bottomPriceCountriesRequired",
        });
      }
      const unknown = group.countrys.findIndex((key) => !isCountryKey(key));
      if (unknown >= 0) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "countrys", unknown],
          message: "bottomPriceCountryUnknown",
        });
      }
      if (group.price === null || group.price === undefined) {
        ctx.addIssue({ code: "custom", path: [...path, "price"], message: "bottomPricePriceRequired" });
      }
      const own = new Set(group.countrys);
      if ([...own].some((key) => seen.has(key))) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "countrys"],
          message: "bottomPriceCountryDuplicated",
        });
      }
      for (const key of own) seen.add(key);
    });
  })
  .transform(
    (setting): BottomPrice => ({
      default_bottom_price: setting.default_bottom_price ?? null,
      country_open_flag: setting.country_open_flag,
      country_open_items:
        setting.country_open_flag === Flag.On
          ? setting.country_open_items.map((group) => ({
              countrys: [...new Set(group.countrys)],
              price: group.price ?? 0,
            }))
          : [],
    }),
  );
export type BottomPriceInput = z.input<typeof bottomPriceSetting>;

/** The floor-price setting as stored and answered (`country_bottom_price`, parsed). */
export const bottomPrice = z.object({
  default_bottom_price: z.number().nullable(),
  country_open_flag: z.number().int(),
  country_open_items: z.array(z.object({ countrys: z.array(z.string()), price: z.number() })),
});
export type BottomPrice = {
  default_bottom_price: number | null;
  country_open_flag: 1 | 2;
  country_open_items: { countrys: string[]; price: number }[];
};

/** No floor price: what a new placement has until one is set. */
export const NO_BOTTOM_PRICE: BottomPrice = {
  default_bottom_price: null,
  country_open_flag: Flag.Off,
  country_open_items: [],
};

/** `country_bottom_price` travels as a JSON string of the setting (docs/rules/entities.md#floor-prices). */
export const bottomPriceText = z
  .string({ error: "bottomPriceMalformed" })
  .max(20_000, "bottomPriceMalformed")
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "bottomPriceMalformed" });
      return z.NEVER;
    }
  })
  .pipe(bottomPriceSetting);

export const stringifyBottomPrice = (setting: BottomPriceInput | BottomPrice): string =>
  JSON.stringify(setting);

export const placementName = z
  .string({ error: "placementNameRequired" })
  .trim()
  .min(1, { message: "placementNameRequired", abort: true })
  .max(PLACEMENT_NAME_MAX, "placementNameTooLong")
  .refine((text) => !hasEmoji(text), "illegalCharacters");

export const adStyleValue = z
  .number({ error: "adStyleRequired" })
  .int("adStyleRequired")
  .refine(isAdStyle, "adStyleRequired");

/** "1,2": comma-separated content type ids, at least one. */
export const contentTypeText = z
  .string({ error: "contentTypeRequired" })
  .trim()
  .regex(/^\d+( *, *\d+)*$/, { message: "contentTypeRequired", abort: true })
  .transform(parseContentTypes)
  .refine((types) => types.every((type) => CONTENT_TYPES.includes(type)), "contentTypeNotAllowed");

const placementObject = z.object({
  app_id: z.number({ error: "appRequired" }).int("appRequired").min(1, "appRequired").max(ID_MAX),
  name: placementName,
  ad_style: adStyleValue,
  content_type: contentTypeText,
  auto_rotation: flag.default(Flag.Off),
  country_bottom_price: bottomPriceText.optional(),
  /** Optional; when given it must be the session's company (docs/api.md#call-conventions), else 402. */
  company_id: z.number().int().min(1).max(ID_MAX).optional(),
});
type PlacementObject = z.output<typeof placementObject>;

/** Content types must be a non-empty subset of those the ad style allows; auto rotation is for Banner only. */
function checkPlacement(body: PlacementObject, ctx: z.RefinementCtx): void {
  if (!isAdStyle(body.ad_style) || !Array.isArray(body.content_type)) return;
  const allowed: readonly number[] = ALLOWED_CONTENT_TYPES[body.ad_style];
  if (!body.content_type.every((type) => allowed.includes(type))) {
    ctx.addIssue({ code: "custom", path: ["content_type"], message: "contentTypeNotAllowed" });
  }
  if (body.auto_rotation === Flag.On && body.ad_style !== AdStyle.Banner) {
    ctx.addIssue({ code: "custom", path: ["auto_rotation"], message: "autoRotationBannerOnly" });
  }
}

const normalizePlacement = <T extends PlacementObject>(body: T) => ({
  ...body,
  ad_style: body.ad_style as AdStyleValue,
  content_type: [...new Set(body.content_type)].sort((a, b) => a - b) as ContentTypeValue[],
});

/**
 * The add form of a placement (`content_type` "1,2"; `country_bottom_price` a JSON string). Without
 * `country_bottom_price` a new placement has no floor price.
 */
export const placementCreateBody = placementObject.superRefine(checkPlacement).transform(normalizePlacement);
export type PlacementCreateBody = z.input<typeof placementCreateBody>;
export type PlacementCreate = z.output<typeof placementCreateBody>;

/** The edit form: as the add form plus `id`; without `country_bottom_price` the saved floors are kept. */
export const placementUpdateBody = placementObject
  .extend({ id: idValue })
  .superRefine(checkPlacement)
  .transform(normalizePlacement);
export type PlacementUpdateBody = z.input<typeof placementUpdateBody>;
export type PlacementUpdate = z.output<typeof placementUpdateBody>;

export const placementRow = z.object({
  id: z.number().int(),
  name: z.string(),
  app_id: z.number().int(),
  app: z.object({ id: z.number().int(), name: z.string() }),
  app_name: z.string(),
  ad_style: z.number().int(),
  content_type: z.string().describe('comma-separated content type ids, e.g. "1,2"'),
  auto_rotation: z.number().int(),
  country_bottom_price: z.string().describe("JSON string of the floor-price setting"),
  create_time: z.string(),
  modify_time: z.string(),
  modify_user_id: z.number().int().nullable(),
});
export type PlacementRow = z.infer<typeof placementRow>;

export const placementListQuery = z.object({
  id: integerFilter,
  name: textFilter(PLACEMENT_NAME_MAX),
  ad_style: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: "adStyleRequired" })
      .int("adStyleRequired")
      .refine(isAdStyle, "adStyleRequired")
      .optional(),
  ),
  app_name: textFilter(30),
  ...pageQuery,
});
export type PlacementListQuery = z.input<typeof placementListQuery>;
export const placementListAnswer = pageOf(placementRow);
export type PlacementListAnswer = z.infer<typeof placementListAnswer>;

/** `GET /v1/adpos/name_exist?name&id`: is the name taken by another placement of the company? */
export const placementNameExistQuery = z.object({ name: placementName, id: optionalIdParam });

/** `GET /api/v1/ad_position/position_id`: the company's placements for selects. */
export const positionOption = z.object({
  id: z.number().int(),
  name: z.string(),
  app_id: z.number().int(),
  app_name: z.string(),
  ad_style: z.number().int(),
});
export type PositionOption = z.infer<typeof positionOption>;
export const positionOptionsAnswer = z.array(positionOption);

/** The placements API: every call scoped to the session's company. */
export const PLACEMENT_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/adpos/list",
    query: placementListQuery,
    answer: placementListAnswer,
    access: "app.read",
    description: "The company's placements, newest first; filters: id, name, ad_style, app_name.",
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/adpos",
    body: placementCreateBody,
    answer: placementRow,
    access: "app.write",
    description: "Adds a placement to an application of the company.",
  }),
  update: endpoint({
    method: "PUT",
    path: "/v1/adpos",
    body: placementUpdateBody,
    answer: placementRow,
    access: "app.write",
    description:
      "Edits a placement (its app cannot change). With `country_bottom_price` (a JSON string) the floor " +
      "prices are replaced; without it they are kept.",
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v1/adpos",
    query: idQuery,
    answer: z.null(),
    access: "app.write",
    description: "Deletes a placement.",
  }),
  nameExists: endpoint({
    method: "GET",
    path: "/v1/adpos/name_exist",
    query: placementNameExistQuery,
    answer: existAnswer,
    access: "app.read",
    description: "Whether another placement of the company (not `id`) has this name.",
  }),
  positionOptions: endpoint({
    method: "GET",
    path: "/api/v1/ad_position/position_id",
    answer: positionOptionsAnswer,
    access: "app.read",
    description: "Every placement of the company for selects: id, name, app and ad style.",
  }),
};
