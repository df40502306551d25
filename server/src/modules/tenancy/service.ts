/** Companies: creation with their first super admin, and branding by host. */
import {
  Code,
  type CompanyInfo,
  type CompanyListQuery,
  type CompanyRow,
  DEFAULT_THEME,
  Flag,
  Role,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import { createUser } from "../accounts/service.ts";
import {
  findCompanyByHost,
  findOperatorCompany,
  hostsTaken,
  insertCompany,
  listCompanies,
  lockCompanyProfitCenter,
  setCompanyProfitCenter,
} from "./repo.ts";

export interface CreateCompanyInput {
  name: string;
  hosts: readonly string[];
  isOperator: boolean;
  admin: { email: string; userName: string; passwordMd5: string };
}

export interface CreatedCompany {
  company_id: number;
  account_id: number;
  user_id: number;
}

export async function createCompany(db: Db, input: CreateCompanyInput): Promise<CreatedCompany> {
  const hosts = input.hosts.map((host) => host.trim().toLowerCase()).filter(Boolean);
  const taken = await hostsTaken(db, hosts);
  if (taken.length > 0) throw new AppError(Code.ParamError, "hostTaken", { host: taken.join(", ") }, "host");
  return inTransaction(db, async (tx) => {
    const company = await insertCompany(tx, { name: input.name, hosts, isOperator: input.isOperator });
    await writeAudit(tx, {
      companyId: company.id,
      userId: null,
      action: "create",
      entity: "company",
      entityId: company.id,
      after: { name: input.name, hosts, is_operator: input.isOperator },
    });
    const userId = await createUser(tx, {
      companyId: company.id,
      userName: input.admin.userName,
      email: input.admin.email,
      passwordMd5: input.admin.passwordMd5,
      roleIds: [Role.SuperAdmin],
      actorId: null,
    });
    return { company_id: company.id, account_id: company.account_id, user_id: userId };
  });
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

/** One page of companies for the operators' selects and the signed external API (issue 6). */
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
