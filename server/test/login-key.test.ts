/** The login key a data directory holds: made once, whichever of the processes starting together makes it. */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const loginKeyModule = path.resolve(import.meta.dirname, "../src/modules/identity/login-key.ts");

/** A process of its own loading the directory's key: its public key. */
async function publicKeyOf(dataDir: string): Promise<string> {
  const script = `import { loadLoginKey } from ${JSON.stringify(loginKeyModule)};
process.stdout.write(loadLoginKey({ dataDir: ${JSON.stringify(dataDir)} }).publicKeyPem);`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
  return stdout;
}

describe("the login key of a data directory", () => {
  it("is the same for processes that start together on an empty directory", { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-login-key-"));
    const keys = await Promise.all(Array.from({ length: 4 }, () => publicKeyOf(dataDir)));
    expect(keys[0]).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(new Set(keys).size).toBe(1);
    expect(readdirSync(dataDir)).toEqual(["login-rsa.pem"]);
    expect(await publicKeyOf(dataDir)).toBe(keys[0]);
  });
});
