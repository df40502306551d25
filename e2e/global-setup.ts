/**
 * A real SMTP server for the run (reset and registration read their code from a received mail). The
 * console server under test sends through it (SMTP_URL in the config's webServer.env); every message is written
 * as one JSON file into a fresh directory that the specs read (tests/mailbox.ts), named in E2E_MAIL_DIR.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listenForMail } from "../server/test/support/smtp.ts";
import { MAIL_DIR_ENV, SMTP_PORT } from "./ports.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-e2e-mail-"));
  process.env[MAIL_DIR_ENV] = dir;
  let seq = 0;
  const server = await listenForMail(SMTP_PORT, (to, raw) => {
    seq += 1;
    writeFileSync(
      path.join(dir, `${Date.now()}-${String(seq).padStart(6, "0")}.json`),
      JSON.stringify({ to, raw }),
    );
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
