import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCli, type TestCli } from "./support/cli.ts";

let testCli: TestCli;
const cli = (...args: string[]) => testCli.run(...args);

beforeAll(async () => {
  testCli = await startCli("pc-audit-cli-");
});
afterAll(() => testCli.close());

const jsonLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("audit --company-id", () => {
  it("prints the company's audit rows as JSON lines, newest first, never a password hash", async () => {
    const company = await cli(
      "create-company",
      "--name",
      "Audited Co",
      "--admin-email",
      "boss@audited.test",
      "--admin-password",
      "Abcdefg1",
    );
    const { company_id: companyId } = JSON.parse(company.stdout) as { company_id: number };
    const answer = await cli("audit", "--company-id", String(companyId));
    expect(answer.exitCode).toBe(0);
    const rows = jsonLines(answer.stdout);
    expect(rows.map((row) => `${row.action} ${row.entity}`)).toEqual(["create user", "create company"]);
    expect(rows[0]).toMatchObject({
      company_id: companyId,
      entity: "user",
      after: { email: "boss@audited.test", role_ids: [2] },
      create_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(answer.stdout).not.toMatch(/argon2|password/);
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const limited = await cli("audit", "--company-id", String(companyId), "--limit", "1");
    expect(jsonLines(limited.stdout)).toEqual([rows[0]]);
  }, 180_000);

  it("refuses an unknown company, a bad limit and a missing option", async () => {
    expect(await cli("audit", "--company-id", "999999")).toMatchObject({
      exitCode: 1,
      stderr: "no company with id 999999\n",
    });
    expect((await cli("audit", "--company-id", "1", "--limit", "0")).stderr).toContain("--limit");
    expect((await cli("audit")).stderr).toContain("missing --company-id");
    expect((await cli("--help")).stdout).toContain("audit --company-id C");
  }, 180_000);
});
