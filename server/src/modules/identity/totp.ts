/**
 * The cryptography of two-step verification: authenticator secrets and their codes (RFC 6238 through `otpauth`),
 * the `otpauth://` URI of the QR code, sealing a secret with the server's TWO_FACTOR_KEY, and recovery codes,
 * of which only a salted SHA-256 is kept.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from "node:crypto";
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from "@pc/contract";
import { Secret, TOTP } from "otpauth";

/** 160 bits, as RFC 4226 recommends and every authenticator app takes. */
const SECRET_BYTES = 20;
const TOTP_OPTIONS = { algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;

/** A new secret, base32 (what the app is given). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The URI the QR code carries: `otpauth://totp/<issuer>:<account>?secret=…&issuer=…`. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  return new TOTP({ ...TOTP_OPTIONS, issuer, label: account, secret: Secret.fromBase32(secret) }).toString();
}

/** The time step a code of this secret belongs to, within ±TOTP_WINDOW_STEPS of `now`; null when it matches none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({
    ...TOTP_OPTIONS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The code of a secret at an instant (the tests' authenticator app). */
export const totpCode = (secret: string, timestamp = Date.now()): string =>
  TOTP.generate({ ...TOTP_OPTIONS, secret: Secret.fromBase32(secret), timestamp });

// ── Sealing the secret ────────────────────────────────────────────────────────────────────────────────

/** AES-256-GCM key from TWO_FACTOR_KEY; null when the server has none. */
export type SealingKey = Buffer | null;
export const sealingKey = (configured: string | undefined): SealingKey =>
  configured ? createHash("sha256").update(`two-factor:${configured}`).digest() : null;

const PLAIN = "plain:";
const SEALED = "aes1:";

/** The secret as stored; sealed to its user (the ids are the associated data), so a copied row opens nowhere else. */
export function sealSecret(key: SealingKey, secret: string, owner: string): string {
  if (!key) return `${PLAIN}${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(owner));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${SEALED}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".")}`;
}

export function openSecret(key: SealingKey, stored: string, owner: string): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new Error("unknown format of a two-factor secret");
  if (!key) throw new Error("a two-factor secret is sealed, and TWO_FACTOR_KEY is not set");
  const [iv, tag, sealed] = stored
    .slice(SEALED.length)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) throw new Error("a sealed two-factor secret is malformed");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
}

// ── Recovery codes ────────────────────────────────────────────────────────────────────────────────────

/** New recovery codes, normalized (12 characters, no dashes). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: RECOVERY_CODE_LENGTH },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join(""),
  );
}

/** What is stored of a recovery code: its SHA-256, salted with its owner so equal codes of two users differ. */
export const hashRecoveryCode = (owner: string, code: string): string =>
  createHash("sha256").update(`${owner}:${code}`).digest("hex");
