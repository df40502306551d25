/**
 * The server run as its own process (`node src/main.ts`), as an operator runs it: for what
 * only a process shows — signals, exit codes, surviving an error that would end it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./app.ts";
import { testLoginKeyPem } from "./keys.ts";
import { CAPTCHA_ANSWER } from "./login-form.ts";

const serverDir = path.resolve(import.meta.dirname, "../..");

/** One JSON line of the server's log. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  logs: LogLine[];
  /** Everything the process wrote to stderr (an uncaught error's stack lands there). */
  stderr(): string;
  /** The exit code (null when ended by a signal), once the process has ended. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** The first log line (already written or still to come; from the index `from` of logs on) that matches. */
  waitForLog(
    matches: (line: LogLine) => boolean,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<LogLine>;
  /** Sends SIGTERM (as an operator stops it) and answers the exit code. */
  terminate(): Promise<number | null>;
  /** Kills the process if it still runs and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts the server on a free port of 127.0.0.1 with the test settings of startTestApp (demo seed without
 * report data, fixed captcha, the test login key) over `env` (e.g. DATABASE_URL; PGlite in a temp dir
 * otherwise), and resolves once it listens.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  startMs = 30_000,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-server-"));
  const child = spawn(process.execPath, ["src/main.ts"], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      RSA_PRIVATE_KEY: testLoginKeyPem(),
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      DEMO_SEED: "true",
      DEMO_SEED_REPORTS: "false",
      CONSOLE_ADMIN_EMAIL: DEMO_EMAIL,
      CONSOLE_ADMIN_PASSWORD: DEMO_PASSWORD,
      ...(process.env.DATABASE_POOLER ? { DATABASE_POOLER: process.env.DATABASE_POOLER } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  const waiters = new Set<() => void>();
  let stderr = "";
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      logs.push(JSON.parse(line) as LogLine);
      for (const wake of waiters) wake();
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      for (const wake of waiters) wake();
      resolve(code);
    }),
  );

  const waitForLog: ServerProcess["waitForLog"] = (matches, { timeoutMs = 10_000, from = 0 } = {}) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = logs.slice(from).find(matches);
        if (found) return done(() => resolve(found));
        if (exitCode !== undefined)
          return done(() => reject(new Error(`server exited (${exitCode}) first:\n${stderr}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no such log line within ${timeoutMs} ms:\n${stderr}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  const stop = async () => {
    if (exitCode === undefined) {
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const listening = await waitForLog((line) => line.msg.startsWith("Server listening at "), {
      timeoutMs: startMs,
    });
    return {
      url: listening.msg.slice("Server listening at ".length),
      child,
      logs,
      stderr: () => stderr,
      exited,
      alive: () => exitCode === undefined,
      waitForLog,
      terminate: () => {
        child.kill("SIGTERM");
        return exited;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
