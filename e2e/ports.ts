/** The ports of an e2e run: the console server and the SMTP catcher (overridable to run beside another run). */
export const PORT = Number(process.env.E2E_PORT ?? 4310);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325);
/** The environment variable naming the directory the received mails are written to. */
export const MAIL_DIR_ENV = "E2E_MAIL_DIR";
