/** Companies: creation with their first super admin, and branding by host. */
import { createHash } from "node:crypto";
import {
  accountEmail,
  accountUserName,
  BrandAsset,
  type BrandAssetKind,
  Code,
  type CompanyInfo,
  type CompanyListQuery,
  type CompanyManageRow,
  type CompanyRow,
  checkBrandAsset,
  companyAssetUrl,
  companyHosts,
  type companyManageListQuery,
  companyName,
  DEFAULT_THEME,
  Flag,
  isMessageKey,
  Role,
  themeColor,
} from "@pc/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { PgCode, violated } from "../../lib/db-errors.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import { createUser } from "../accounts/service.ts";
import {
  findAsset,
  findCompanyByHost,
  findManagedCompany,
  findOperatorCompany,
  hostsHeldByOthers,
  hostsOf,
  hostsTaken,
  insertCompany,
  listCompanies,
  listManagedCompanies,
  lockCompanyBranding,
  lockCompanyProfitCenter,
  pruneAssets,
  replaceHosts,
  retireAsset,
  saveAsset,
  setCompanyBranding,
  setCompanyProfitCenter,
} from "./repo.ts";

/** The company reads (and the two-step rule's write) other modules, the CLI and the seed make; the SQL stays here. */
export { countCompanies, findCompany, setCompanyRequiresTwoFactor } from "./repo.ts";

/** The operator admin making a change on the Companies screen: the audit row goes under their company. */
export interface Actor {
  companyId: number;
  userId: number;
}

export interface CreateCompanyInput {
  name: string;
  hosts: readonly string[];
  isOperator: boolean;
  admin: { email: string; userName: string; passwordMd5: string };
  theme?: string | undefined;
  logo?: Uint8Array | undefined;
  icon?: Uint8Array | undefined;
  /** Who creates it on the Companies screen; absent for the CLI, the seed and registration. */
  actor?: Actor | null | undefined;
}

export interface CreatedCompany {
  company_id: number;
  account_id: number;
  user_id: number;
}

/** The value a contract schema makes of an input, or the refusal (604) naming `field` and the issue's path. */
function checked<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [field, ...(issue?.path ?? []).map(String)].join(".");
  const message = issue?.message ?? "";
  if (isMessageKey(message)) throw new AppError(Code.ParamError, message, {}, path);
  throw new AppError(Code.ParamError, "invalidField", { field: path, detail: message }, path);
}

/** An image checked as the screen checks it (type read from its bytes, size), with its type and digest. */
function checkedAsset(kind: BrandAssetKind, bytes: Uint8Array, field: string) {
  const result = checkBrandAsset(kind, bytes);
  if (!result.ok) throw new AppError(Code.ParamError, result.message, {}, field);
  return {
    kind,
    bytes,
    contentType: result.contentType,
    digest: createHash("sha256").update(bytes).digest("hex"),
  };
}

const hostTaken = (hosts: readonly string[]) =>
  new AppError(Code.ParamError, "hostTaken", { host: hosts.join(", ") }, "hosts");

/** A statement refused because another company took one of the hosts meanwhile. */
const isHostRace = (error: unknown) => violated(error, PgCode.UniqueViolation)?.table === "company_host";

/**
 * A new company's fields checked as the Companies screen checks them, without the database (the CLI refuses a
 * mistake before it opens one); whether its hosts are free is `createCompany`'s to check.
 */
export function checkCompanyInput(input: CreateCompanyInput) {
  return {
    name: checked(companyName, input.name, "name"),
    hosts: checked(companyHosts, input.hosts, "hosts"),
    email: checked(accountEmail, input.admin.email, "admin_email"),
    userName: checked(accountUserName, input.admin.userName, "admin_name"),
    theme: input.theme === undefined ? undefined : checked(themeColor, input.theme, "theme"),
    assets: [
      ...(input.logo ? [checkedAsset(BrandAsset.Logo, input.logo, "logo")] : []),
      ...(input.icon ? [checkedAsset(BrandAsset.Icon, input.icon, "icon")] : []),
    ],
  };
}

/**
 * A company with its first super admin: the CLI's `create-company`, the Companies screen, registration and
 * the seed. Name, hosts, admin email and name, theme and images follow the contract's rules; a host another
 * company holds is refused.
 */
export async function createCompany(db: Db, input: CreateCompanyInput): Promise<CreatedCompany> {
  const { name, hosts, email, userName, theme, assets } = checkCompanyInput(input);
  const taken = await hostsTaken(db, hosts);
  if (taken.length > 0) throw hostTaken(taken);
  const actor = input.actor ?? null;
  try {
    return await inTransaction(db, async (tx) => {
      const company = await insertCompany(tx, { name, hosts, isOperator: input.isOperator, theme });
      const branding: Partial<Record<BrandAssetKind, string>> = {};
      for (const asset of assets) {
        await saveAsset(tx, { ...asset, companyId: company.id, userId: actor?.userId ?? null }, new Date());
        branding[asset.kind] = companyAssetUrl(company.id, asset.kind, asset.digest);
      }
      if (assets.length > 0) await setCompanyBranding(tx, company.id, branding);
      await writeAudit(tx, {
        companyId: actor?.companyId ?? company.id,
        userId: actor?.userId ?? null,
        action: "create",
        entity: "company",
        entityId: company.id,
        after: {
          name,
          hosts,
          is_operator: input.isOperator,
          ...(theme ? { theme } : {}),
          ...branding,
        },
      });
      // The new user's own audit row goes under the new company; an operator's id means nothing there.
      const userId = await createUser(tx, {
        companyId: company.id,
        userName,
        email,
        passwordMd5: input.admin.passwordMd5,
        roleIds: [Role.SuperAdmin],
        actorId: null,
      });
      return { company_id: company.id, account_id: company.account_id, user_id: userId };
    });
  } catch (error) {
    if (isHostRace(error)) throw hostTaken(await hostsTaken(db, hosts));
    // The field of this call's input (registration checks its own email field before).
    if (error instanceof AppError && error.messageKey === "emailTaken")
      throw new AppError(Code.ParamError, "emailTaken", {}, "admin_email");
    throw error;
  }
}

const DEFAULT_BRANDING: Omit<CompanyInfo, "host"> = {
  name: "Publisher Console",
  ssp_host: "",
  icon: "",
  logo: "",
  theme: DEFAULT_THEME,
};

/** The branding of the company serving a host; an unknown host gets the operator's default branding. */
export async function brandingForHost(db: Db, host: string): Promise<CompanyInfo> {
  const company = (await findCompanyByHost(db, host)) ?? (await findOperatorCompany(db));
  if (!company) return { ...DEFAULT_BRANDING, host };
  return {
    host,
    name: company.name,
    ssp_host: company.ssp_host,
    icon: company.icon,
    logo: company.logo,
    theme: company.theme || DEFAULT_THEME,
  };
}

const flagOf = (value: boolean) => (value ? Flag.On : Flag.Off);

/**
 * One page of companies for the operators' selects and the signed external API
 * (docs/api.md#signed-external-api).
 */
export async function companyList(
  db: Db,
  query: CompanyListQuery,
  timeZone: string,
): Promise<{ list: CompanyRow[]; total: number }> {
  const { rows, total } = await listCompanies(
    db,
    { isPublisher: query.is_publisher, cooperationTypes: query.cooperation_types },
    pageWindow(query.page_no, query.page_size),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      account_id: row.account_id,
      is_publisher: flagOf(row.is_publisher),
      is_operator: flagOf(row.is_operator),
      cooperation_types: row.cooperation_types,
      profit_center_id: row.profit_center_id,
      create_time: formatDateTime(row.create_time, timeZone),
      modify_time: formatDateTime(row.modify_time, timeZone),
    })),
    total,
  };
}

export interface ProfitCenterMove {
  companyId: number;
  /** The new profit centre (the caller checked it may take companies), or null to leave every one. */
  profitCenterId: number | null;
  /** What asked for the move, recorded in the audit log. */
  noticeId: string;
}

/**
 * Moves a company to another profit centre inside the caller's transaction, with an audit row.
 * Answers the profit centre before and after, or null when the company already was there.
 */
export async function moveCompanyToProfitCenter(
  tx: Db,
  move: ProfitCenterMove,
): Promise<{ before: number | null; after: number | null } | null> {
  const company = await lockCompanyProfitCenter(tx, move.companyId);
  if (!company) throw new AppError(Code.ParamError, "companyNotFound", { id: move.companyId }, "company_id");
  if (company.profit_center_id === move.profitCenterId) return null;
  await setCompanyProfitCenter(tx, move.companyId, move.profitCenterId);
  await writeAudit(tx, {
    companyId: move.companyId,
    userId: null,
    action: "update",
    entity: "company",
    entityId: move.companyId,
    before: { profit_center_id: company.profit_center_id },
    after: { profit_center_id: move.profitCenterId, notice_id: move.noticeId },
  });
  return { before: company.profit_center_id, after: move.profitCenterId };
}

/** The operator company's id, under which platform-wide changes are audited. */
export async function operatorCompanyId(db: Db): Promise<number | null> {
  return (await findOperatorCompany(db))?.id ?? null;
}

// ── The Companies screen (docs/rules/screens.md#companies) ─────────────────────────────────────────────────

/** A replaced logo or icon is kept this long: a browser still holding the previous branding finds it. */
export const REPLACED_ASSET_KEEP_MS = 24 * 3600 * 1000;

type ManagedCompany = NonNullable<Awaited<ReturnType<typeof findManagedCompany>>>;

function managedRow(row: ManagedCompany, hosts: string[], timeZone: string): CompanyManageRow {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    hosts,
    theme: row.theme || DEFAULT_THEME,
    logo: row.logo,
    icon: row.icon,
    is_publisher: flagOf(row.is_publisher),
    is_operator: flagOf(row.is_operator),
    create_time: formatDateTime(row.create_time, timeZone),
    modify_time: formatDateTime(row.modify_time, timeZone),
  };
}

/** One page of every company with its hosts and branding, for the operator admins. */
export async function managedCompanyList(
  db: Db,
  query: z.output<typeof companyManageListQuery>,
  timeZone: string,
): Promise<{ list: CompanyManageRow[]; total: number }> {
  const { rows, total } = await listManagedCompanies(
    db,
    query.name,
    pageWindow(query.page_no, query.page_size),
  );
  const hosts = await hostsOf(
    db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => managedRow(row, hosts.get(row.id) ?? [], timeZone)), total };
}

/** A company as the Companies screen shows it. */
export async function managedCompany(db: Db, companyId: number, timeZone: string): Promise<CompanyManageRow> {
  const row = await findManagedCompany(db, companyId);
  if (!row) throw companyNotFound(companyId);
  return managedRow(row, (await hostsOf(db, [companyId])).get(companyId) ?? [], timeZone);
}

const companyNotFound = (id: number) =>
  new AppError(Code.ParamError, "companyNotFound", { id }, "company_id");

/** Runs a change of one company's branding or hosts with its row locked, then audits what changed. */
async function changeCompany(
  db: Db,
  companyId: number,
  actor: Actor | null,
  change: (
    tx: Db,
    current: NonNullable<Awaited<ReturnType<typeof lockCompanyBranding>>>,
  ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> } | null>,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await lockCompanyBranding(tx, companyId);
    if (!current) throw companyNotFound(companyId);
    const changed = await change(tx, current);
    if (!changed) return;
    await writeAudit(tx, {
      companyId: actor?.companyId ?? companyId,
      userId: actor?.userId ?? null,
      action: "update",
      entity: "company",
      entityId: companyId,
      before: changed.before,
      after: changed.after,
    });
  });
}

/** Whether two lists of distinct hosts hold the same hosts. */
const sameHosts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((host) => b.includes(host));

/** The company's hosts become these; a host another company holds is refused. */
export async function setCompanyHosts(
  db: Db,
  input: { companyId: number; hosts: readonly string[]; actor: Actor | null },
): Promise<void> {
  const hosts = checked(companyHosts, input.hosts, "hosts");
  try {
    await changeCompany(db, input.companyId, input.actor, async (tx) => {
      const before = (await hostsOf(tx, [input.companyId])).get(input.companyId) ?? [];
      if (sameHosts(before, hosts)) return null;
      const taken = await hostsHeldByOthers(tx, input.companyId, hosts);
      if (taken.length > 0) throw hostTaken(taken);
      await replaceHosts(tx, input.companyId, hosts);
      await setCompanyBranding(tx, input.companyId, {});
      return { before: { hosts: before }, after: { hosts: [...hosts].sort() } };
    });
  } catch (error) {
    if (isHostRace(error)) throw hostTaken(await hostsHeldByOthers(db, input.companyId, hosts));
    throw error;
  }
}

export async function setCompanyTheme(
  db: Db,
  input: { companyId: number; theme: string; actor: Actor | null },
): Promise<void> {
  const theme = checked(themeColor, input.theme, "theme");
  await changeCompany(db, input.companyId, input.actor, async (tx, current) => {
    if (current.theme.toUpperCase() === theme) return null;
    await setCompanyBranding(tx, input.companyId, { theme });
    return { before: { theme: current.theme }, after: { theme } };
  });
}

/**
 * The company's logo or favicon becomes this image (checked as the screen checks it; the refusal names
 * `field`); its URL is in the branding answer from then on.
 */
export async function setCompanyAsset(
  db: Db,
  input: { companyId: number; kind: BrandAssetKind; bytes: Uint8Array; actor: Actor | null; field?: string },
): Promise<void> {
  const asset = checkedAsset(input.kind, input.bytes, input.field ?? input.kind);
  const url = companyAssetUrl(input.companyId, input.kind, asset.digest);
  await changeCompany(db, input.companyId, input.actor, async (tx, current) => {
    if (current[input.kind] === url) return null;
    const now = new Date();
    await saveAsset(tx, { ...asset, companyId: input.companyId, userId: input.actor?.userId ?? null }, now);
    await pruneAssets(tx, input.companyId, input.kind, new Date(now.getTime() - REPLACED_ASSET_KEEP_MS));
    await setCompanyBranding(tx, input.companyId, { [input.kind]: url });
    return {
      before: { [input.kind]: current[input.kind] },
      after: { [input.kind]: url, content_type: asset.contentType, bytes: asset.bytes.length },
    };
  });
}

/** The company has no logo (the console shows its initial) or no favicon (the console's own) any more. */
export async function removeCompanyAsset(
  db: Db,
  input: { companyId: number; kind: BrandAssetKind; actor: Actor | null },
): Promise<void> {
  await changeCompany(db, input.companyId, input.actor, async (tx, current) => {
    if (current[input.kind] === "") return null;
    const now = new Date();
    await retireAsset(tx, input.companyId, input.kind, now);
    await pruneAssets(tx, input.companyId, input.kind, new Date(now.getTime() - REPLACED_ASSET_KEEP_MS));
    await setCompanyBranding(tx, input.companyId, { [input.kind]: "" });
    return { before: { [input.kind]: current[input.kind] }, after: { [input.kind]: "" } };
  });
}

/** A stored image (current or recently replaced) by its URL's parts, or null. */
export async function companyAsset(db: Db, companyId: number, kind: BrandAssetKind, digest: string) {
  return (await findAsset(db, companyId, kind, digest)) ?? null;
}
