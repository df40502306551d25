/**
 * How each table is placed on a Citus cluster (docs/citus.md), the one list of them: a table the schema has
 * and this list does not name fails `test/table-kinds.test.ts`, so a new table is placed on purpose.
 *
 * - `distributed`: a tenant's rows, sharded by `company_id` and co-located, so one company's statements run
 *   on one worker and its foreign keys hold there.
 * - `reference`: small tables every worker joins to (companies, roles), copied to each node.
 * - `local`: kept on the coordinator only: platform-wide lookups and counters keyed by something other than
 *   a company (an email, a client address, a captcha id), written on every sign-in or code request, where a
 *   copy on every node would make each write a two-phase commit.
 */
export type TableKind = "distributed" | "reference" | "local";

export const DISTRIBUTION_COLUMN = "company_id";

export const TABLE_KINDS = {
  company: "reference",
  company_host: "reference",
  role: "reference",
  profit_center: "reference",
  profit_center_notice: "local",
  user_email: "local",
  captcha: "local",
  login_failure: "local",
  sign_in_pass: "local",
  rate_limit: "local",
  email_code: "local",
  mail_queue: "local",
  external_api_sign: "local",
  app_user: "distributed",
  user_role: "distributed",
  session_token: "distributed",
  sign_in_ticket: "distributed",
  user_totp: "distributed",
  user_recovery_code: "distributed",
  two_factor_challenge: "distributed",
  audit_log: "distributed",
  company_asset: "distributed",
  report_api_key: "distributed",
  report_view: "distributed",
  report_schedule: "distributed",
  report_schedule_recipient: "distributed",
  report_schedule_delivery: "distributed",
  app: "distributed",
  ad_position: "distributed",
  ad_position_floor_group: "distributed",
  ad_position_floor_country: "distributed",
  sdk_event_batch: "distributed",
  sdk_event_raw: "distributed",
  sdk_event_hourly: "distributed",
  affiliate_stat: "distributed",
  affiliate_stat_raw: "distributed",
  report_batch: "distributed",
  rpt_online_day: "distributed",
  rpt_online_style: "distributed",
  rpt_online_country: "distributed",
  rpt_online_style_country: "distributed",
  rpt_online_pos: "distributed",
  rpt_online_app_country: "distributed",
  rpt_online_fine: "distributed",
  rpt_online_app: "distributed",
  rpt_online_span: "distributed",
  rpt_online_hour: "distributed",
  rpt_online_hour_pos: "distributed",
  rpt_online_hour_style_country: "distributed",
  rpt_offline_day: "distributed",
  rpt_offline_country: "distributed",
  rpt_offline_sub: "distributed",
  rpt_offline_offer: "distributed",
  rpt_offline_fine: "distributed",
  rpt_offline_span: "distributed",
  // Kysely's bookkeeping of the migrations applied.
  kysely_migration: "local",
  kysely_migration_lock: "local",
  // Made by 0004 and dropped by 0011: a database migrated from scratch on Citus still passes through it.
  outbox: "local",
} as const satisfies Record<string, TableKind>;
