// `npm test`: lint, type check, API tests on PGlite (and on PostgreSQL when DATABASE_URL is set: see
// postgresSteps; on a Citus cluster when CITUS_URL is set: see citusSteps), web unit tests, the production web
// build and the Playwright suite in Chromium.
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const withoutDatabaseUrl = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== "DATABASE_URL"),
);

/**
 * The API suite on PostgreSQL: directly when DATABASE_URL is set. With POOLED_DATABASE_URL too (the same
 * server behind a pooler in transaction mode, as .ci/run starts PgBouncer), the whole suite runs through the
 * pooler and directly only the files about the connection itself (named statements, outages, start): the
 * rest behaves alike both ways, and running it twice would cost CI minutes for nothing.
 */
function postgresSteps() {
  const { DATABASE_URL: direct, POOLED_DATABASE_URL: pooled } = process.env;
  if (!direct) return [];
  const suite = ["vitest", "run", "--root", "server"];
  if (!pooled) return [["API tests on PostgreSQL", "npx", suite, process.env]];
  return [
    [
      "API tests on PostgreSQL through a pooler in transaction mode",
      "npx",
      suite,
      { ...process.env, DATABASE_URL: pooled, DATABASE_POOLER: "transaction" },
    ],
    [
      "API tests of the connection on PostgreSQL directly",
      "npx",
      [...suite, ...DIRECT_CONNECTION_TESTS],
      process.env,
    ],
  ];
}

/**
 * The API suite on a Citus cluster when CITUS_URL names its coordinator (docs/citus.md): each test file's
 * database is made on every node (server/test/support/database.ts). CI cannot build Citus, so it is skipped
 * there, and said so.
 */
function citusSteps() {
  const { CITUS_URL: coordinator } = process.env;
  if (!coordinator) return [];
  return [
    [
      "API tests on Citus",
      "npx",
      ["vitest", "run", "--root", "server"],
      { ...process.env, DATABASE_URL: coordinator },
    ],
  ];
}

const DIRECT_CONNECTION_TESTS = [
  "test/prepared-statements.test.ts",
  "test/database-pooler.test.ts",
  "test/database-outage.test.ts",
  "test/start.test.ts",
  "test/shutdown.test.ts",
];

/** The API description as /docs serves it, written for the linter. */
const apiDescription = path.join(tmpdir(), `publisher-console-openapi-${process.pid}.json`);

const steps = [
  ["lint", "npx", ["biome", "check", "."]],
  ["type check", "npm", ["run", "typecheck"]],
  ["API description", "node", ["server/src/openapi.ts", apiDescription]],
  ["API description lint (Redocly, redocly.yaml)", "npx", ["redocly", "lint", apiDescription]],
  ["contract tests", "npx", ["vitest", "run", "--root", "contract", "--passWithNoTests"]],
  ["API tests on PGlite", "npx", ["vitest", "run", "--root", "server"], withoutDatabaseUrl],
  ...postgresSteps(),
  ...citusSteps(),
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
if (!process.env.CITUS_URL) console.log("(CITUS_URL unset: the API suite on Citus was skipped)");
console.log(`\n✓ all passed\n  ${timings.join("\n  ")}`);
