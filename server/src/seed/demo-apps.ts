/**
 * Demo applications and placements of the demo publisher (docs/rules/entities.md#applications): ten apps,
 * forty placements of every ad style, some with per-country floors. Deterministic (names, keys, settings);
 * only the SDK secrets are random (the operator CLI prints them: `app-secret --app-key K`).
 */
import { createHash } from "node:crypto";
import {
  AdStyle,
  type AdStyleValue,
  ALLOWED_CONTENT_TYPES,
  appCreateBody,
  Flag,
  formatContentTypes,
  placementCreateBody,
  stringifyBottomPrice,
} from "@pc/contract";
import type { Db } from "../db/database.ts";
import { type Actor, appKeyOf, createApp, newCredentials } from "../modules/apps/service.ts";
import { createPlacement } from "../modules/placements/service.ts";

const DEMO_APPS = [
  "Puzzle Quest",
  "Daily News",
  "Photo Editor",
  "Fitness Coach",
  "Recipe Book",
  "Weather Now",
  "Music Player",
  "Word Master",
  "Racing Stars",
  "Budget Planner",
] as const;

const STYLE_NAMES: Record<AdStyleValue, string> = {
  [AdStyle.Banner]: "Banner",
  [AdStyle.Native]: "Native",
  [AdStyle.RewardVideo]: "Reward Video",
  [AdStyle.Interstitial]: "Interstitial",
};

const STYLES: readonly AdStyleValue[] = [
  AdStyle.Banner,
  AdStyle.Native,
  AdStyle.RewardVideo,
  AdStyle.Interstitial,
];

const COUNTRY_GROUPS = [
  { countrys: ["US", "CA"], price: 1.2 },
  { countrys: ["GB", "DE", "FR"], price: 0.85 },
  { countrys: ["JP", "KR"], price: 0.9 },
  { countrys: ["BR", "MX", "OTHER"], price: 0.15 },
];

/** The demo key of a package: stable across seeds, so docs and scripts can name it. */
const demoAppKey = (companyId: number, pkg: string): string =>
  appKeyOf(companyId, createHash("sha256").update(`demo-app:${pkg}`).digest("hex").slice(0, 32));

export async function seedDemoApps(db: Db, actor: Actor, timeZone: string): Promise<void> {
  for (const [appIndex, name] of DEMO_APPS.entries()) {
    const pkg = `com.demo.${name.toLowerCase().replaceAll(" ", "")}`;
    const app = await createApp(
      db,
      actor,
      appCreateBody.parse({
        name,
        pkg,
        url: `https://play.google.com/store/apps/details?id=${pkg}`,
        is_online: appIndex % 3 === 2 ? Flag.Off : Flag.On,
      }),
      timeZone,
      { ...newCredentials(actor.companyId), appKey: demoAppKey(actor.companyId, pkg) },
    );
    for (const [styleIndex, style] of STYLES.entries()) {
      const serial = appIndex * STYLES.length + styleIndex;
      const allowed = ALLOWED_CONTENT_TYPES[style];
      const contentTypes = serial % 5 === 4 ? allowed.slice(0, 1) : allowed;
      const perCountry = serial % 3 === 0;
      const defaultPrice = Math.round((0.05 + (serial % 7) * 0.07) * 10000) / 10000;
      await createPlacement(
        db,
        actor,
        placementCreateBody.parse({
          app_id: app.id,
          name: `${name} ${STYLE_NAMES[style]}`,
          ad_style: style,
          content_type: formatContentTypes(contentTypes),
          auto_rotation: style === AdStyle.Banner && appIndex % 2 === 0 ? Flag.On : Flag.Off,
          country_bottom_price: stringifyBottomPrice({
            default_bottom_price: defaultPrice,
            country_open_flag: perCountry ? Flag.On : Flag.Off,
            country_open_items: perCountry ? COUNTRY_GROUPS.slice(0, 2 + (serial % 3)) : [],
          }),
        }),
        timeZone,
      );
    }
  }
}
