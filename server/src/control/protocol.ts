/**
 * The control channel's protocol: one JSON line each way over the Unix socket in DATA_DIR. The CLI sends a
 * command's name and arguments; the server answers what the CLI prints and its exit code.
 */
import path from "node:path";
import { z } from "zod";

/** Longest request line read; a command's arguments are far shorter. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export const requestSchema = z.object({
  command: z.string().min(1).max(64),
  args: z.array(z.string().max(8192)).max(256),
});
export type ControlRequest = z.infer<typeof requestSchema>;

export const answerSchema = z.object({
  exitCode: z.number().int().min(0).max(255),
  stdout: z.array(z.string()),
  stderr: z.string(),
});
export type ControlAnswer = z.infer<typeof answerSchema>;

/** Unix socket paths are limited to 107 bytes: a long DATA_DIR is reached by its path from here if shorter. */
export function socketAddress(socketPath: string): string {
  const relative = path.relative(process.cwd(), socketPath);
  return relative.length < socketPath.length ? `./${relative}` : socketPath;
}
