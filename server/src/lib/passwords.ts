/**
 * Password storage: argon2id over the MD5 hex digest the client sends (docs/rules/sign-in.md#login-payload).
 */
import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

const ARGON2ID = 2;

export const md5Hex = (text: string): string => createHash("md5").update(text).digest("hex");

export const hashPassword = (md5Digest: string): Promise<string> => hash(md5Digest, { algorithm: ARGON2ID });

export const verifyPassword = (stored: string, md5Digest: string): Promise<boolean> =>
  verify(stored, md5Digest).catch(() => false);

/** Verifying against this keeps the time of an unknown-email answer like that of a wrong password. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword(md5Hex("decoy-password"));
  return decoy;
};
