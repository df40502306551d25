/** The database as Kysely sees it. Each module owns its tables (ARCHITECTURE.md#the-parts). */
import type { ColumnType, Generated } from "kysely";

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface CompanyTable {
  id: Generated<number>;
  account_id: Generated<number>;
  name: string;
  ssp_host: Generated<string>;
  icon: Generated<string>;
  logo: Generated<string>;
  theme: Generated<string>;
  is_publisher: Generated<boolean>;
  cooperation_types: Generated<number[]>;
  profit_center_id: Generated<number | null>;
  is_operator: Generated<boolean>;
  /** Every user must sign in with two-step verification (migration 0014). */
  require_two_factor: Generated<boolean>;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
}

export interface CompanyHostTable {
  host: string;
  company_id: number;
}

/** A version of a company's logo or favicon (tenancy; migration 0013). */
export interface CompanyAssetTable {
  company_id: number;
  kind: string;
  /** SHA-256 hex of `bytes`. */
  digest: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  create_time: CreatedAt;
  create_user_id: number | null;
  /** Null for the current version. */
  replaced_time: Date | null;
}

export interface RoleTable {
  id: number;
  name: string;
}

export interface AppUserTable {
  company_id: number;
  id: Generated<number>;
  user_name: string;
  email: string;
  password_hash: string;
  status: Generated<number>;
  report_scope: Generated<string>;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
  modify_user_id: number | null;
}

/** The platform-wide email of each user (migration 0021): sign-in finds a user's company by it. */
export interface UserEmailTable {
  /** Lower-cased. */
  email: string;
  company_id: number;
  user_id: number;
}

export interface UserRoleTable {
  company_id: number;
  user_id: number;
  role_id: number;
}

export interface SessionTokenTable {
  token_hash: string;
  company_id: number;
  user_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  create_time: CreatedAt;
}

export interface SignInTicketTable {
  company_id: number;
  ticket_hash: string;
  token_hash: string;
  expires_at: Date;
}

/** A user's authenticator secret (two-factor; migration 0014): pending while `enabled_time` is null. */
export interface UserTotpTable {
  company_id: number;
  user_id: number;
  /** `plain:<base32>` or `aes1:<iv>.<tag>.<ciphertext>` (sealed with TWO_FACTOR_KEY). */
  secret: string;
  enabled_time: Date | null;
  /** The time step of the last code accepted: a code of this step or an earlier one is refused. */
  last_step: Generated<number>;
  create_time: CreatedAt;
}

export interface UserRecoveryCodeTable {
  company_id: number;
  user_id: number;
  code_hash: string;
  used_time: Date | null;
}

/** The second step of a sign-in (passport; migration 0014). */
export interface TwoFactorChallengeTable {
  ticket_hash: string;
  company_id: number;
  user_id: number;
  purpose: "verify" | "enrol";
  attempts: Generated<number>;
  expires_at: Date;
}

export interface CaptchaTable {
  id: string;
  answer: string;
  expires_at: Date;
}

export interface LoginFailureTable {
  scope: string;
  key: string;
  failures: number;
  locked_until: Date | null;
  last_failure_at: Date;
  window_start: UpdatedAt;
}

export interface SignInPassTable {
  id: string;
  address: string;
  captchas: number;
  expires_at: Date;
}

export interface RateLimitTable {
  scope: string;
  key: string;
  window_start: Date;
  hits: number;
}

/** A reporting API key (docs/api.md#reporting-api): only the SHA-256 of its secret is kept. */
export interface ReportApiKeyTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  key_hash: string;
  /** `pck_<companyId>_` and the first characters of the random part. */
  key_prefix: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  create_time: CreatedAt;
  create_user_id: number | null;
  modify_time: UpdatedAt;
  modify_user_id: number | null;
}

export interface AuditLogTable {
  company_id: number;
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  create_time: CreatedAt;
}

export interface ProfitCenterTable {
  id: number;
  name: string;
  status: Generated<number>;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
}

export interface ProfitCenterNoticeTable {
  notice_id: string;
  type: string;
  payload: unknown;
  /** Null only inside the transaction that applies the notice. */
  result: unknown;
  create_time: CreatedAt;
}

export interface ExternalApiSignTable {
  sign: string;
  expires_at: Date;
}

/** Money columns (numeric) arrive as numbers (see database.ts) and may be written as numbers. */
type Money = ColumnType<number, number | string, number | string>;

export interface AppTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  pkg: string;
  url: string;
  platform: Generated<number>;
  is_online: Generated<number>;
  app_key: string;
  /** The SDK signing secret: never answered by the API (the operator CLI prints it). */
  sdk_secret: string;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
  modify_user_id: number | null;
}

export interface AdPositionTable {
  company_id: number;
  id: Generated<number>;
  app_id: number;
  name: string;
  ad_style: number;
  content_type: number[];
  auto_rotation: Generated<number>;
  default_bottom_price: Money | null;
  country_open_flag: Generated<number>;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
  modify_user_id: number | null;
}

export interface AdPositionFloorGroupTable {
  company_id: number;
  ad_position_id: number;
  group_no: number;
  price: Money;
}

export interface AdPositionFloorCountryTable {
  company_id: number;
  ad_position_id: number;
  country: string;
  group_no: number;
  /** The order the countries of a group were saved in. */
  position: number;
}

/**
 * An emailed 6-digit code (password reset, registration): only its hash is kept
 * (docs/rules/sign-in.md#password-calls).
 */
export interface EmailCodeTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  create_time: CreatedAt;
}

/** Emailed codes waiting to leave: see migrations/0017_mail_queue.ts. */
export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  email_code_id: number;
  to_address: string;
  lang: string;
  sealed_code: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  give_up_at: Date;
  claim_id: string | null;
  last_error: string | null;
  sent_time: Date | null;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
}

/**
 * Report pipeline (docs/rules/reports.md#pipeline): see migrations/0005_reports.ts. Counters are bigint,
 * money numeric.
 */
type Counter = ColumnType<number, number | string, number | string>;

export interface SdkEventBatchTable {
  company_id: number;
  app_id: number;
  batch_id: string;
  event_count: number;
  create_time: CreatedAt;
}

/** A company's SDK counters of a placement, country and hour. */
interface SdkEventCounters {
  company_id: number;
  hour: Date;
  ad_position_id: number;
  country: string;
  app_id: number;
  ad_style: number;
  request: Counter;
  fill: Counter;
  show: Counter;
  click: Counter;
  revenue: Money;
}

export interface SdkEventHourlyTable extends SdkEventCounters {
  modify_time: UpdatedAt;
}

/** Appended by each SDK batch, folded into sdk_event_hourly by the calculation (migrations/0008). */
export interface SdkEventRawTable extends SdkEventCounters {}

/** Appended by each affiliate call, the latest per key folded into affiliate_stat by the calculation. */
export interface AffiliateStatRawTable extends AffiliateStatCounters {
  call_id: number;
}

/** A company's affiliate counters of a day, sub-channel, offer, package and country. */
interface AffiliateStatCounters {
  company_id: number;
  dt: ColumnType<Date, string, string>;
  sub_channel: string;
  offer_id: string;
  pkg_name: string;
  country: string;
  click: Counter;
  conversion: Counter;
  refuse: Counter;
  settle_amount: Money;
  payout: Money;
}

export interface AffiliateStatTable extends AffiliateStatCounters {
  modify_time: UpdatedAt;
}

export interface ReportBatchTable {
  company_id: number;
  kind: string;
  dt: ColumnType<Date, string, string>;
  status: Generated<string>;
  queued: Generated<boolean>;
  publish_after: Generated<boolean>;
  reason: string | null;
  claim_id: string | null;
  attempts: Generated<number>;
  row_count: number | null;
  started_at: Date | null;
  /** Renewed by the worker running the calculation; an old one lets another worker take it over. */
  heartbeat_at: Date | null;
  calculate_time: Date | null;
  publish_time: Date | null;
  modify_time: UpdatedAt;
  modify_user_id: number | null;
}

export interface ReportScheduleTable {
  company_id: number;
  id: Generated<number>;
  owner_user_id: number;
  name: string;
  kind: string;
  /** The saved query (contract: onlineScheduleQuery / offlineScheduleQuery output), as JSON text on write. */
  query: ColumnType<unknown, string, string>;
  frequency: string;
  weekday: number | null;
  lang: string;
  enabled: Generated<boolean>;
  enabled_since: ColumnType<Date, Date | undefined, Date>;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
  modify_user_id: number | null;
}

export interface ReportViewTable {
  company_id: number;
  id: Generated<number>;
  user_id: number;
  kind: string;
  name: string;
  /** The saved selection (contract: onlineViewSelection / offlineViewSelection output), as JSON text on write. */
  selection: ColumnType<unknown, string, string>;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
}

export interface ReportScheduleRecipientTable {
  company_id: number;
  schedule_id: number;
  user_id: number;
  unsubscribe_token: string;
}

export interface ReportScheduleDeliveryTable {
  company_id: number;
  id: Generated<number>;
  schedule_id: number;
  period_start: ColumnType<Date, string, string>;
  period_end: ColumnType<Date, string, string>;
  manual: Generated<boolean>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  claim_id: string | null;
  last_error: string | null;
  sent_user_ids: Generated<number[]>;
  sent_time: Date | null;
  create_time: CreatedAt;
  modify_time: UpdatedAt;
}

export interface Database {
  company: CompanyTable;
  company_host: CompanyHostTable;
  company_asset: CompanyAssetTable;
  role: RoleTable;
  app_user: AppUserTable;
  user_email: UserEmailTable;
  user_role: UserRoleTable;
  session_token: SessionTokenTable;
  sign_in_ticket: SignInTicketTable;
  user_totp: UserTotpTable;
  user_recovery_code: UserRecoveryCodeTable;
  two_factor_challenge: TwoFactorChallengeTable;
  captcha: CaptchaTable;
  login_failure: LoginFailureTable;
  sign_in_pass: SignInPassTable;
  rate_limit: RateLimitTable;
  audit_log: AuditLogTable;
  report_api_key: ReportApiKeyTable;
  app: AppTable;
  ad_position: AdPositionTable;
  ad_position_floor_group: AdPositionFloorGroupTable;
  ad_position_floor_country: AdPositionFloorCountryTable;
  email_code: EmailCodeTable;
  mail_queue: MailQueueTable;
  profit_center: ProfitCenterTable;
  profit_center_notice: ProfitCenterNoticeTable;
  external_api_sign: ExternalApiSignTable;
  sdk_event_batch: SdkEventBatchTable;
  sdk_event_hourly: SdkEventHourlyTable;
  sdk_event_raw: SdkEventRawTable;
  affiliate_stat: AffiliateStatTable;
  affiliate_stat_raw: AffiliateStatRawTable;
  report_batch: ReportBatchTable;
  report_schedule: ReportScheduleTable;
  report_schedule_recipient: ReportScheduleRecipientTable;
  report_schedule_delivery: ReportScheduleDeliveryTable;
  report_view: ReportViewTable;
}
