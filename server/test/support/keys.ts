/** One 4096-bit login key for the whole test run, generated once and kept in the OS temp directory. */
import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function testLoginKeyPem(): string {
  const file = path.join(tmpdir(), "publisher-console-test-login-rsa.pem");
  if (existsSync(file)) return readFileSync(file, "utf8");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 4096 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, pem, { mode: 0o600 });
  renameSync(partial, file);
  return pem;
}
