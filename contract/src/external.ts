/**
 * Companies, profit centres and their notices (docs/api.md#signed-external-api, docs/api.md#the-signing-rule
 * Signed POST bodies): the shapes of the signed external API and of the operators' internal lists.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { Flag, ProfitCenterStatus } from "./enums.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { hasEmoji, ID_MAX, idValue } from "./inputs.ts";
import { SignVersion } from "./signing.ts";

export const PROFIT_CENTER_NAME_MAX = 100;
export const NOTICE_ID_MAX = 64;

/** `timestamp`: Unix seconds, written without leading zeros. */
export const SIGNED_TIMESTAMP_PATTERN = /^[1-9]\d{0,11}$/;
/** `sign`: the lower-case hex HMAC-SHA256. */
export const SIGN_PATTERN = /^[0-9a-f]{64}$/;

/** The query parameters every signed call carries (checked before anything else by the server). */
export const signedCallQuery = {
  timestamp: z.string().regex(SIGNED_TIMESTAMP_PATTERN).describe("Unix time in seconds"),
  sign: z
    .string()
    .regex(SIGN_PATTERN)
    .describe("hex(HMAC-SHA256(EXTERNAL_API_SECRET, the string of the rule sign_version names))"),
  sign_version: z
    .enum([SignVersion.V1, SignVersion.V2])
    .optional()
    .describe(
      "2 (the default for new partners): the method, path, name=value pairs, timestamp and body digest are " +
        "signed; absent or 1: the original rule (values + timestamp), kept for compatibility",
    ),
  nonce: z
    .string()
    .max(64)
    .optional()
    .describe("any value, signed like the others: tells apart two identical calls in the same second"),
};

const flag = z.union([z.literal(Flag.On), z.literal(Flag.Off)]);
const profitCenterStatus = z.union([
  z.literal(ProfitCenterStatus.Open),
  z.literal(ProfitCenterStatus.Closed),
]);

/** `is_publisher` filter: 1 or true = publishers, 2 or false = the others, absent or empty = all. */
const isPublisherFilter = z
  .enum(["", "1", "2", "true", "false"])
  .optional()
  .describe("1 (or true): publishers only; 2 (or false): non-publishers only; empty: all")
  .transform((value) =>
    value === undefined || value === "" ? undefined : value === "1" || value === "true",
  );

/** A list of positive ids, comma-separated and/or repeated: `1,3` = `x=1&x=3`; empty = no filter. */
const idListFilter = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .flatMap((item) => item.split(","))
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, "must be positive whole numbers")
          .transform(Number)
          .pipe(z.number().max(ID_MAX)),
      )
      .max(100),
  );

export const companyListQuery = z.object({
  is_publisher: isPublisherFilter,
  cooperation_types: idListFilter.describe(
    "companies having any of these cooperation types, comma-separated or repeated",
  ),
  ...pageQuery,
});
export type CompanyListQuery = z.infer<typeof companyListQuery>;
export const externalCompanyListQuery = companyListQuery.extend(signedCallQuery);

export const companyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  account_id: z.number().int(),
  is_publisher: flag,
  is_operator: flag,
  cooperation_types: z.array(z.number().int()),
  profit_center_id: z.number().int().nullable(),
  create_time: z.string(),
  modify_time: z.string(),
});
export type CompanyRow = z.infer<typeof companyRow>;

export const profitCenterListQuery = z.object({
  status: z
    .enum(["", "1", "2"])
    .optional()
    .describe("1: open, 2: closed, empty: all")
    .transform((value) => (value === "1" || value === "2" ? (Number(value) as 1 | 2) : undefined)),
  ...pageQuery,
});
export type ProfitCenterListQuery = z.infer<typeof profitCenterListQuery>;
export const externalProfitCenterListQuery = profitCenterListQuery.extend(signedCallQuery);

export const profitCenterRow = z.object({
  id: z.number().int(),
  name: z.string(),
  status: profitCenterStatus,
  create_time: z.string(),
  modify_time: z.string(),
});
export type ProfitCenterRow = z.infer<typeof profitCenterRow>;
export const profitCenterListAnswer = pageOf(profitCenterRow);

/** The operators' profit-centre list: the console's selects use it, never the external secret. */
export const PROFIT_CENTER_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/profit_center/list",
    query: profitCenterListQuery,
    answer: profitCenterListAnswer,
    access: "company.read",
    description: "Profit centres, for the operators' selects (operator company, role 1 or 2).",
  }),
};

/** What a notice asks for. */
export const NoticeType = {
  CreateProfitCenter: "profit_center.create",
  UpdateProfitCenter: "profit_center.update",
  CloseProfitCenter: "profit_center.close",
  MoveCompany: "company.move",
} as const;
export type NoticeTypeValue = (typeof NoticeType)[keyof typeof NoticeType];

const bodyId = idValue;
const noticeId = z
  .string()
  .min(1)
  .max(NOTICE_ID_MAX)
  .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
  .describe(
    "the sender's id of this notice: sending it again changes nothing more and answers the first result",
  );
const profitCenterName = z
  .string()
  .trim()
  .min(1)
  .max(PROFIT_CENTER_NAME_MAX)
  .refine((name) => !hasEmoji(name), "illegalCharacters");

/** The body of `POST /external_api/profit_center/notice`: one change, told by the partner system. */
export const profitCenterNotice = z.discriminatedUnion("type", [
  z.strictObject({
    notice_id: noticeId,
    type: z.literal(NoticeType.CreateProfitCenter),
    profit_center_id: bodyId.describe("the partner's id of the new profit centre"),
    name: profitCenterName,
  }),
  z
    .strictObject({
      notice_id: noticeId,
      type: z.literal(NoticeType.UpdateProfitCenter),
      profit_center_id: bodyId,
      name: profitCenterName.optional(),
      status: profitCenterStatus.optional().describe("1 reopens, 2 closes"),
    })
    .refine((notice) => notice.name !== undefined || notice.status !== undefined, {
      message: "an update gives name or status",
      path: ["name"],
    }),
  z.strictObject({
    notice_id: noticeId,
    type: z.literal(NoticeType.CloseProfitCenter),
    profit_center_id: bodyId,
  }),
  z.strictObject({
    notice_id: noticeId,
    type: z.literal(NoticeType.MoveCompany),
    company_id: bodyId,
    profit_center_id: bodyId.nullable().describe("an open profit centre, or null to leave every one"),
  }),
]);
export type ProfitCenterNotice = z.infer<typeof profitCenterNotice>;

const changedValues = z
  .object({
    name: z.string().optional(),
    status: profitCenterStatus.optional(),
    profit_center_id: z.number().int().nullable().optional(),
  })
  .nullable();

/** One row a notice changed: its values before (null when created) and after. */
export const noticeChange = z.object({
  entity: z.enum(["profit_center", "company"]),
  id: z.number().int(),
  before: changedValues,
  after: changedValues,
});
export type NoticeChange = z.infer<typeof noticeChange>;

/** The stored result of a notice, answered again (with `repeated: true`) when the notice is sent again. */
export const noticeResult = z.object({
  notice_id: z.string(),
  type: z.enum([
    NoticeType.CreateProfitCenter,
    NoticeType.UpdateProfitCenter,
    NoticeType.CloseProfitCenter,
    NoticeType.MoveCompany,
  ]),
  changes: z.array(noticeChange).describe("empty when the notice asked for what already was"),
  apply_time: z.string().describe("when the notice was first applied, yyyy-MM-DD HH:mm:ss"),
});
export type NoticeResult = z.infer<typeof noticeResult>;

export const noticeAnswer = noticeResult.extend({
  repeated: z.boolean().describe("true when this notice id was applied before: nothing changed now"),
});
export type NoticeAnswer = z.infer<typeof noticeAnswer>;
