/**
 * The mobile SDK's configuration call (docs/api.md#report-data-in-the-sdk-and-affiliate-networks): `GET
 * /sdk/v1/config?app_key&timestamp&sign`, signed with the app's secret by the one signing rule (`sign(secret,
 * {app_key}, timestamp)`), refused outside ±SIGNATURE_WINDOW_SECONDS. It answers the app's placements as
 * saved in the console.
 */
import { z } from "zod";
import { bottomPrice } from "./placements.ts";

export const SDK_CONFIG_PATH = "/sdk/v1/config";
/**
 * The query of the config call. Every other query parameter an SDK adds is signed too (the rule signs all
 * parameters but sign and timestamp); the timestamp is signed as sent.
 */
export const sdkConfigQuery = z.object({
  app_key: z.string().min(1).max(64),
  timestamp: z.string().regex(/^\d{1,12}$/, "must be a Unix time in seconds"),
  sign: z.string().min(1).max(128),
});
export type SdkConfigQuery = z.input<typeof sdkConfigQuery>;

export const sdkPlacement = z.object({
  id: z.number().int(),
  name: z.string(),
  ad_style: z.number().int(),
  content_type: z.array(z.number().int()),
  auto_rotation: z.number().int(),
  country_bottom_price: bottomPrice,
  modify_time: z.string(),
});
export type SdkPlacement = z.infer<typeof sdkPlacement>;

export const sdkConfigAnswer = z.object({
  app_key: z.string(),
  pkg: z.string(),
  /** The server's time (seconds), so an SDK can see its clock skew. */
  server_time: z.number().int(),
  placements: z.array(sdkPlacement),
});
export type SdkConfigAnswer = z.infer<typeof sdkConfigAnswer>;
