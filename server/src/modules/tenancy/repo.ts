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
    .select(["id", "account_id", "name", "is_operator", "require_two_factor"])
    .where("id", "=", companyId)
    .executeTakeFirst();
}

/**
 * The company's rule: every user signs in with two-step verification
 * (docs/rules/sign-in.md#two-step-verification).
 */
export async function setCompanyRequiresTwoFactor(db: Db, companyId: number, required: boolean) {
  await db
    .updateTable("company")
    .set({ require_two_factor: required, modify_time: sql<Date>`now()` })
    .where("id", "=", companyId)
    .execute();
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
}

export async function insertCompany(db: Db, company: NewCompany) {
  const row = await db
    .insertInto("company")
    .values({
      name: company.name,
      is_operator: company.isOperator,
      is_publisher: !company.isOperator,
      ...(company.theme ? { theme: company.theme } : {}),
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

// ── The Companies screen (docs/rules/screens.md#companies) ─────────────────────────────────────────────────

const managedColumns = [
  "id",
  "account_id",
  "name",
  "theme",
  "logo",
  "icon",
  "is_publisher",
  "is_operator",
  "create_time",
  "modify_time",
] as const;

function namedCompanies(db: Db, name: string | undefined) {
  let query = db.selectFrom("company");
  if (name) query = query.where(sql<boolean>`strpos(lower(name), lower(${name})) > 0`);
  return query;
}

/** One page of companies, newest first, optionally those whose name holds `name`. */
export async function listManagedCompanies(
  db: Db,
  name: string | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, counted] = await Promise.all([
    namedCompanies(db, name)
      .select(managedColumns)
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    namedCompanies(db, name)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.count) };
}

export function findManagedCompany(db: Db, companyId: number) {
  return db.selectFrom("company").select(managedColumns).where("id", "=", companyId).executeTakeFirst();
}

/** The company's branding, locking its row until the transaction ends (changes to one company queue). */
export function lockCompanyBranding(db: Db, companyId: number) {
  return db
    .selectFrom("company")
    .select(["id", "theme", "logo", "icon"])
    .where("id", "=", companyId)
    .forUpdate()
    .executeTakeFirst();
}

/** The hosts of these companies, each company's in name order. */
export async function hostsOf(db: Db, companyIds: readonly number[]): Promise<Map<number, string[]>> {
  const hosts = new Map<number, string[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return hosts;
  const rows = await db
    .selectFrom("company_host")
    .select(["company_id", "host"])
    .where("company_id", "in", companyIds)
    .orderBy("host")
    .execute();
  for (const row of rows) hosts.get(row.company_id)?.push(row.host);
  return hosts;
}

/** Which of these hosts another company holds. */
export async function hostsHeldByOthers(
  db: Db,
  companyId: number,
  hosts: readonly string[],
): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db
    .selectFrom("company_host")
    .select("host")
    .where("host", "in", hosts)
    .where("company_id", "<>", companyId)
    .orderBy("host")
    .execute();
  return rows.map((row) => row.host);
}

/** The company's hosts become exactly these. */
export async function replaceHosts(db: Db, companyId: number, hosts: readonly string[]): Promise<void> {
  let removal = db.deleteFrom("company_host").where("company_id", "=", companyId);
  if (hosts.length > 0) removal = removal.where("host", "not in", hosts);
  await removal.execute();
  if (hosts.length === 0) return;
  await db
    .insertInto("company_host")
    .values(hosts.map((host) => ({ host, company_id: companyId })))
    .onConflict((conflict) => conflict.column("host").doNothing())
    .execute();
}

export async function setCompanyBranding(
  db: Db,
  companyId: number,
  branding: { theme?: string; logo?: string; icon?: string },
): Promise<void> {
  await db
    .updateTable("company")
    .set({ ...branding, modify_time: new Date() })
    .where("id", "=", companyId)
    .execute();
}

export interface AssetVersion {
  companyId: number;
  kind: string;
  digest: string;
  contentType: string;
  bytes: Uint8Array;
  userId: number | null;
}

/** Makes this version the company's current logo or icon; the one it replaces is kept, marked replaced. */
export async function saveAsset(db: Db, asset: AssetVersion, now: Date): Promise<void> {
  await retireAsset(db, asset.companyId, asset.kind, now);
  await db
    .insertInto("company_asset")
    .values({
      company_id: asset.companyId,
      kind: asset.kind,
      digest: asset.digest,
      content_type: asset.contentType,
      bytes: asset.bytes,
      byte_size: asset.bytes.length,
      create_user_id: asset.userId,
    })
    .onConflict((conflict) =>
      conflict.columns(["company_id", "kind", "digest"]).doUpdateSet({ replaced_time: null }),
    )
    .execute();
}

/** Marks the company's current logo or icon replaced: it has none then. */
export async function retireAsset(db: Db, companyId: number, kind: string, now: Date): Promise<void> {
  await db
    .updateTable("company_asset")
    .set({ replaced_time: now })
    .where("company_id", "=", companyId)
    .where("kind", "=", kind)
    .where("replaced_time", "is", null)
    .execute();
}

/** Drops the versions replaced before `before`. */
export async function pruneAssets(db: Db, companyId: number, kind: string, before: Date): Promise<void> {
  await db
    .deleteFrom("company_asset")
    .where("company_id", "=", companyId)
    .where("kind", "=", kind)
    .where("replaced_time", "<", before)
    .execute();
}

export function findAsset(db: Db, companyId: number, kind: string, digest: string) {
  return db
    .selectFrom("company_asset")
    .select(["content_type", "bytes", "digest"])
    .where("company_id", "=", companyId)
    .where("kind", "=", kind)
    .where("digest", "=", digest)
    .executeTakeFirst();
}
