/**
 * One owner for an embedded data directory: PGlite opened twice on the same files corrupts them, so whoever
 * opens it (the server or a CLI command) first creates `DATA_DIR/owner.lock` exclusively, holding its pid.
 * A lock whose process is gone (crashed, killed) is stale and is taken over, as PostgreSQL does with
 * postmaster.pid; the process's start time, where Linux shows it, tells a reused pid from the owner.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigError } from "../config.ts";

const LOCK_FILE = "owner.lock";
const CONTROL_SOCKET = "control.sock";

const ownerSchema = z.object({ pid: z.number().int().positive(), started: z.string().nullable() });
type Owner = z.infer<typeof ownerSchema>;

/** The directory is owned by another live process; printed as its message, like a configuration error. */
export class DataDirInUse extends ConfigError {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid} (a server or an operator CLI command); stop it, or give this process another DATA_DIR`,
    );
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

export interface DataDirLock {
  /** Where the owner, when it is a server, takes operator commands (control/channel.ts). */
  readonly socketPath: string;
  /** Removes the lock; safe to call more than once. */
  release(): void;
}

/** The control socket of a data directory. */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/** Takes the data directory for this process, or throws DataDirInUse naming the live owner. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const text = JSON.stringify({ pid: process.pid, started: processStart(process.pid) } satisfies Owner);
  // Written whole beside the lock, then linked into place (a link fails when the lock exists), so nobody
  // ever reads a lock half written.
  const draft = `${file}.${process.pid}.new`;
  writeFileSync(draft, text, { mode: 0o600 });
  try {
    // A stale lock removed, the next round takes the directory, unless another process was quicker.
    for (let round = 0; round < 3; round += 1) {
      try {
        linkSync(draft, file);
        return held(file, text, dataDir);
      } catch (error) {
        if (!isCode(error, "EEXIST")) throw error;
      }
      const seen = readText(file);
      const owner = seen === null ? null : parseOwner(seen);
      if (owner && isAlive(owner)) throw new DataDirInUse(dataDir, owner.pid);
      if (seen !== null) removeStale(file, seen);
    }
    throw new DataDirInUse(dataDir, parseOwner(readText(file) ?? "")?.pid ?? 0);
  } finally {
    rmSync(draft, { force: true });
  }
}

function held(file: string, text: string, dataDir: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    // Only our own lock: after a crash of ours someone may have taken the directory over.
    if (readText(file) === text) rmSync(file, { force: true });
  };
  process.on("exit", release);
  return { socketPath: controlSocketPath(dataDir), release };
}

/**
 * Moves the stale lock aside (one rename of it succeeds) and deletes it. When what was moved is not the
 * lock read before, another process took the directory over in between: its lock is linked back.
 */
function removeStale(file: string, stale: string) {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, "ENOENT")) return;
    throw error;
  }
  try {
    if (readText(aside) !== stale) linkSync(aside, file);
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

function parseOwner(text: string): Owner | null {
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (isCode(error, "ENOENT")) return null;
    throw error;
  }
}

function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if (!isCode(error, "EPERM")) return false;
  }
  const started = processStart(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** The start time of a process in clock ticks since boot (Linux /proc), or null where it cannot be read. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces; starttime is field 22.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && "code" in error && error.code === code;
}
