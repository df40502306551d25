/**
 * The operator commands that need the database, one implementation each: the CLI (cli/main.ts) runs them on a
 * database it opens itself, or sends them to the server that owns the embedded database, whose control
 * channel (control/channel.ts) runs them here too. Neither side's own code is imported here.
 */
import { parseArgs } from "node:util";
import {
  accountPasswordText,
  BRAND_ASSET_RULES,
  issueText,
  ReportAction,
  ReportScope,
  Role,
} from "@pc/contract";
import type { Runtime } from "../bootstrap.ts";
import { type Config, ConfigError } from "../config.ts";
import { AppError } from "../lib/app-error.ts";
import { listAudit } from "../lib/audit.ts";
import { md5Hex } from "../lib/passwords.ts";
import { createUser } from "../modules/accounts/service.ts";
import { appSecret } from "../modules/apps/service.ts";
import { checkReportDate, manageReport } from "../modules/reports/management/service.ts";
import { reportSettings } from "../modules/reports/pipeline/service.ts";
import {
  type CreateCompanyInput,
  checkCompanyInput,
  createCompany,
  findCompany,
} from "../modules/tenancy/service.ts";

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command runs with: the runtime of the process that owns the database. */
export type CommandContext = Pick<Runtime, "config" | "database">;

/** A command's work on the database, its options already checked. */
export type CommandRun = (context: CommandContext) => Promise<unknown>;

/** The contents of a command's file options, read by the CLI's own process (see `readCommandFiles`). */
export type CommandFiles = Readonly<Record<string, Uint8Array>>;

export interface Command {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
  required: string[];
  /**
   * Options naming a file the command reads, each with the most bytes it takes: the CLI reads the file in its
   * own process (its directory, its permissions) and hands the bytes over, also to a server that runs the
   * command for it. One byte past the limit is read, so the command refuses the file as too large.
   */
  files?: Record<string, { maxBytes: number }>;
  /**
   * Checks the options and files as far as it can without the database, so that a mistake is refused before
   * a database is opened or a server asked, and returns the work that needs the database.
   */
  prepare(values: OptionValues, files: CommandFiles, config: Config): CommandRun;
}

export const text = (value: unknown): string => (typeof value === "string" ? value : "");

export const COMMANDS: Record<string, Command> = {
  ...reportCommands(),
  "create-company": {
    usage:
      "create-company --name N --host H [--host H2] [--operator] --admin-email E --admin-password P [--admin-name A] [--theme '#RRGGBB'] [--logo FILE] [--icon FILE]   (logo: PNG, JPEG or WebP ≤ 200 KB; icon: ICO or PNG ≤ 64 KB)",
    options: {
      name: { type: "string" },
      host: { type: "string", multiple: true },
      operator: { type: "boolean" },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
      "admin-name": { type: "string" },
      theme: { type: "string" },
      logo: { type: "string" },
      icon: { type: "string" },
    },
    required: ["name", "admin-email", "admin-password"],
    files: { logo: BRAND_ASSET_RULES.logo, icon: BRAND_ASSET_RULES.icon },
    prepare(values, files) {
      const password = text(values["admin-password"]);
      // The rule of the Companies screen's password field (the server only ever sees the digest).
      const strength = accountPasswordText.safeParse(password);
      if (!strength.success) {
        throw new UsageError(`--admin-password: ${issueText(strength.error.issues[0]?.message ?? "", "en")}`);
      }
      const input: CreateCompanyInput = {
        name: text(values.name),
        hosts: Array.isArray(values.host) ? values.host.map(String) : [],
        isOperator: values.operator === true,
        theme: typeof values.theme === "string" ? values.theme : undefined,
        logo: fileOf(files, values, "logo"),
        icon: fileOf(files, values, "icon"),
        admin: {
          email: text(values["admin-email"]),
          userName: text(values["admin-name"]) || "Super Admin",
          passwordMd5: md5Hex(password),
        },
      };
      checkCompanyInput(input);
      return ({ database }) => createCompany(database.db, input);
    },
  },
  "create-user": {
    usage: "create-user --company-id C --email E --password P --role 1|2|3 [--name N] [--sdk-only]",
    options: {
      "company-id": { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      name: { type: "string" },
      "sdk-only": { type: "boolean" },
    },
    required: ["company-id", "email", "password", "role"],
    prepare(values) {
      const role = Number(values.role);
      if (!Object.values(Role).includes(role as 1 | 2 | 3)) throw new UsageError("--role must be 1, 2 or 3");
      const email = text(values.email);
      return async ({ database }) => {
        const companyId = await existingCompany(database, values["company-id"]);
        const userId = await createUser(database.db, {
          companyId,
          email,
          userName: text(values.name) || email.split("@")[0] || email,
          passwordMd5: md5Hex(text(values.password)),
          roleIds: [role],
          reportScope: values["sdk-only"] ? ReportScope.SdkOnly : ReportScope.All,
          actorId: null,
        });
        return { company_id: companyId, user_id: userId };
      };
    },
  },
  "app-secret": {
    usage: "app-secret --app-key K",
    options: { "app-key": { type: "string" } },
    required: ["app-key"],
    prepare:
      (values) =>
      async ({ database }) => {
        const found = await appSecret(database.db, text(values["app-key"]));
        if (!found) throw new UsageError(`no app with key ${text(values["app-key"])}`);
        return found;
      },
  },
  audit: {
    usage:
      "audit --company-id C [--limit N]   (the company's audit rows as JSON lines, newest first; N ≤ 10000, 100 by default)",
    options: { "company-id": { type: "string" }, limit: { type: "string" } },
    required: ["company-id"],
    prepare(values) {
      const limit = values.limit === undefined ? 100 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10000) {
        throw new UsageError("--limit must be a whole number from 1 to 10000");
      }
      return async ({ database }) => {
        const companyId = await existingCompany(database, values["company-id"]);
        return new JsonLines(await listAudit(database.db, companyId, limit));
      };
    },
  },
};

/** A wrong use of a command, printed as its message. */
export class UsageError extends Error {}

/** The id of `--company-id` when that company exists, else the refusal naming what was given. */
async function existingCompany({ db }: CommandContext["database"], option: OptionValues[string]) {
  const companyId = Number(option);
  if (!Number.isInteger(companyId) || !(await findCompany(db, companyId))) {
    throw new UsageError(`no company with id ${text(option)}`);
  }
  return companyId;
}

/** The bytes of a file option that was given, or undefined when it was not. */
function fileOf(files: CommandFiles, values: OptionValues, option: string): Uint8Array | undefined {
  if (values[option] === undefined) return undefined;
  const bytes = files[option];
  if (!bytes) throw new UsageError(`the file of --${option} did not arrive with the command`);
  return bytes;
}

/**
 * `calculate|publish|delete --kind online|offline --date yyyyMMdd [--company-id C]` (docs/cli.md;
 * docs/rules/reports.md#pipeline).
 */
function reportCommands(): Record<string, Command> {
  const what = {
    calculate: "calculates the day (recalculates both kinds, unpublished, when it was calculated)",
    publish: "makes the calculated day visible to publishers",
    delete: "removes the day's report; raw data stays",
  };
  return Object.fromEntries(
    Object.values(ReportAction).map((action): [string, Command] => [
      action,
      {
        usage: `${action} --kind online|offline --date yyyyMMdd [--company-id C]   (${what[action]}; every publisher without --company-id)`,
        options: { kind: { type: "string" }, date: { type: "string" }, "company-id": { type: "string" } },
        required: ["kind", "date"],
        prepare(values, _files, config) {
          const kind = text(values.kind);
          if (kind !== "online" && kind !== "offline") {
            throw new UsageError("--kind must be online or offline");
          }
          const companyText = text(values["company-id"]);
          const companyId = companyText === "" ? null : Number(companyText);
          if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0)) {
            throw new UsageError("--company-id must be a company id");
          }
          const date = text(values.date);
          const settings = reportSettings(config);
          checkReportDate(date, settings.timeZone);
          return ({ database }) =>
            manageReport(database.db, { action, kind, date, companyId, actor: null }, settings);
        },
      },
    ]),
  );
}

/** An answer printed as one JSON document per line. */
class JsonLines {
  readonly rows: readonly unknown[];
  constructor(rows: readonly unknown[]) {
    this.rows = rows;
  }
}

/** What a command prints and its exit code, the same whichever process ran it. */
export interface Outcome {
  exitCode: number;
  stdout: string[];
  stderr: string;
}

/** Parses a command's options, refusing unknown and missing ones. */
export function parseCommand(command: Command, args: string[]): OptionValues {
  const { values } = parseArgs({ args, options: command.options, strict: true });
  const missing = command.required.filter((option) => values[option] === undefined);
  if (missing.length > 0) throw new UsageError(`missing --${missing.join(", --")}\n  ${command.usage}`);
  return values;
}

/** Runs a command with the given arguments; a refusal is an outcome, a fault is thrown. */
export function runCommand(
  context: CommandContext,
  command: Command,
  args: string[],
  files: CommandFiles = {},
): Promise<Outcome> {
  return settle(async () => command.prepare(parseCommand(command, args), files, context.config)(context));
}

/** The outcome of a command's work: its answer printed, or its refusal; a fault is thrown. */
export async function settle(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    const answer = await work();
    const stdout =
      answer instanceof JsonLines ? answer.rows.map((row) => JSON.stringify(row)) : [JSON.stringify(answer)];
    return { exitCode: 0, stdout, stderr: "" };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === null) throw error;
    return { exitCode: 1, stdout: [], stderr: refusal };
  }
}

/** The message of an error that refuses a command (a business rule, a usage or setup mistake), else null. */
export function refusalOf(error: unknown): string | null {
  if (error instanceof AppError) return error.localized("en");
  if (error instanceof UsageError || error instanceof ConfigError) return error.message;
  // parseArgs refuses unknown or malformed options with these codes.
  if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
    return error.message;
  }
  return null;
}
