/**
 * The operator CLI's report commands (docs/cli.md): calculate|publish|delete --kind online|offline
 * --date yyyyMMdd [--company-id C], on a database of their own (a data directory on PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCli, type TestCli } from "./support/cli.ts";
import { daysAgo, isoDaysAgo } from "./support/reports.ts";

let companyId: number;

let testCli: TestCli;
const cli = (...args: string[]) => testCli.run(...args);

beforeAll(async () => {
  testCli = await startCli("pc-cli-reports-");
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
afterAll(() => testCli.close());

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
