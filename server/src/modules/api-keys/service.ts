/**
 * The reporting API's keys (docs/api.md#reporting-api): a company's super admin creates, lists and revokes
 * them (each change with an audit row); a report call is let in by its key (scope, expiry, revocation) and
 * counted against the key's rate limit. The secret is answered once; only its SHA-256 is kept.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_LAST_USED_SECONDS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_PREFIX_CHARS,
  API_KEY_RATE_LIMIT,
  type ApiKeyCreateAnswer,
  type ApiKeyCreateBody,
  type ApiKeyListAnswer,
  type ApiKeyListQuery,
  type ApiKeyRow,
  type ApiKeyScopeValue,
  apiKeyStatus,
  Code,
  HistoryEntity,
  type MessageKey,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError, HttpRefusal, RetryLater } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { pageWindow } from "../../lib/paging.ts";
import { countEvent } from "../../lib/rate-limit.ts";
import { formatDateTime } from "../../lib/time.ts";
import { userNamesOf } from "../accounts/service.ts";
import { findKeyByHash, insertKey, type KeyRow, lockKey, pageKeys, revokeKey, touchKey } from "./repo.ts";

export interface Actor {
  companyId: number;
  userId: number;
}

export const hashApiKey = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/** A new secret of a company: `pck_<companyId>_<32 random bytes, base64url>`. */
function newSecret(companyId: number): string {
  return `${API_KEY_PREFIX}${companyId}_${randomBytes(32).toString("base64url")}`;
}

const prefixOf = (secret: string) => {
  const match = API_KEY_PATTERN.exec(secret);
  if (!match) throw new Error("not an API key");
  return `${API_KEY_PREFIX}${match[1]}_${match[2]?.slice(0, API_KEY_PREFIX_CHARS)}`;
};

/** The last day a key works: the UTC day before the instant it expires. */
const lastDayOf = (expiresAt: Date | null) =>
  expiresAt === null ? null : new Date(expiresAt.getTime() - 1).toISOString().slice(0, 10);

function rowOf(row: KeyRow, names: Map<number, { name: string }>, timeZone: string): ApiKeyRow {
  const expiresOn = lastDayOf(row.expires_at);
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    scopes: row.scopes as ApiKeyScopeValue[],
    status: apiKeyStatus({ revoked: row.revoked_at !== null, expires_on: expiresOn }),
    create_user_id: row.create_user_id,
    create_user_name: row.create_user_id === null ? null : (names.get(row.create_user_id)?.name ?? null),
    create_time: formatDateTime(row.create_time, timeZone),
    expires_on: expiresOn,
    last_used_time: row.last_used_at === null ? null : formatDateTime(row.last_used_at, timeZone),
    revoked_time: row.revoked_at === null ? null : formatDateTime(row.revoked_at, timeZone),
  };
}

/** What the audit row keeps of a key: never its hash. */
const auditState = (row: KeyRow) => ({
  name: row.name,
  key_prefix: row.key_prefix,
  scopes: row.scopes,
  expires_on: lastDayOf(row.expires_at),
  revoked: row.revoked_at !== null,
});

export async function createApiKey(
  db: Db,
  actor: Actor,
  body: ApiKeyCreateBody,
  timeZone: string,
): Promise<ApiKeyCreateAnswer> {
  const secret = newSecret(actor.companyId);
  const row = await inTransaction(db, async (tx) => {
    const created = await insertKey(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      name: body.name,
      keyHash: hashApiKey(secret),
      keyPrefix: prefixOf(secret),
      scopes: body.scopes,
      expiresOn: body.expires_on,
    });
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "create",
      entity: HistoryEntity.ApiKey,
      entityId: created.id,
      after: auditState(created),
    });
    return created;
  });
  const names = await userNamesOf(db, actor.companyId, [actor.userId]);
  return { key: rowOf(row, names, timeZone), secret };
}

export async function apiKeyList(
  db: Db,
  companyId: number,
  query: ApiKeyListQuery,
  timeZone: string,
): Promise<ApiKeyListAnswer> {
  const { rows, total } = await pageKeys(db, companyId, pageWindow(query.page_no, query.page_size));
  const names = await userNamesOf(
    db,
    companyId,
    rows.flatMap((row) => (row.create_user_id === null ? [] : [row.create_user_id])),
  );
  return { total, list: rows.map((row) => rowOf(row, names, timeZone)) };
}

/** Revokes a key of the actor's company at once; revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, actor: Actor, id: number, timeZone: string): Promise<ApiKeyRow> {
  const row = await inTransaction(db, async (tx) => {
    const before = await lockKey(tx, actor.companyId, id);
    if (!before) throw new AppError(Code.ParamError, "apiKeyNotFound", { id }, "id");
    if (before.revoked_at !== null) return before;
    const after = await revokeKey(tx, actor.companyId, id, actor.userId);
    if (!after) throw new Error(`key ${id} vanished while locked`);
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "update",
      entity: HistoryEntity.ApiKey,
      entityId: id,
      before: auditState(before),
      after: auditState(after),
    });
    return after;
  });
  const names = await userNamesOf(
    db,
    actor.companyId,
    row.create_user_id === null ? [] : [row.create_user_id],
  );
  return rowOf(row, names, timeZone);
}

// ── The report calls ──────────────────────────────────────────────────────────────────────────────────

export interface KeyCaller {
  companyId: number;
  keyId: number;
}

const keyRefusal = (key: MessageKey) =>
  new HttpRefusal(Code.ApiKeyInvalid, key, 401, {
    "www-authenticate": `Bearer realm="reports", error="invalid_token"`,
  });

/** The secret of `Authorization: Bearer <secret>`, or null. */
function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * Lets a report call in by its key: known, neither revoked nor expired, holding the scope, within its rate
 * limit. Marks the key used at most once a minute. Answers the key's company and id.
 */
export async function admitKey(
  db: Db,
  authorization: string | undefined,
  scope: ApiKeyScopeValue,
): Promise<KeyCaller> {
  const secret = bearerOf(authorization);
  if (secret === null) throw keyRefusal("apiKeyMissing");
  const match = API_KEY_PATTERN.exec(secret);
  if (!match) throw keyRefusal("apiKeyUnknown");
  const companyId = Number(match[1]);
  const key = await findKeyByHash(db, companyId, hashApiKey(secret), API_KEY_LAST_USED_SECONDS);
  if (!key) throw keyRefusal("apiKeyUnknown");
  // The security log names the key and its company (never the secret).
  const subject = { account: `api key ${key.id}`, companyId };
  if (key.revoked) throw keyRefusal("apiKeyRevoked").about(subject);
  if (key.expired) throw keyRefusal("apiKeyExpired").about(subject);
  if (!key.scopes.includes(scope)) {
    throw new HttpRefusal(
      Code.NoPermission,
      "apiKeyOutOfScope",
      403,
      {},
      { scopes: key.scopes.join(", ") },
    ).about(subject);
  }
  const { max, windowSeconds } = API_KEY_RATE_LIMIT;
  const wait = await countEvent(
    db,
    { scope: "report_api_key", max, windowSeconds },
    `${companyId}:${key.id}`,
  );
  if (wait > 0) {
    throw new RetryLater(Code.Busy, wait, "apiKeyRateLimited", { max, window: windowSeconds, seconds: wait });
  }
  if (key.touch_due) await touchKey(db, companyId, key.id, API_KEY_LAST_USED_SECONDS);
  return { companyId, keyId: key.id };
}
