// `npm start`: builds the web console when its build is missing, then runs the server on one port.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!existsSync(path.join(root, "web", "dist", "index.html"))) {
  console.log("Building the web console (first start)…");
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  path.join(root, "node_modules", ".bin", "tsx"),
  [path.join(root, "server", "src", "main.ts")],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
