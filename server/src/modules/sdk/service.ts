/**
 * The SDK's configuration (DESIGN §5 SDK config): the call is signed with the app's secret by the one
 * signing rule; an unknown app_key and a wrong signature get the same refusal, in the same time.
 */
import { Code, nowSeconds, type SdkConfigAnswer, type SignableParams } from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { safeEqualText } from "../../lib/safe-equal.ts";
import { signatureOf, withinSignatureWindow } from "../../lib/signing.ts";
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

type SdkAppRecord = NonNullable<Awaited<ReturnType<typeof appForSdk>>>;
export type FindSdkApp = (appKey: string) => Promise<SdkAppRecord | undefined>;

/**
 * Checks an SDK call's signature with its app's secret and answers the app. Every SDK call goes through it
 * (the config call, and the events call whose body digest is one of `params`).
 */
export async function verifySdkCall(
  db: Db,
  call: SignedSdkCall,
  now = nowSeconds(),
  findApp: FindSdkApp = (appKey) => appForSdk(db, appKey),
) {
  if (!withinSignatureWindow(Number(call.timestamp), now)) {
    throw new AppError(Code.ParamError, "timestampStale", {}, "timestamp");
  }
  const app = await findApp(call.appKey);
  const expected = signatureOf(app?.sdk_secret ?? DECOY_SECRET, call.params, call.timestamp);
  if (!safeEqualText(call.sign, expected) || !app)
    throw new AppError(Code.ParamError, "signWrong", {}, "sign");
  return app;
}

/**
 * The apps a process has found by key, kept: an app's key, company and secret never change, so the ingest
 * tier looks each up once instead of once a batch. Only a deleted app goes stale; `forget` drops it (ingest
 * does so when a batch names placements the app no longer has, then looks again). Unknown keys are not kept.
 */
export function rememberedApps(db: Db): { find: FindSdkApp; forget: (appKey: string) => void } {
  const known = new Map<string, SdkAppRecord>();
  return {
    find: async (appKey) => {
      const app = known.get(appKey) ?? (await appForSdk(db, appKey));
      if (app) known.set(appKey, app);
      return app;
    },
    forget: (appKey) => known.delete(appKey),
  };
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
