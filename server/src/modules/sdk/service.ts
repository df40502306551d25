/**
 * The SDK's configuration (DESIGN §5 SDK config): the call is signed with the app's secret by the one
 * signing rule; an unknown app_key and a wrong signature get the same refusal, in the same time.
 */
import { timingSafeEqual } from "node:crypto";
import {
  Code,
  nowSeconds,
  SDK_CLOCK_SKEW_SECONDS,
  type SdkConfigAnswer,
  type SignableParams,
  sign,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { appForSdk } from "../apps/service.ts";
import { sdkPlacements } from "../placements/service.ts";

export interface SignedSdkCall {
  appKey: string;
  /** The timestamp as sent (it is signed as sent). */
  timestamp: string;
  sign: string;
  /** Every query parameter (sign and timestamp are left out by the rule). */
  params: SignableParams;
}

/** Signing with this for an unknown key keeps its answer time like that of a wrong signature. */
const DECOY_SECRET = "sdk-config-decoy-secret";

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Checks an SDK call's signature with its app's secret and answers the app. Every SDK call goes through it
 * (the config call, and the events call whose body digest is one of `params`).
 */
export async function verifySdkCall(db: Db, call: SignedSdkCall, now = nowSeconds()) {
  if (Math.abs(now - Number(call.timestamp)) > SDK_CLOCK_SKEW_SECONDS) {
    throw new AppError(Code.ParamError, "timestampStale", {}, "timestamp");
  }
  const app = await appForSdk(db, call.appKey);
  const expected = await sign(app?.sdk_secret ?? DECOY_SECRET, call.params, call.timestamp);
  if (!sameText(call.sign, expected) || !app) throw new AppError(Code.ParamError, "signWrong", {}, "sign");
  return app;
}

export async function sdkConfig(db: Db, call: SignedSdkCall, timeZone: string): Promise<SdkConfigAnswer> {
  const now = nowSeconds();
  const app = await verifySdkCall(db, call, now);
  return {
    app_key: app.app_key,
    pkg: app.pkg,
    server_time: now,
    placements: await sdkPlacements(db, app.company_id, app.id, timeZone),
  };
}
