/** The end of every way in (password, second step, link ticket): a new session and the user's info. */
import type { Db } from "../../db/database.ts";
import { loadUserInfo } from "../accounts/service.ts";
import { issueToken } from "./tokens.ts";

export type SessionUser = Parameters<typeof loadUserInfo>[1];

/** A new session for a user: its token and the user's info, the answer of every way in. */
export async function startSession(db: Db, who: SessionUser, timeZone: string) {
  const token = await issueToken(db, who.companyId, who.userId);
  return { token, user_info: await loadUserInfo(db, who, timeZone) };
}
