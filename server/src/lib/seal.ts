/**
 * Sealing a short secret for the database (AES-256-GCM): the key stays in the process, and the associated
 * data binds the sealed text to its row, so a copied value opens nowhere else.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const FORMAT = "aes1:";

export function sealText(key: Buffer, text: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `${FORMAT}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".")}`;
}

/** Opens a sealed text; throws when it was sealed with another key, for another row, or altered. */
export function openText(key: Buffer, stored: string, boundTo: string): string {
  if (!stored.startsWith(FORMAT)) throw new Error("unknown format of a sealed text");
  const [iv, tag, sealed] = stored
    .slice(FORMAT.length)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) throw new Error("a sealed text is malformed");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
}
