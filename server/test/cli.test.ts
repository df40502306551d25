import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BRAND_ASSET_RULES } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, startCli, type TestCli } from "./support/cli.ts";
import { pngIco, pngOfSize, SVG_WITH_SCRIPT, solidPng } from "./support/images.ts";

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

  it("refuses a mistake in the options at once, without reaching for the database", async () => {
    // nothing listens on port 9: a command that reached for this database would wait for it
    const unreachable = { PATH: process.env.PATH, DATABASE_URL: "postgres://postgres@127.0.0.1:9/none" };
    const mistakes: [string[], string][] = [
      [
        [
          "create-company",
          "--name",
          "X",
          "--admin-email",
          "a@x.test",
          "--admin-password",
          "Abcdefg1",
          "--theme",
          "red",
        ],
        "The theme colour must be a colour written #RRGGBB",
      ],
      [
        ["create-user", "--company-id", "1", "--email", "a@x.test", "--password", "P", "--role", "7"],
        "--role must be 1, 2 or 3",
      ],
      [["audit", "--company-id", "1", "--limit", "0"], "--limit must be a whole number"],
      [["publish", "--kind", "online", "--date", "20991231"], "before today"],
    ];
    const answers = await Promise.all(mistakes.map(([args]) => runCli(unreachable, args)));
    answers.forEach((answer, index) => {
      const [args, message] = mistakes[index] ?? [[], ""];
      expect(answer, args.join(" ")).toMatchObject({ exitCode: 1, stderr: expect.stringContaining(message) });
    });
  }, 20_000);
});

describe("create-company's branding options", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-cli-images-"));
  const file = (name: string, bytes: Uint8Array) => {
    const at = path.join(dir, name);
    writeFileSync(at, bytes);
    return at;
  };
  const company = (name: string, host: string, ...extra: string[]) =>
    cli(
      "create-company",
      "--name",
      name,
      "--host",
      host,
      "--admin-email",
      `boss@${host}`,
      "--admin-password",
      "Abcdefg1",
      ...extra,
    );

  it("stores the theme, logo and favicon, as the Companies screen does", async () => {
    const logo = solidPng(30, 10, "#FF8800");
    const icon = pngIco(solidPng(16, 16));
    const created = await company(
      "Branded Co",
      "branded.test",
      "--theme",
      "#abcdef",
      "--logo",
      file("logo.png", logo),
      "--icon",
      file("favicon.ico", icon),
    );
    expect(created, created.stderr).toMatchObject({ exitCode: 0 });
    const { company_id: id } = JSON.parse(created.stdout) as { company_id: number };
    const audit = await cli("audit", "--company-id", String(id));
    const rows = audit.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { entity: string; after: Record<string, unknown> });
    const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
    expect(rows.find((row) => row.entity === "company")?.after).toEqual({
      name: "Branded Co",
      hosts: ["branded.test"],
      is_operator: false,
      theme: "#ABCDEF",
      logo: `/common/company_asset/${id}/logo/${digest(logo)}`,
      icon: `/common/company_asset/${id}/icon/${digest(icon)}`,
    });
  }, 180_000);

  it("refuses what the screen refuses, with its message, creating nothing", async () => {
    const cases: [string[], string][] = [
      [["--logo", file("logo.svg", SVG_WITH_SCRIPT)], "SVG images are not accepted"],
      [
        ["--logo", file("big.png", pngOfSize(BRAND_ASSET_RULES.logo.maxBytes + 1))],
        "The logo must be at most 200 KB",
      ],
      [["--logo", file("notes.txt", Buffer.from("hello"))], "The logo must be a PNG, JPEG or WebP image"],
      [
        ["--icon", file("icon.png", pngOfSize(BRAND_ASSET_RULES.icon.maxBytes + 1))],
        "The favicon must be at most 64 KB",
      ],
      [["--icon", path.join(dir, "missing.ico")], "--icon: cannot read"],
      [["--theme", "green"], "The theme colour must be a colour written #RRGGBB"],
      [["--host", "bad host"], "A host name has letters"],
    ];
    for (const [extra, message] of cases) {
      const answer = await company("Refused Co", "refused.test", ...extra);
      expect(answer.exitCode, extra.join(" ")).toBe(1);
      expect(answer.stderr, extra.join(" ")).toContain(message);
    }
    const weak = await cli(
      "create-company",
      "--name",
      "Weak Co",
      "--admin-email",
      "boss@weak.test",
      "--admin-password",
      "password",
    );
    expect(weak).toMatchObject({ exitCode: 1 });
    expect(weak.stderr).toContain("--admin-password: The password needs an upper-case letter");
    // nothing was made: the host is still free
    expect((await company("Refused Co", "refused.test")).exitCode).toBe(0);
  }, 180_000);
});
