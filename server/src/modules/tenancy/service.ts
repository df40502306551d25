/** Companies: creation with their first super admin, and branding by host. */
import { Code, type CompanyInfo, DEFAULT_THEME, Role } from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { createUser } from "../accounts/service.ts";
import { findCompanyByHost, findOperatorCompany, hostsTaken, insertCompany } from "./repo.ts";

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
