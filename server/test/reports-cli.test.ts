/**
 * The operator CLI's report commands (issue 5; DESIGN §10): calculate|publish|delete --kind online|offline
 * --date yyyyMMdd [--company-id C], on a database of their own (a data directory on PGlite).
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { testLoginKeyPem } from "./support/keys.ts";
import { daysAgo, isoDaysAgo } from "./support/reports.ts";

const run = promisify(execFile);
const cliPath = path.resolve(import.meta.dirname, "../src/cli.ts");
const tsxPath = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsx");

let database: TestDatabase;
let env: NodeJS.ProcessEnv;
let companyId: number;

async function cli(...args: string[]) {
  try {
    const { stdout } = await run(tsxPath, [cliPath, ...args], { env });
    return { exitCode: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  env = {
    PATH: process.env.PATH,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-cli-reports-")),
    RSA_PRIVATE_KEY: testLoginKeyPem(),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const company = await cli(
    "create-company",
    "--name",
    "CLI Reports Co",
    "--admin-email",
    `cli-reports-${Date.now()}@reports.test`,
    "--admin-password",
    "Abcdefg1",
  );
  companyId = (JSON.parse(company.stdout) as { company_id: number }).company_id;
}, 120_000);
afterAll(() => database.drop());

describe("report commands", () => {
  it("calculate, publish and delete a day, printing the day's batches as JSON", async () => {
    const calculated = await cli(
      "calculate",
      "--kind",
      "online",
      "--date",
      daysAgo(1),
      "--company-id",
      String(companyId),
    );
    expect(calculated.exitCode).toBe(0);
    expect(JSON.parse(calculated.stdout)).toMatchObject({
      action: "calculate",
      kind: "online",
      date: daysAgo(1),
      batches: [{ company_id: companyId, dt: isoDaysAgo(1), status: "calculated", row_count: 0 }],
    });
    const published = await cli(
      "publish",
      "--kind",
      "online",
      "--date",
      daysAgo(1),
      "--company-id",
      String(companyId),
    );
    expect(JSON.parse(published.stdout).batches[0].status).toBe("published");
    const deleted = await cli("delete", "--kind", "online", "--date", daysAgo(1));
    expect(JSON.parse(deleted.stdout).batches[0]).toMatchObject({ company_id: companyId, status: "pending" });
  }, 120_000);

  it("refuses a bad kind, a missing date and today with a message and exit code 1", async () => {
    const kind = await cli("calculate", "--kind", "both", "--date", daysAgo(1));
    expect(kind).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining("--kind must be online or offline"),
    });
    const missing = await cli("publish", "--kind", "offline");
    expect(missing).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("missing --date") });
    const today = await cli("calculate", "--kind", "offline", "--date", daysAgo(0));
    expect(today).toMatchObject({ exitCode: 1, stderr: expect.stringContaining("before today") });
  }, 120_000);
});
