/**
 * Report test helpers: SDK event batches signed as an app sends them, affiliate stats signed as a
 * partner sends them, operator and publisher calls of the report endpoints, and report days relative to
 * today (REPORT_TZ is UTC in the tests).
 */
import {
  AFFILIATE_STATS_PATH,
  addReportDays,
  nowSeconds,
  type ReportManageAnswer,
  ReportScope,
  Role,
  type RoleId,
  reportDateToIso,
  SDK_EVENTS_PATH,
  sign,
  signedParams,
  todayInTimeZone,
} from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "../../src/db/database.ts";
import { appSecret } from "../../src/modules/apps/service.ts";
import { issueToken } from "../../src/modules/identity/sessions.ts";
import { makeUser } from "./accounts.ts";
import { type Answer, call } from "./app.ts";
import { signedCall } from "./external.ts";
import { callAs, type Publisher } from "./publisher.ts";

/** yyyyMMdd `n` days before today (UTC). */
export const daysAgo = (n: number): string => addReportDays(todayInTimeZone("UTC"), -n);
/** yyyy-MM-DD `n` days before today (UTC). */
export const isoDaysAgo = (n: number): string => reportDateToIso(daysAgo(n));
/** An ISO UTC hour on the day `n` days ago. */
export const hourOf = (n: number, hour: number): string =>
  `${isoDaysAgo(n)}T${String(hour).padStart(2, "0")}:00:00Z`;

export interface SdkApp {
  id: number;
  appKey: string;
  secret: string;
}

export async function sdkAppOf(db: Db, appId: number): Promise<SdkApp> {
  const row = await db
    .selectFrom("app")
    .select(["id", "app_key"])
    .where("id", "=", appId)
    .executeTakeFirstOrThrow();
  const found = await appSecret(db, row.app_key);
  if (!found) throw new Error(`no secret for app ${appId}`);
  return { id: row.id, appKey: row.app_key, secret: found.secret };
}

export interface SdkEventInput {
  adpos_id: number;
  country: string;
  hour: string;
  request: number;
  fill: number;
  show: number;
  click: number;
  revenue: number;
}

/** Sends a batch of events as the SDK does: the body's digest signed with the app's secret. */
export async function sendEvents(
  app: FastifyInstance,
  sdk: SdkApp,
  body: unknown,
  options: { secret?: string; timestamp?: number; raw?: string } = {},
): Promise<Answer<{ batch_id: string; accepted: boolean; events: number }>> {
  const text = options.raw ?? JSON.stringify(body);
  const timestamp = options.timestamp ?? nowSeconds();
  const query = { app_key: sdk.appKey };
  const signature = await sign(options.secret ?? sdk.secret, await signedParams(query, text), timestamp);
  return call(app, {
    method: "POST",
    url: `${SDK_EVENTS_PATH}?${new URLSearchParams({ ...query, timestamp: String(timestamp), sign: signature })}`,
    headers: { "content-type": "application/json", lang: "en" },
    payload: text,
  });
}

let batchSerial = 0;
export const batchId = () => `batch-${Date.now().toString(36)}-${++batchSerial}`;

export interface AffiliateRowInput {
  dt: string;
  sub_channel: string;
  offer_id: string;
  pkg_name: string;
  country: string;
  click: number;
  conversion: number;
  refuse: number;
  settle_amount: number;
  payout: number;
}

/** Sends affiliate stats as a partner does (signed with EXTERNAL_API_SECRET, body digest included). */
export function sendAffiliate(app: FastifyInstance, companyId: number, rows: readonly AffiliateRowInput[]) {
  return signedCall<{ company_id: number; rows: number }>(
    app,
    "POST",
    AFFILIATE_STATS_PATH,
    {},
    {
      body: JSON.stringify({ company_id: companyId, rows }),
    },
  );
}

/** A report management call (GET /v1/{kind}/{action}?date&company_id). */
export function manage(
  app: FastifyInstance,
  who: Publisher,
  kind: "online" | "offline",
  action: "calculate" | "publish" | "delete",
  date: string,
  companyId?: number,
) {
  const query: Record<string, string> = { date };
  if (companyId !== undefined) query.company_id = String(companyId);
  return callAs<ReportManageAnswer>(app, who, { method: "GET", url: `/v1/${kind}/${action}`, query });
}

/** A report query (POST) as a user. */
export function report<T = unknown>(
  app: FastifyInstance,
  who: Publisher,
  path: string,
  body: Record<string, unknown>,
  lang: "zh" | "en" = "en",
) {
  return callAs<T>(app, who, { method: "POST", url: path, payload: body }, lang);
}

/** The operator company's super admin (report.manage), with a session token. */
export async function operatorAdmin(db: Db): Promise<Publisher> {
  const row = await db
    .selectFrom("app_user")
    .select(["company_id", "id"])
    .where("email", "=", "operator@platform.test")
    .executeTakeFirstOrThrow();
  return { companyId: row.company_id, userId: row.id, token: await issueToken(db, row.company_id, row.id) };
}

/** A user of a company with a role and report scope, with a session token. */
export async function reportUser(
  db: Db,
  company: { companyId: number },
  options: { role?: RoleId; sdkOnly?: boolean } = {},
): Promise<Publisher> {
  const made = await makeUser(
    db,
    { companyId: company.companyId, accountId: 0 },
    {
      role: options.role ?? Role.OperationsStaff,
      reportScope: options.sdkOnly ? ReportScope.SdkOnly : ReportScope.All,
    },
  );
  return {
    companyId: made.companyId,
    userId: made.userId,
    token: await issueToken(db, made.companyId, made.userId),
  };
}

/** Creates an app and placements through the API; answers their ids. */
export async function appWithPlacements(
  app: FastifyInstance,
  who: Publisher,
  name: string,
  styles: readonly number[],
): Promise<{ appId: number; placements: { id: number; style: number }[] }> {
  const pkg = `com.rpt.${name.toLowerCase().replace(/[^a-z]/g, "")}${Date.now().toString(36)}`;
  const created = await callAs<{ id: number }>(app, who, {
    method: "POST",
    url: "/v1/app",
    payload: { name, pkg, url: "https://reports.test" },
  });
  if (created.code !== 200) throw new Error(`app ${name}: ${created.msg}`);
  const CONTENT: Record<number, string> = { 1: "5,6", 2: "1,2", 3: "3,4", 4: "1,2" };
  const placements: { id: number; style: number }[] = [];
  for (const [index, style] of styles.entries()) {
    const answer = await callAs<{ id: number }>(app, who, {
      method: "POST",
      url: "/v1/adpos",
      payload: {
        app_id: created.data.id,
        name: `${name.slice(0, 20)} S${index + 1}`,
        ad_style: style,
        content_type: CONTENT[style],
      },
    });
    if (answer.code !== 200) throw new Error(`placement of ${name}: ${answer.msg}`);
    placements.push({ id: answer.data.id, style });
  }
  return { appId: created.data.id, placements };
}

/** Four decimals, as the report answers its money and rates. */
export const round4 = (value: number) => Math.round(value * 1e4 + Number.EPSILON * 1e4) / 1e4;
/** A rate as the report answers it: 0 over nothing. */
export const rate = (numerator: number, denominator: number) =>
  denominator === 0 ? 0 : round4(numerator / denominator);

/** The SDK counters of one raw event. */
export interface OnlineCounters {
  request: number;
  fill: number;
  show: number;
  click: number;
  revenue: number;
}

/** The SDK report's metrics of a group of raw events, computed here as the report must answer them. */
export function expectedOnlineMetrics(group: readonly OnlineCounters[]) {
  const sum = (pick: (e: OnlineCounters) => number) => group.reduce((total, e) => total + pick(e), 0);
  const [request, fill, show, click, revenue] = [
    sum((e) => e.request),
    sum((e) => e.fill),
    sum((e) => e.show),
    sum((e) => e.click),
    sum((e) => e.revenue),
  ];
  return {
    requestNum: request,
    recallNum: fill,
    recallRate: rate(fill, request),
    showNum: show,
    showRate: rate(show, fill),
    clickNum: click,
    clickRate: rate(click, show),
    settleAmount: round4(revenue),
    settleEcpm: show === 0 ? 0 : round4((revenue * 1000) / show),
  };
}

/**
 * `apps` apps of a company written straight into the database (bulk data for the PGlite tests), each with a
 * placement of every ad style; `tag` names them.
 */
export async function bulkPlacements(db: Db, companyId: number, apps: number, tag: string): Promise<void> {
  await sql`
    insert into app (company_id, name, pkg, url, app_key, sdk_secret)
    select ${companyId}, ${tag} || ' App ' || g, 'com.' || ${tag} || '.app' || g, 'https://' || ${tag} || '.test',
      md5(${tag} || '-' || g), 'secret'
    from generate_series(1, ${apps}) as g`.execute(db);
  await sql`
    insert into ad_position (company_id, app_id, name, ad_style, content_type)
    select a.company_id, a.id, 'Slot ' || a.id || '-' || s, s,
      (case s when 1 then '{5,6}' when 3 then '{3,4}' else '{1,2}' end)::smallint[]
    from app a cross join generate_series(1, 4) as s where a.company_id = ${companyId}`.execute(db);
}
