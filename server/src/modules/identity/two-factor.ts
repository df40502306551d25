/**
 * Two-step verification (docs/rules/sign-in.md#two-step-verification): a user sets up an authenticator app (a
 * pending secret, confirmed by its first code), gets 10 single-use recovery codes, and from then on signs in
 * with a code after the password. A code is accepted within ±1 time step and never twice (the step it was
 * taken for is remembered); wrong codes count towards the sign-in lockout of the account and client address.
 * A company's super admin may require it of everyone in the company. Every change writes an audit row. The
 * second step of a sign-in is in sign-in.ts.
 */
import {
  Code,
  formatRecoveryCode,
  parseTwoFactorCode,
  type TwoFactorPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { formatDateTime } from "../../lib/time.ts";
import { findUser } from "../accounts/service.ts";
import { findCompany, setCompanyRequiresTwoFactor } from "../tenancy/service.ts";
import { type CodeCheck, codeCheckOf, underLockout } from "./lockout.ts";
import {
  countEnrolled,
  deleteTotp,
  enableTotp,
  findTotp,
  hasTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  revokeSessionsWithoutTwoFactor,
  revokeUserSessions,
  savePendingSecret,
  spendRecoveryCode,
  takeStep,
  type UserRef,
} from "./repo.ts";
import {
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  type SealingKey,
  sealSecret,
} from "./totp.ts";

export interface TwoFactorDeps {
  db: Db;
  /** From TWO_FACTOR_KEY: seals the secrets in the database; null stores them as they are. */
  key: SealingKey;
}

/** A signed-in user acting on their own two-step verification, from a client address. */
export interface TwoFactorActor extends UserRef {
  clientAddress: string;
}

/** Binds a sealed secret and a recovery code's hash to their user. */
const ownerOf = (user: UserRef) => `${user.companyId}:${user.userId}`;

const codeWrong = () => new AppError(Code.TwoFactorCodeWrong, "twoFactorCodeWrong", {}, "code");

export async function twoFactorStatus(db: Db, user: UserRef, timeZone: string): Promise<TwoFactorStatus> {
  const [totp, company] = await Promise.all([findTotp(db, user), findCompany(db, user.companyId)]);
  const enabledTime = totp?.enabled_time ?? null;
  return {
    enabled: enabledTime !== null,
    enabled_time: enabledTime ? formatDateTime(enabledTime, timeZone) : null,
    recovery_codes_left: enabledTime ? await recoveryCodesLeft(db, user) : 0,
    required: company?.require_two_factor ?? false,
  };
}

/**
 * A new pending secret for the user's app (replacing a pending one): the QR code's URI names the company
 * (issuer) and the user's email. Refused while two-step verification is on.
 */
export async function beginSetup(deps: TwoFactorDeps, user: UserRef): Promise<TwoFactorSetup> {
  const [row, company] = await Promise.all([
    findUser(deps.db, user.companyId, user.userId),
    findCompany(deps.db, user.companyId),
  ]);
  if (!row || !company) throw new AppError(Code.TokenInvalid);
  const secret = newTotpSecret();
  if (!(await savePendingSecret(deps.db, user, sealSecret(deps.key, secret, ownerOf(user))))) {
    throw new AppError(Code.ParamError, "twoFactorAlreadyOn");
  }
  return { secret, uri: otpauthUri(secret, company.name, row.email) };
}

/** New recovery codes in place of any earlier ones: stored hashed, answered once, formatted xxxx-xxxx-xxxx. */
async function issueRecoveryCodes(db: Db, user: UserRef): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    user,
    codes.map((code) => hashRecoveryCode(ownerOf(user), code)),
  );
  return codes.map(formatRecoveryCode);
}

/** The history row of a user's two-step verification turned on or off, by themselves or reset by the super admin. */
async function recordSwitch(
  db: Db,
  by: UserRef,
  member: UserRef,
  action: "two_factor_on" | "two_factor_off" | "two_factor_reset",
  user_name: string,
): Promise<void> {
  const on = action === "two_factor_on";
  await writeAudit(db, {
    companyId: member.companyId,
    userId: by.userId,
    action,
    entity: "user",
    entityId: member.userId,
    before: { user_name, two_factor: !on },
    after: { user_name, two_factor: on },
  });
}

async function userName(db: Db, user: UserRef): Promise<string> {
  return (await findUser(db, user.companyId, user.userId))?.user_name ?? "";
}

/**
 * Confirms the pending secret with a code of the app (not a recovery code: there are none yet), turns two-step
 * verification on and answers the new recovery codes. Wrong codes answer 610; the caller counts them.
 */
export async function confirmSetup(deps: TwoFactorDeps, user: UserRef, text: string): Promise<string[]> {
  const totp = await findTotp(deps.db, user);
  if (!totp) throw new AppError(Code.ParamError, "twoFactorSetupMissing");
  if (totp.enabled_time) throw new AppError(Code.ParamError, "twoFactorAlreadyOn");
  const code = parseTwoFactorCode(text);
  if (code?.kind !== "totp") {
    throw new AppError(Code.TwoFactorCodeWrong, "twoFactorSetupCodeOnly", {}, "code");
  }
  const step = matchingStep(openSecret(deps.key, totp.secret, ownerOf(user)), code.code);
  if (step === null) throw codeWrong();
  return inTransaction(deps.db, async (tx) => {
    // a concurrent confirmation, or a new setup in between, leaves nothing pending for this code
    if (!(await enableTotp(tx, user, step))) throw new AppError(Code.ParamError, "twoFactorSetupMissing");
    const codes = await issueRecoveryCodes(tx, user);
    await recordSwitch(tx, user, user, "two_factor_on", await userName(tx, user));
    return codes;
  });
}

/**
 * Checks a code of a user who has two-step verification on: the app's code of a step not taken before (within
 * ±1 step of now), or an unused recovery code, which is used up. Refusals answer 610 (wrong, or used before).
 */
export async function verifyCode(deps: TwoFactorDeps, user: UserRef, text: string): Promise<void> {
  const totp = await findTotp(deps.db, user);
  if (!totp?.enabled_time) throw new AppError(Code.ParamError, "twoFactorNotOn");
  const code = parseTwoFactorCode(text);
  if (!code) throw codeWrong();
  if (code.kind === "recovery") {
    const spent = await spendRecoveryCode(deps.db, user, hashRecoveryCode(ownerOf(user), code.code));
    if (spent === "used")
      throw new AppError(Code.TwoFactorCodeWrong, "twoFactorRecoveryCodeUsed", {}, "code");
    if (spent === "unknown") throw codeWrong();
    return;
  }
  const step = matchingStep(openSecret(deps.key, totp.secret, ownerOf(user)), code.code);
  if (step === null) throw codeWrong();
  // taken only if no code of this step or a later one was: a code seen before is refused, even at once
  if (!(await takeStep(deps.db, user, step))) {
    throw new AppError(Code.TwoFactorCodeWrong, "twoFactorCodeUsed", {}, "code");
  }
}

async function checkOf(db: Db, actor: TwoFactorActor): Promise<CodeCheck> {
  const user = await findUser(db, actor.companyId, actor.userId);
  if (!user) throw new AppError(Code.TokenInvalid);
  return codeCheckOf(user, actor.clientAddress);
}

/** Account page: turns two-step verification on with the first code of the app. */
export async function enableTwoFactor(deps: TwoFactorDeps, actor: TwoFactorActor, code: string) {
  return underLockout(deps.db, await checkOf(deps.db, actor), () => confirmSetup(deps, actor, code));
}

/** Account page: turns it off with a current code (app or recovery); not while the company requires it. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  actor: TwoFactorActor,
  code: string,
): Promise<void> {
  const company = await findCompany(deps.db, actor.companyId);
  if (company?.require_two_factor) throw new AppError(Code.Forbidden, "twoFactorRequiredByCompany");
  await underLockout(deps.db, await checkOf(deps.db, actor), () => verifyCode(deps, actor, code));
  await inTransaction(deps.db, async (tx) => {
    if (!(await deleteTotp(tx, actor))) throw new AppError(Code.ParamError, "twoFactorNotOn");
    await recordSwitch(tx, actor, actor, "two_factor_off", await userName(tx, actor));
  });
}

/** Account page: new recovery codes (the earlier ones stop working), with a current code. */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  actor: TwoFactorActor,
  code: string,
): Promise<string[]> {
  await underLockout(deps.db, await checkOf(deps.db, actor), () => verifyCode(deps, actor, code));
  return inTransaction(deps.db, async (tx) => {
    const left = await recoveryCodesLeft(tx, actor);
    const codes = await issueRecoveryCodes(tx, actor);
    const user_name = await userName(tx, actor);
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "recovery_codes_renewed",
      entity: "user",
      entityId: actor.userId,
      before: { user_name, recovery_codes_left: left },
      after: { user_name, recovery_codes_left: codes.length },
    });
    return codes;
  });
}

/**
 * The super admin turns a member's two-step verification off (a lost phone and lost recovery codes): the app's
 * secret and the codes go, the member's sessions end, and they set it up again at the next sign-in if the company
 * requires it. Their own goes through the account page, with a code.
 */
export async function resetMemberTwoFactor(db: Db, actor: UserRef, userId: number): Promise<void> {
  if (userId === actor.userId) throw new AppError(Code.ParamError, "twoFactorResetOwn", {}, "user_id");
  const member = { companyId: actor.companyId, userId };
  await inTransaction(db, async (tx) => {
    const user = await findUser(tx, member.companyId, member.userId);
    if (!user) throw new AppError(Code.ParamError, "userNotFound", { id: userId }, "user_id");
    if (!(await deleteTotp(tx, member))) throw new AppError(Code.ParamError, "twoFactorNotOn", {}, "user_id");
    await revokeUserSessions(tx, member);
    await recordSwitch(tx, actor, member, "two_factor_reset", user.user_name);
  });
}

// ── The company's rule ────────────────────────────────────────────────────────────────────────────────

export async function twoFactorPolicy(db: Db, companyId: number): Promise<TwoFactorPolicy> {
  const [company, counts] = await Promise.all([findCompany(db, companyId), countEnrolled(db, companyId)]);
  return { required: company?.require_two_factor ?? false, ...counts };
}

/**
 * The super admin requires two-step verification of everyone in the company, or stops requiring it. Requiring it
 * needs the super admin's own turned on; it ends the sessions of the users who have not, so each sets it up at
 * the next sign-in.
 */
export async function setTwoFactorPolicy(db: Db, actor: UserRef, required: boolean): Promise<void> {
  if (required && !(await hasTwoFactor(db, actor))) {
    throw new AppError(Code.ParamError, "twoFactorPolicyNeedsOwn", {}, "required");
  }
  await inTransaction(db, async (tx) => {
    const company = await findCompany(tx, actor.companyId);
    if (!company) throw new AppError(Code.TokenInvalid);
    if (company.require_two_factor === required) return;
    await setCompanyRequiresTwoFactor(tx, actor.companyId, required);
    if (required) await revokeSessionsWithoutTwoFactor(tx, actor.companyId);
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "update",
      entity: "company",
      entityId: actor.companyId,
      before: { name: company.name, require_two_factor: company.require_two_factor },
      after: { name: company.name, require_two_factor: required },
    });
  });
}
