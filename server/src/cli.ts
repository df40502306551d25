/** The operator CLI (DESIGN §10): `npm run cli -- <command> [options]`. */
import { parseArgs } from "node:util";
import { ReportAction, ReportScope, Role, SUCCESS_CODES } from "@pc/contract";
import { prepareRuntime, type Runtime } from "./bootstrap.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { AppError } from "./lib/app-error.ts";
import { listAudit } from "./lib/audit.ts";
import { md5Hex } from "./lib/passwords.ts";
import { createUser } from "./modules/accounts/service.ts";
import { appSecret } from "./modules/apps/service.ts";
import { sendExternalCall } from "./modules/external/client.ts";
import { manageReport } from "./modules/reports/service.ts";
import { findCompany } from "./modules/tenancy/repo.ts";
import { createCompany } from "./modules/tenancy/service.ts";

type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  usage: string;
  options: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
  required: string[];
  run(runtime: Runtime, values: OptionValues): Promise<unknown>;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const COMMANDS: Record<string, Command> = {
  ...reportCommands(),
  "create-company": {
    usage:
      "create-company --name N --host H [--host H2] [--operator] --admin-email E --admin-password P [--admin-name A]",
    options: {
      name: { type: "string" },
      host: { type: "string", multiple: true },
      operator: { type: "boolean" },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
      "admin-name": { type: "string" },
    },
    required: ["name", "admin-email", "admin-password"],
    run: ({ database }, values) =>
      createCompany(database.db, {
        name: text(values.name),
        hosts: Array.isArray(values.host) ? values.host.map(String) : [],
        isOperator: values.operator === true,
        admin: {
          email: text(values["admin-email"]),
          userName: text(values["admin-name"]) || "Super Admin",
          passwordMd5: md5Hex(text(values["admin-password"])),
        },
      }),
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
    async run({ database }, values) {
      const companyId = Number(values["company-id"]);
      const role = Number(values.role);
      if (!Object.values(Role).includes(role as 1 | 2 | 3)) throw new UsageError("--role must be 1, 2 or 3");
      if (!Number.isInteger(companyId) || !(await findCompany(database.db, companyId))) {
        throw new UsageError(`no company with id ${text(values["company-id"])}`);
      }
      const email = text(values.email);
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
    },
  },
  "app-secret": {
    usage: "app-secret --app-key K",
    options: { "app-key": { type: "string" } },
    required: ["app-key"],
    async run({ database }, values) {
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
    async run({ database }, values) {
      const companyId = Number(values["company-id"]);
      const limit = values.limit === undefined ? 100 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10000) {
        throw new UsageError("--limit must be a whole number from 1 to 10000");
      }
      if (!Number.isInteger(companyId) || !(await findCompany(database.db, companyId))) {
        throw new UsageError(`no company with id ${text(values["company-id"])}`);
      }
      return new JsonLines(await listAudit(database.db, companyId, limit));
    },
  },
};

class UsageError extends Error {}

/** `calculate|publish|delete --kind online|offline --date yyyyMMdd [--company-id C]` (DESIGN §10, issue 5). */
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
        async run({ database, config }, values) {
          const kind = text(values.kind);
          if (kind !== "online" && kind !== "offline") {
            throw new UsageError("--kind must be online or offline");
          }
          const companyText = text(values["company-id"]);
          const companyId = companyText === "" ? null : Number(companyText);
          if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0)) {
            throw new UsageError("--company-id must be a company id");
          }
          return manageReport(
            database.db,
            { action, kind, date: text(values.date), companyId, actor: null },
            {
              timeZone: config.REPORT_TZ,
              autoPublish: config.AUTO_PUBLISH,
              leaseSeconds: config.REPORT_LEASE_SECONDS,
            },
          );
        },
      },
    ]),
  );
}

/** A command that needs the configuration only, not the database; it prints its answer and picks the exit code. */
interface StandaloneCommand {
  usage: string;
  options: Command["options"];
  positionals: string[];
  run(config: Config, values: OptionValues, positionals: string[]): Promise<number>;
}

const STANDALONE_COMMANDS: Record<string, StandaloneCommand> = {
  external: {
    usage:
      "external GET|POST /external_api/... [--query k=v ...] [--body JSON] [--base-url http://127.0.0.1:8080] [--verbose]",
    options: {
      query: { type: "string", multiple: true },
      body: { type: "string" },
      "base-url": { type: "string" },
      verbose: { type: "boolean" },
    },
    positionals: ["method", "path"],
    async run(config, values, [method = "", path = ""]) {
      if (!/^[A-Z]+$/i.test(method) || !path.startsWith("/")) {
        throw new UsageError(`give the method and the path, e.g. external GET /external_api/profit_center`);
      }
      const query = (Array.isArray(values.query) ? values.query.map(String) : []).map((pair) => {
        const at = pair.indexOf("=");
        if (at <= 0) throw new UsageError(`--query takes name=value, not ${pair}`);
        return [pair.slice(0, at), pair.slice(at + 1)] as const;
      });
      const body = typeof values.body === "string" ? values.body : undefined;
      if (body !== undefined) {
        try {
          JSON.parse(body);
        } catch {
          throw new UsageError("--body must be JSON");
        }
      }
      const baseUrl = text(values["base-url"]) || `http://127.0.0.1:${config.PORT}`;
      const answer = await sendExternalCall(baseUrl, config.EXTERNAL_API_SECRET, {
        method: method.toUpperCase(),
        path,
        query,
        body,
      });
      if (values.verbose) {
        console.error(`signed string: ${answer.signed.signedString}`);
        console.error(
          `${method.toUpperCase()} ${new URL(answer.signed.target, baseUrl)} -> HTTP ${answer.status}`,
        );
      }
      console.log(answer.text);
      return answer.status === 200 && SUCCESS_CODES.includes(envelopeCode(answer.text)) ? 0 : 1;
    },
  },
};

/** The code of an answer envelope, or NaN when the text is not one. */
function envelopeCode(body: string): number {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" &&
      parsed !== null &&
      "code" in parsed &&
      typeof parsed.code === "number"
      ? parsed.code
      : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** An answer printed as one JSON document per line. */
class JsonLines {
  constructor(readonly rows: readonly unknown[]) {}
}

function help(): string {
  return [
    "Usage: npm run cli -- <command> [options]",
    "",
    ...[...Object.values(COMMANDS), ...Object.values(STANDALONE_COMMANDS)].map((c) => `  ${c.usage}`),
  ].join("\n");
}

async function main(argv: string[]) {
  const [name, ...rest] = argv;
  const standalone = name ? STANDALONE_COMMANDS[name] : undefined;
  if (standalone) {
    const { values, positionals } = parseArgs({
      args: rest,
      options: standalone.options,
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length !== standalone.positionals.length) {
      throw new UsageError(`expected ${standalone.positionals.join(" ")}\n  ${standalone.usage}`);
    }
    return standalone.run(loadConfig(), values, positionals);
  }
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.log(help());
    return name && name !== "--help" ? 2 : 0;
  }
  const { values } = parseArgs({ args: rest, options: command.options, strict: true });
  const missing = command.required.filter((option) => values[option] === undefined);
  if (missing.length > 0) throw new UsageError(`missing --${missing.join(", --")}\n  ${command.usage}`);
  const runtime = await prepareRuntime({ ...loadConfig(), DEMO_SEED: false });
  try {
    const answer = await command.run(runtime, values);
    if (answer instanceof JsonLines) for (const row of answer.rows) console.log(JSON.stringify(row));
    else console.log(JSON.stringify(answer));
  } finally {
    await runtime.database.db.destroy();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AppError) console.error(error.localized("en"));
    else if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
