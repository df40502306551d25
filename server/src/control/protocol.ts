/**
 * The control channel's protocol: one JSON line each way over the Unix socket in DATA_DIR. The CLI sends a
 * command's name and arguments; the server answers what the CLI prints and its exit code.
 */
import path from "node:path";
import { BRAND_ASSET_MAX_BYTES } from "@pc/contract";
import { z } from "zod";

/** The largest file a command's option names (create-company's logo), and one byte to tell it is too large. */
const MAX_FILE_BYTES = BRAND_ASSET_MAX_BYTES + 1;
const MAX_FILE_BASE64 = Math.ceil(MAX_FILE_BYTES / 3) * 4;

/** Longest request line read: the arguments (far shorter) and the files the options name, in base64. */
export const MAX_REQUEST_BYTES = 64 * 1024 + 4 * MAX_FILE_BASE64;

export const requestSchema = z.object({
  command: z.string().min(1).max(64),
  args: z.array(z.string().max(8192)).max(256),
  /** The contents of the files the options name (read by the CLI), in base64, by option name. */
  files: z
    .record(
      z.string().max(64),
      z
        .string()
        .max(MAX_FILE_BASE64)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/),
    )
    .optional(),
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
