/**
 * The SDK's configuration (docs/api.md#report-data-in-the-sdk-and-affiliate-networks): the call is signed
 * with the app's secret by the one signing rule; an unknown app_key and a wrong signature get the same
 * refusal, in the same time.
 */
import type { SdkConfigAnswer } from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { SignedCalls, type SignedOptions, sdkRules } from "../../plugins/signed.ts";
import { appForSdk } from "../apps/service.ts";
import { sdkPlacements } from "../placements/service.ts";

/** Signing with this for an unknown key keeps its answer time like that of a wrong signature. */
const DECOY_SECRET = "sdk-config-decoy-secret";

export type SdkAppRecord = NonNullable<Awaited<ReturnType<typeof appForSdk>>>;
export type FindSdkApp = (appKey: string) => Promise<SdkAppRecord | undefined>;

/**
 * The signed calls of an SDK route group (the config call, and the events call whose body digest is signed as
 * `body`): each is checked with the secret of the app its app_key names, by rule 1; the `signed` plugin does it
 * where `verifyAt` says. A sign may be sent again within the window.
 */
export const sdkSignedCalls = (
  findApp: FindSdkApp,
  verifyAt: SignedOptions<SdkAppRecord>["verifyAt"],
): SignedCalls<SdkAppRecord> =>
  new SignedCalls({
    rules: sdkRules,
    secret: { signerOf: findApp, secretOf: (app) => app.sdk_secret, decoy: DECOY_SECRET },
    verifyAt,
  });

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

/** The configuration of an app whose call was verified. */
export async function sdkConfig(
  db: Db,
  app: SdkAppRecord,
  now: number,
  timeZone: string,
): Promise<SdkConfigAnswer> {
  return {
    app_key: app.app_key,
    pkg: app.pkg,
    server_time: now,
    placements: await sdkPlacements(db, app.company_id, app.id, timeZone),
  };
}
