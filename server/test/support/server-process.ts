/** The real server as a child process (`tsx src/main.ts`), as an operator starts it, on a port of its own. */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { testLoginKeyPem } from "./keys.ts";

const mainPath = path.resolve(import.meta.dirname, "../../src/main.ts");
const tsxPath = path.resolve(import.meta.dirname, "../../../node_modules/.bin/tsx");
const START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Sends SIGTERM and answers the exit code. */
  stop(): Promise<number | null>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

/**
 * Starts the server with the test defaults and `env` on top, resolving once it listens; rejects with its
 * output when it exits before.
 */
export async function startServerProcess({ env }: { env: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(tsxPath, [mainPath], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      RSA_PRIVATE_KEY: testLoginKeyPem(),
      DEMO_SEED: "true",
      DEMO_SEED_REPORTS: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Publisher Console is up on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
