/** The operator CLI run as a process, as an operator runs it, on a database of the test's own. */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createTestDatabase } from "./database.ts";
import { testLoginKeyPem } from "./keys.ts";

const run = promisify(execFile);
const cliPath = path.resolve(import.meta.dirname, "../../src/cli/main.ts");

export interface CliAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface TestCli {
  run(...args: string[]): Promise<CliAnswer>;
  close(): Promise<void>;
}

/** A fresh database (PostgreSQL when DATABASE_URL is set, else a PGlite data directory) and the CLI on it. */
export async function startCli(dataDirPrefix: string): Promise<TestCli> {
  const database = await createTestDatabase();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), dataDirPrefix)),
    RSA_PRIVATE_KEY: testLoginKeyPem(),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  return {
    run: (...args) => runCli(env, args),
    close: () => database.drop(),
  };
}

/** Runs the CLI with exactly this environment, as an operator's shell would. */
export async function runCli(env: NodeJS.ProcessEnv, args: string[]): Promise<CliAnswer> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cliPath, ...args], { env });
    return { exitCode: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { exitCode: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
