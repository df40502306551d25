/**
 * The control channel of a server that owns an embedded data directory: the operator CLI cannot open the
 * directory itself (one owner, db/data-dir-lock.ts), so it sends its command here and the server runs it
 * (operator/commands.ts, which the CLI runs too) with its own runtime. The socket is mode 0600 in DATA_DIR:
 * its permissions are the authentication, as with PostgreSQL's own socket.
 */
import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { COMMANDS, runCommand } from "../operator/commands.ts";
import { withDeps } from "../plugins/deps.ts";
import { type ControlAnswer, MAX_REQUEST_BYTES, requestSchema, socketAddress } from "./protocol.ts";

/** How long a connection may take to send its request line. */
const REQUEST_TIMEOUT_MS = 10_000;

async function controlChannelPlugin(app: FastifyInstance, { socketPath }: { socketPath: string }) {
  const context = { config: app.config, database: app.database };
  const answer = async (line: string): Promise<ControlAnswer> => {
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      request = undefined;
    }
    const parsed = requestSchema.safeParse(request);
    if (!parsed.success) return refuse("the server could not read the request");
    const command = Object.hasOwn(COMMANDS, parsed.data.command) ? COMMANDS[parsed.data.command] : undefined;
    if (!command) return refuse(`the server has no command ${parsed.data.command}`);
    // The arguments hold passwords: the log names the command only.
    app.log.info({ command: parsed.data.command }, "operator command");
    try {
      const files = Object.fromEntries(
        Object.entries(parsed.data.files ?? {}).map(([option, base64]) => [
          option,
          Buffer.from(base64, "base64"),
        ]),
      );
      return await runCommand(context, command, parsed.data.args, files);
    } catch (error) {
      app.log.error({ err: error, command: parsed.data.command }, "operator command failed");
      return refuse(`the server could not run ${parsed.data.command}; its log has the details`);
    }
  };

  const server = net.createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end < 0 && received.length <= MAX_REQUEST_BYTES) return;
      socket.removeAllListeners("data");
      socket.setTimeout(0);
      const answering =
        end < 0 ? Promise.resolve(refuse("the request is too long")) : answer(received.slice(0, end));
      void answering.then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });

  app.addHook("onReady", async () => {
    // This process owns the directory: a socket file left there is a crashed owner's.
    rmSync(socketPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketAddress(socketPath), () => {
        server.off("error", reject);
        resolve();
      });
    });
    chmodSync(socketPath, 0o600);
  });
  // Before the database closes: no new commands, and the running ones finish.
  app.addHook("preClose", async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

const refuse = (message: string): ControlAnswer => ({ exitCode: 1, stdout: [], stderr: message });

export const controlChannel = withDeps("control-channel", controlChannelPlugin, { encapsulate: false });
