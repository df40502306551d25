/**
 * The operator CLI of docs/cli.md beside a running server on the embedded database: the data
 * directory has one owner, so the CLI's commands run in the server (its control channel) and the server sees
 * every change; a restart finds them all. A CLI beside an owner that takes no commands, and a second server,
 * refuse without touching the files; a crashed owner's lock is taken over. PostgreSQL has many owners: nothing of this applies there.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  Code,
  type CompanyInfo,
  LOGIN_CALLER,
  type LoginAnswer,
  nowSeconds,
  type OnlineReportSummary,
  PLAT_TYPE,
  sign,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_CALLER_SECRET } from "../src/config.ts";
import { type CliAnswer, runCli } from "./support/cli.ts";
import { solidPng } from "./support/images.ts";
import { testLoginKeyPem } from "./support/keys.ts";
import { CAPTCHA_ANSWER, encryptForLogin, md5 } from "./support/login-form.ts";
import { daysAgo, isoDaysAgo } from "./support/reports.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";

const PASSWORD = "Secret123";
/** A first start on an empty embedded database migrates and seeds it: slow on a busy machine. */
const SERVER_START_MS = 150_000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the running server over HTTP, as a browser does. */
async function api<T>(
  server: ServerProcess,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Envelope<T>> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      lang: "en",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Envelope<T>;
}

/** Signs in through the server's login form (captcha, signed form, RSA payload). */
async function signIn(server: ServerProcess, email: string): Promise<Envelope<LoginAnswer>> {
  const captcha = await api<{ captcha_id: string }>(server, "POST", "/v1/passport/captcha/gen_math");
  const key = await api<{ public_key: string }>(server, "GET", "/v1/passport/public_key");
  const form = {
    email,
    password: md5(PASSWORD),
    captcha_id: captcha.data.captcha_id,
    captcha_answer: CAPTCHA_ANSWER,
    plat_type: PLAT_TYPE,
    caller: LOGIN_CALLER,
    timestamp: nowSeconds(),
  };
  const payload = { ...form, sign: await sign(DEV_CALLER_SECRET, form, form.timestamp) };
  return api<LoginAnswer>(server, "POST", "/v1/passport/user/login", {
    data: encryptForLogin(key.data.public_key, payload),
  });
}

/** The pid in the data directory's lock: the server's node process. */
const ownerPid = (dataDir: string): number =>
  (JSON.parse(readFileSync(path.join(dataDir, "owner.lock"), "utf8")) as { pid: number }).pid;

const json = <T>(answer: CliAnswer): T => {
  expect(answer, answer.stderr).toMatchObject({ exitCode: 0 });
  return JSON.parse(answer.stdout) as T;
};

describe.skipIf(process.env.DATABASE_URL)("the CLI beside a running server on PGlite", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-cli-server-"));
  const env = { DATA_DIR: dataDir, CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER };
  const cli = (...args: string[]) =>
    runCli({ PATH: process.env.PATH, DATA_DIR: dataDir, RSA_PRIVATE_KEY: testLoginKeyPem() }, args);
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(env, SERVER_START_MS);
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs the commands of docs/cli.md in the server, which sees each change; a restart keeps them", async () => {
    const company = json<{ company_id: number; user_id: number }>(
      await cli(
        "create-company",
        "--name",
        "Acme Games",
        "--host",
        "console.acme.test",
        "--admin-email",
        "boss@acme.test",
        "--admin-password",
        PASSWORD,
      ),
    );
    const companyId = String(company.company_id);
    json(
      await cli(
        "create-user",
        "--company-id",
        companyId,
        "--email",
        "staff@acme.test",
        "--password",
        PASSWORD,
        "--role",
        "3",
      ),
    );
    expect((await signIn(server, "staff@acme.test")).code).toBe(Code.Ok);
    const boss = await signIn(server, "boss@acme.test");
    expect(boss.code).toBe(Code.Ok);

    // An app made through the server's API: the CLI reads the server's own database.
    const app = await api<{ app_key: string }>(
      server,
      "POST",
      "/v1/app",
      { name: "Acme Runner", pkg: "com.acme.runner", url: "https://acme.test/runner" },
      boss.data.token,
    );
    expect(app.code).toBe(Code.Ok);
    expect(json(await cli("app-secret", "--app-key", app.data.app_key))).toEqual({
      app_key: app.data.app_key,
      secret: expect.any(String),
    });
    const audit = await cli("audit", "--company-id", companyId);
    expect(audit.exitCode).toBe(0);
    expect(
      audit.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).entity),
    ).toEqual(["app", "user", "user", "company"]);

    // A refusal answers the message and exit code the CLI gives on its own.
    expect(
      await cli(
        "create-user",
        "--company-id",
        "999",
        "--email",
        "a@b.test",
        "--password",
        "P",
        "--role",
        "3",
      ),
    ).toMatchObject({ exitCode: 1, stdout: "", stderr: "no company with id 999\n" });

    const day = ["--kind", "online", "--date", daysAgo(1), "--company-id", companyId];
    expect(json<{ batches: { status: string }[] }>(await cli("calculate", ...day)).batches[0]?.status).toBe(
      "calculated",
    );
    expect(json<{ batches: { status: string }[] }>(await cli("publish", ...day)).batches[0]?.status).toBe(
      "published",
    );
    const summary = await api<OnlineReportSummary>(
      server,
      "POST",
      "/v1/online/summary",
      { startDate: daysAgo(1), endDate: daysAgo(1) },
      boss.data.token,
    );
    expect(summary.data.days).toEqual([expect.objectContaining({ dt: isoDaysAgo(1), status: "published" })]);

    // The branding options through the server: the CLI reads the files, the server stores them.
    const logo = solidPng(24, 12, "#336699");
    const logoFile = path.join(dataDir, "..", `logo-${path.basename(dataDir)}.png`);
    writeFileSync(logoFile, logo);
    const branded = json<{ company_id: number }>(
      await cli(
        "create-company",
        "--name",
        "Branded Games",
        "--host",
        "console.branded.test",
        "--admin-email",
        "boss@branded.test",
        "--admin-password",
        PASSWORD,
        "--theme",
        "#336699",
        "--logo",
        logoFile,
      ),
    );
    rmSync(logoFile, { force: true });
    const host = await api<CompanyInfo>(server, "GET", "/common/host?host=console.branded.test");
    expect(host.data).toMatchObject({ name: "Branded Games", theme: "#336699" });
    expect(host.data.logo).toMatch(
      new RegExp(`^/common/company_asset/${branded.company_id}/logo/[0-9a-f]{64}$`),
    );
    const image = await fetch(`${server.url}${host.data.logo}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(logo)).toBe(true);

    expect(await server.terminate()).toBe(0);
    // As after a crash: the lock of an owner that is gone is taken over.
    writeFileSync(path.join(dataDir, "owner.lock"), JSON.stringify({ pid: 2 ** 22 + 1, started: null }));
    server = await startServerProcess(env, SERVER_START_MS);
    expect((await signIn(server, "staff@acme.test")).code).toBe(Code.Ok);
    expect((await cli("audit", "--company-id", companyId)).stdout.trim().split("\n")).toHaveLength(4);
  }, 300_000);

  it("refuses a second server on the same data directory", async () => {
    const second = await startServerProcess({ ...env, DEMO_SEED: "false" }, SERVER_START_MS).then(
      async (started) => {
        await started.stop();
        return "it started";
      },
      (error: Error) => error.message,
    );
    expect(second).toContain(`DATA_DIR ${dataDir} is in use by process ${ownerPid(dataDir)}`);
    expect((await signIn(server, "staff@acme.test")).code).toBe(Code.Ok);
  }, 120_000);
});

describe.skipIf(process.env.DATABASE_URL)("the CLI beside an owner that takes no commands", () => {
  it("refuses with the owner's pid and exit code 1, never touching the files", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-cli-owned-"));
    // This test process stands for another CLI command holding the directory.
    writeFileSync(path.join(dataDir, "owner.lock"), JSON.stringify({ pid: process.pid, started: null }));
    const answer = await runCli(
      { PATH: process.env.PATH, DATA_DIR: dataDir, RSA_PRIVATE_KEY: testLoginKeyPem() },
      ["audit", "--company-id", "1"],
    );
    expect(answer).toMatchObject({ exitCode: 1, stdout: "" });
    expect(answer.stderr).toContain(`the data directory ${dataDir} is in use by process ${process.pid}`);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
