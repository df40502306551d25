/** The RSA key the browser encrypts the login payload with (docs/rules/sign-in.md#login-payload). */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  privateDecrypt,
  randomUUID,
} from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface LoginKey {
  publicKeyPem: string;
  /** Decrypts an RSA-OAEP/SHA-256 ciphertext; throws on anything it cannot read. */
  decrypt(ciphertext: Buffer): Buffer;
  /**
   * A 32-byte key for one purpose, derived (HKDF-SHA256) from the private key: every process of a deployment
   * shares the login key, and it is never in the database, so what it seals there opens only in a process.
   */
  deriveKey(purpose: string): Buffer;
}

/**
 * The key in DATA_DIR, made by the first process to need it: written whole under another name and then
 * linked into place, so processes starting together on one directory all end up with the same key.
 */
function readOrCreatePem(dataDir: string): string {
  const file = path.join(dataDir, "login-rsa.pem");
  if (existsSync(file)) return readFileSync(file, "utf8");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 4096 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, pem, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
    return pem;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8");
  } finally {
    unlinkSync(draft);
  }
}

export function loadLoginKey(options: { pem?: string | undefined; dataDir: string }): LoginKey {
  const privateKey: KeyObject = createPrivateKey(options.pem ?? readOrCreatePem(options.dataDir));
  return {
    publicKeyPem: createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString(),
    decrypt: (ciphertext) =>
      privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        ciphertext,
      ),
    deriveKey: (purpose) =>
      Buffer.from(
        hkdfSync(
          "sha256",
          privateKey.export({ type: "pkcs8", format: "der" }),
          "publisher-console",
          purpose,
          32,
        ),
      ),
  };
}
