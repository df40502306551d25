import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { testLoginKeyPem } from "./support/keys.ts";

const run = promisify(execFile);
const cliPath = path.resolve(import.meta.dirname, "../src/cli.ts");
const tsxPath = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsx");

let database: TestDatabase;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  database = await createTestDatabase();
  env = {
    PATH: process.env.PATH,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-cli-")),
    RSA_PRIVATE_KEY: testLoginKeyPem(),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
});
afterAll(() => database.drop());

async function cli(...args: string[]) {
  try {
    const { stdout } = await run(tsxPath, [cliPath, ...args], { env });
    return { exitCode: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("operator CLI", () => {
  it("creates a company with its super admin, then a staff user, printing JSON", async () => {
    const company = await cli(
      "create-company",
      "--name",
      "Acme Games",
      "--host",
      "acme.test",
      "--admin-email",
      "boss@acme.test",
      "--admin-password",
      "Abcdefg1",
    );
    expect(company.exitCode).toBe(0);
    const created = JSON.parse(company.stdout) as { company_id: number; account_id: number; user_id: number };
    expect(created).toEqual({
      company_id: expect.any(Number),
      account_id: expect.any(Number),
      user_id: expect.any(Number),
    });

    const user = await cli(
      "create-user",
      "--company-id",
      String(created.company_id),
      "--email",
      "staff@acme.test",
      "--password",
      "Abcdefg1",
      "--role",
      "3",
      "--sdk-only",
    );
    expect(user.exitCode).toBe(0);
    expect(JSON.parse(user.stdout)).toEqual({ company_id: created.company_id, user_id: expect.any(Number) });

    const duplicate = await cli(
      "create-user",
      "--company-id",
      String(created.company_id),
      "--email",
      "STAFF@acme.test",
      "--password",
      "Abcdefg1",
      "--role",
      "3",
    );
    expect(duplicate).toMatchObject({ exitCode: 1, stderr: "This email is already in use\n" });
  }, 180_000);

  it("refuses missing options and unknown companies with a clear message", async () => {
    expect(await cli("create-company", "--name", "X")).toMatchObject({ exitCode: 1 });
    expect((await cli("create-company", "--name", "X")).stderr).toContain(
      "missing --admin-email, --admin-password",
    );
    const unknown = await cli(
      "create-user",
      "--company-id",
      "999",
      "--email",
      "a@b.test",
      "--password",
      "P",
      "--role",
      "3",
    );
    expect(unknown).toMatchObject({ exitCode: 1, stderr: "no company with id 999\n" });
    expect((await cli("--help")).stdout).toContain("create-company --name N");
  }, 180_000);
});
