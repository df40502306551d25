/** SQL of the tenancy module: companies and their hosts. */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

const brandingColumns = ["company.id", "company.name", "ssp_host", "icon", "logo", "theme"] as const;

export function findCompanyByHost(db: Db, host: string) {
  return db
    .selectFrom("company_host")
    .innerJoin("company", "company.id", "company_host.company_id")
    .select([...brandingColumns, "company_host.host"])
    .where("company_host.host", "=", host.toLowerCase())
    .executeTakeFirst();
}

export function findOperatorCompany(db: Db) {
  return db.selectFrom("company").select(brandingColumns).where("is_operator", "=", true).executeTakeFirst();
}

export function findCompany(db: Db, companyId: number) {
  return db
    .selectFrom("company")
    .select(["id", "account_id", "name", "is_operator"])
    .where("id", "=", companyId)
    .executeTakeFirst();
}

export async function hostsTaken(db: Db, hosts: readonly string[]): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db.selectFrom("company_host").select("host").where("host", "in", hosts).execute();
  return rows.map((row) => row.host);
}

export async function countCompanies(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("company")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface NewCompany {
  name: string;
  hosts: readonly string[];
  isOperator: boolean;
  theme?: string | undefined;
  logo?: string | undefined;
}

export async function insertCompany(db: Db, company: NewCompany) {
  const row = await db
    .insertInto("company")
    .values({
      name: company.name,
      is_operator: company.isOperator,
      is_publisher: !company.isOperator,
      ...(company.theme ? { theme: company.theme } : {}),
      ...(company.logo ? { logo: company.logo } : {}),
    })
    .returning(["id", "account_id"])
    .executeTakeFirstOrThrow();
  if (company.hosts.length > 0) {
    await db
      .insertInto("company_host")
      .values(company.hosts.map((host) => ({ host, company_id: row.id })))
      .execute();
  }
  return row;
}

export interface CompanyFilter {
  isPublisher?: boolean | undefined;
  /** Companies having any of these cooperation types; empty = no filter. */
  cooperationTypes: readonly number[];
}

function filteredCompanies(db: Db, filter: CompanyFilter) {
  let query = db.selectFrom("company");
  if (filter.isPublisher !== undefined) query = query.where("is_publisher", "=", filter.isPublisher);
  if (filter.cooperationTypes.length > 0) {
    query = query.where(
      sql<boolean>`cooperation_types && array[${sql.join(filter.cooperationTypes)}]::integer[]`,
    );
  }
  return query;
}

export async function listCompanies(db: Db, filter: CompanyFilter, page: { limit: number; offset: number }) {
  const [rows, counted] = await Promise.all([
    filteredCompanies(db, filter)
      .select([
        "id",
        "name",
        "account_id",
        "is_publisher",
        "is_operator",
        "cooperation_types",
        "profit_center_id",
        "create_time",
        "modify_time",
      ])
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filteredCompanies(db, filter)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.count) };
}

/** The company's profit centre, locking the row until the transaction ends. */
export function lockCompanyProfitCenter(db: Db, companyId: number) {
  return db
    .selectFrom("company")
    .select(["id", "profit_center_id"])
    .where("id", "=", companyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setCompanyProfitCenter(db: Db, companyId: number, profitCenterId: number | null) {
  await db
    .updateTable("company")
    .set({ profit_center_id: profitCenterId, modify_time: new Date() })
    .where("id", "=", companyId)
    .execute();
}
