import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCli, type TestCli } from "./support/cli.ts";

let testCli: TestCli;
const cli = (...args: string[]) => testCli.run(...args);

beforeAll(async () => {
  testCli = await startCli("pc-cli-");
});
afterAll(() => testCli.close());

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
