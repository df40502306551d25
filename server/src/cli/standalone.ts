/** The operator commands that do not touch the database: they run in the CLI's own process. */
import { parseArgs } from "node:util";
import { SignVersion, SUCCESS_CODES } from "@pc/contract";
import type { Config } from "../config.ts";
import { sendExternalCall } from "../modules/external/client.ts";
import { type Command, type OptionValues, text, UsageError } from "../operator/commands.ts";

/** A command that needs the configuration only, not the database; it prints its answer and picks the exit code. */
export interface StandaloneCommand {
  usage: string;
  options: Command["options"];
  positionals: string[];
  run(config: Config, values: OptionValues, positionals: string[]): Promise<number>;
}

export const STANDALONE_COMMANDS: Record<string, StandaloneCommand> = {
  external: {
    usage:
      "external GET|POST /external_api/... [--query k=v ...] [--body JSON] [--sign-version 2|1] [--base-url http://127.0.0.1:8080] [--verbose]",
    options: {
      query: { type: "string", multiple: true },
      body: { type: "string" },
      "sign-version": { type: "string" },
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
      const signVersion = text(values["sign-version"]) || SignVersion.V2;
      if (signVersion !== SignVersion.V1 && signVersion !== SignVersion.V2) {
        throw new UsageError(`--sign-version is 2 (the default) or 1, not ${signVersion}`);
      }
      const baseUrl = text(values["base-url"]) || `http://127.0.0.1:${config.PORT}`;
      const answer = await sendExternalCall(baseUrl, config.EXTERNAL_API_SECRET, {
        method: method.toUpperCase(),
        path,
        query,
        body,
        signVersion,
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

/** Parses a standalone command's options and positionals, then runs it; answers its exit code. */
export function runStandalone(command: StandaloneCommand, config: Config, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: command.options,
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== command.positionals.length) {
    throw new UsageError(`expected ${command.positionals.join(" ")}\n  ${command.usage}`);
  }
  return command.run(config, values, positionals);
}
