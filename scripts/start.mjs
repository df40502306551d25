// `npm start`: builds the web console when its build is missing, then runs the server on one port. Without
// SMTP_URL (outside production) the mails go to a mailbox on the loopback that prints them (dev-mailbox.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!existsSync(path.join(root, "web", "dist", "index.html"))) {
  console.log("Building the web console (first start)…");
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Starts the mailbox and answers its SMTP_URL once it listens. */
function startMailbox() {
  const mailbox = spawn(process.execPath, [path.join(root, "scripts", "dev-mailbox.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: mailbox.stdout });
  return new Promise((resolve, reject) => {
    mailbox.once("exit", (code) => reject(new Error(`the development mailbox exited (${code})`)));
    lines.once("line", (first) => {
      lines.on("line", (line) => console.log(line));
      console.log(`Mail goes to the development mailbox (printed here): ${first}`);
      resolve({ mailbox, url: first.replace(/^SMTP_URL=/, "") });
    });
  });
}

const needsMailbox = !process.env.SMTP_URL && process.env.NODE_ENV !== "production";
const { mailbox, url } = needsMailbox ? await startMailbox() : { mailbox: null, url: process.env.SMTP_URL };

const server = spawn(process.execPath, [path.join(root, "server", "src", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: url ? { ...process.env, SMTP_URL: url } : process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  mailbox?.kill();
  process.exit(code ?? (signal ? 1 : 0));
});
