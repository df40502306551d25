/**
 * The operator CLI (docs/cli.md): `npm run cli -- <command> [options]`. A command runs on a database the CLI
 * opens itself; when a server owns the embedded data directory, the server runs it (control/channel.ts).
 */
import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { prepareRuntime, type Runtime } from "../bootstrap.ts";
import { loadConfig } from "../config.ts";
import { sendCommand } from "../control/client.ts";
import { controlSocketPath, DataDirInUse } from "../db/data-dir-lock.ts";
import {
  COMMANDS,
  type Command,
  type OptionValues,
  type Outcome,
  parseCommand,
  refusalOf,
  settle,
  UsageError,
} from "../operator/commands.ts";
import { runStandalone, STANDALONE_COMMANDS } from "./standalone.ts";

function help(): string {
  return [
    "Usage: npm run cli -- <command> [options]",
    "",
    ...[...Object.values(COMMANDS), ...Object.values(STANDALONE_COMMANDS)].map((c) => `  ${c.usage}`),
    "",
    "With the embedded database (no DATABASE_URL) and the server running on DATA_DIR, the server runs the command.",
  ].join("\n");
}

/**
 * Reads the files a command's options name, relative to the directory the operator ran `npm run cli` in
 * (npm's INIT_CWD; else this process's), at most one byte past each option's limit.
 */
function readCommandFiles(command: Command, values: OptionValues): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const [option, { maxBytes }] of Object.entries(command.files ?? {})) {
    const name = values[option];
    if (typeof name !== "string") continue;
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
    let fd: number;
    try {
      fd = openSync(file, "r");
    } catch (error) {
      throw new UsageError(
        `--${option}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
    try {
      const buffer = Buffer.alloc(maxBytes + 1);
      let length = 0;
      for (;;) {
        const read = readSync(fd, buffer, length, buffer.length - length, null);
        if (read === 0) break;
        length += read;
        if (length === buffer.length) break;
      }
      files[option] = buffer.subarray(0, length);
    } catch (error) {
      throw new UsageError(
        `--${option}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    } finally {
      closeSync(fd);
    }
  }
  return files;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const standalone = name ? STANDALONE_COMMANDS[name] : undefined;
  if (standalone) return runStandalone(standalone, loadConfig(), rest);
  const command = name ? COMMANDS[name] : undefined;
  if (!name || !command) {
    console.log(help());
    return name && name !== "--help" ? 2 : 0;
  }
  const values = parseCommand(command, rest);
  // Files the options name are read here, in the operator's directory, whichever process runs the command.
  const files = readCommandFiles(command, values);
  const config = loadConfig();
  // A mistake is refused here, before a database is opened (seconds) or a server asked.
  const work = command.prepare(values, files, config);
  let runtime: Runtime;
  try {
    runtime = await prepareRuntime({ ...config, DEMO_SEED: false });
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    return print(await throughOwner(error, name, rest, files));
  }
  try {
    return print(await settle(() => work(runtime)));
  } finally {
    await runtime.database.db.destroy();
    runtime.dataDirLock?.release();
  }
}

/** Sends the command to the process that owns the data directory, when it takes commands. */
async function throughOwner(
  inUse: DataDirInUse,
  command: string,
  args: string[],
  files: Record<string, Uint8Array>,
): Promise<Outcome> {
  const encoded = Object.fromEntries(
    Object.entries(files).map(([option, bytes]) => [option, Buffer.from(bytes).toString("base64")]),
  );
  const answer = await sendCommand(controlSocketPath(inUse.dataDir), { command, args, files: encoded });
  if (answer) return answer;
  throw new UsageError(
    `the data directory ${inUse.dataDir} is in use by process ${inUse.pid}, which takes no commands (another CLI command, or a server still starting); try again when it has finished`,
  );
}

function print(outcome: Outcome): number {
  for (const line of outcome.stdout) console.log(line);
  if (outcome.stderr) console.error(outcome.stderr);
  return outcome.exitCode;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(refusalOf(error) ?? error);
    process.exit(1);
  },
);
