/**
 * A real SMTP server for the run (issue 4: reset and registration read their code from a received mail). The
 * console server under test sends through it (SMTP_URL in the config's webServer.env); every message is written
 * as one JSON file into a fresh directory that the specs read (tests/mailbox.ts), named in E2E_MAIL_DIR.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { MAIL_DIR_ENV, SMTP_PORT } from "./ports.ts";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-e2e-mail-"));
  process.env[MAIL_DIR_ENV] = dir;
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    // plain SMTP on the loopback: no STARTTLS to upgrade to, no AUTH to offer
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        seq += 1;
        const name = `${Date.now()}-${String(seq).padStart(6, "0")}.json`;
        writeFileSync(
          path.join(dir, name),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(SMTP_PORT, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
