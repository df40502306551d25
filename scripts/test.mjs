// `npm test`: lint, type check, API tests on PGlite (and on PostgreSQL when DATABASE_URL is set, and through
// a pooler when POOLED_DATABASE_URL is),
// web unit tests, the production web build and the Playwright suite in Chromium.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const withoutDatabaseUrl = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== "DATABASE_URL"),
);

const steps = [
  ["lint", "npx", ["biome", "check", "."]],
  ["type check", "npm", ["run", "typecheck"]],
  ["contract tests", "npx", ["vitest", "run", "--root", "contract", "--passWithNoTests"]],
  ["API tests on PGlite", "npx", ["vitest", "run", "--root", "server"], withoutDatabaseUrl],
  ...(process.env.DATABASE_URL
    ? [["API tests on PostgreSQL", "npx", ["vitest", "run", "--root", "server"], process.env]]
    : []),
  // POOLED_DATABASE_URL: the same PostgreSQL behind a pooler in transaction mode (.ci/run starts PgBouncer)
  ...(process.env.POOLED_DATABASE_URL
    ? [
        [
          "API tests through a pooler in transaction mode",
          "npx",
          ["vitest", "run", "--root", "server"],
          {
            ...process.env,
            DATABASE_URL: process.env.POOLED_DATABASE_URL,
            DATABASE_POOLER: "transaction",
          },
        ],
      ]
    : []),
  ["web unit tests", "npx", ["vitest", "run", "--root", "web"]],
  ["web production build", "npm", ["run", "build", "-w", "web"]],
  [
    "end-to-end tests in Chromium",
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts"],
    withoutDatabaseUrl,
  ],
];

const timings = [];
for (const [name, command, args, env = process.env] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  const seconds = (performance.now() - started) / 1000;
  timings.push(`${name}: ${seconds.toFixed(1)}s`);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
if (!process.env.DATABASE_URL) console.log("\n(DATABASE_URL unset: the API suite ran on PGlite only)");
console.log(`\n✓ all passed\n  ${timings.join("\n  ")}`);
