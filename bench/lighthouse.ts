/**
 * `npm run lighthouse` (docs/performance.md#the-first-load): Lighthouse 12 in Debian's Chromium against the
 * production build served by the real server on a fresh embedded database with the demo data, for the login
 * page and the SDK report (signed in as the demo super admin), on the mobile and the desktop profile; prints
 * the category scores and the metrics that make the performance score. Builds the web first when there is no
 * build. The browser reaches the server through an HTTPS front with HTTP/2 (tlsFront.ts), as production
 * serves it; over plain HTTP/1.1 the report's forty files queued on six connections and its simulated LCP was
 * 1.3 s longer.
 *
 * LIGHTHOUSE_RUNS = runs per page and profile (default 1; the median performance score is printed).
 * LIGHTHOUSE_PAGES = comma-separated page names to audit (e.g. `login`; default every page).
 * LIGHTHOUSE_PROFILES = comma-separated profiles to audit (`mobile`, `desktop`; default both).
 * WEB_DIST = the build to serve (default web/dist), to compare two builds back to back on a busy machine.
 * LIGHTHOUSE_REPORT_DIR = a folder to keep each run's full Lighthouse result in (JSON), to read what a score is made of.
 * LIGHTHOUSE_TRACE = 1 to keep each run's trace there too (`<run>.trace.json`): its observed tasks, which the
 * simulation multiplies by four.
 * LIGHTHOUSE_THROTTLING = a JSON object of the simulated phone's settings to change (`rttMs`, `throughputKbps`,
 * `cpuSlowdownMultiplier`), to see which of them a metric waits on, or how a slower host would score: the
 * simulation multiplies the main thread it observes, so a host half as fast scores as this one does at
 * `{"cpuSlowdownMultiplier":7}` or 8 (docs/performance.md#where-the-phone-profile-stands).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { TOKEN_COOKIE } from "@pc/contract";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../e2e/browser.ts";
import { buildApp } from "../server/src/app.ts";
import { prepareRuntime } from "../server/src/bootstrap.ts";
import { loadConfig } from "../server/src/config.ts";
import { findUserByEmail } from "../server/src/modules/accounts/repo.ts";
import { issueToken } from "../server/src/modules/identity/sessions.ts";
import { startTlsFront } from "./tlsFront.ts";
import { ensureWebBuild } from "./web-size.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? "1");
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const ALL_PAGES = [
  { name: "login", path: "/login", signedIn: false },
  { name: "SDK report", path: "/reports/sdkReports", signedIn: true },
] as const;
const ALL_PROFILES = [
  { name: "mobile", config: undefined },
  { name: "desktop", config: desktopConfig },
] as const;

/** The entries of `all` whose names the comma-separated variable lists (all of them when it is unset). */
function chosen<T extends { name: string }>(all: readonly T[], variable: string): T[] {
  const names = process.env[variable]?.split(",").map((name) => name.trim().toLowerCase());
  const picked = all.filter((entry) => !names || names.includes(entry.name.toLowerCase()));
  if (picked.length === 0) throw new Error(`${variable} names none of: ${all.map((entry) => entry.name)}`);
  return picked;
}

const PAGES = chosen(ALL_PAGES, "LIGHTHOUSE_PAGES");
const PROFILES = chosen(ALL_PROFILES, "LIGHTHOUSE_PROFILES");

const THROTTLING_KEYS = ["rttMs", "throughputKbps", "cpuSlowdownMultiplier"];

/** The settings LIGHTHOUSE_THROTTLING changes, refused unless each is one of THROTTLING_KEYS with a number. */
function throttlingOf(text: string | undefined): Flags["throttling"] {
  if (!text) return undefined;
  const parsed: unknown = JSON.parse(text);
  const valid =
    typeof parsed === "object" &&
    parsed !== null &&
    Object.entries(parsed).every(
      ([key, value]) => THROTTLING_KEYS.includes(key) && typeof value === "number",
    );
  if (!valid) throw new Error(`LIGHTHOUSE_THROTTLING takes numbers for ${THROTTLING_KEYS.join(", ")}`);
  return parsed;
}

const THROTTLING = throttlingOf(process.env.LIGHTHOUSE_THROTTLING);

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** The scripts the page downloaded: how many, and their bytes as sent (compressed). */
  jsFiles: number;
  jsBytes: number;
  /**
   * The main thread's work as observed, before the 4x slowdown Lighthouse simulates: steadier from run to run
   * than the simulated blocking time, which multiplies every long task of a busy machine.
   */
  mainThreadMs: number;
  /** Lighthouse's measure of this machine's speed during the run (higher is faster; it varies by a third here). */
  cpuIndex: number;
}

interface Diagnostics {
  totalTaskTime: number;
}

interface ResourceSummaryItem {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function audit(
  browser: Browser,
  url: string,
  token: string | null,
  profile: (typeof PROFILES)[number],
  reportName: string,
) {
  // A context of its own per run: a cold cache every time. The signed-in runs keep their storage (for the
  // cookie), which would otherwise also keep the scripts of the run before in the cache.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (token) await page.setCookie({ name: TOKEN_COOKIE, value: token, url });
  // keeps the cookie: Lighthouse clears the origin's storage otherwise
  const flags: Flags = {
    output: "json",
    logLevel: "error",
    disableStorageReset: Boolean(token),
    throttling: THROTTLING,
  };
  const result = await lighthouse(url, flags, profile.config, page);
  await context.close();
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${reportName}.json`), JSON.stringify(result.lhr));
    if (process.env.LIGHTHOUSE_TRACE)
      writeFileSync(
        path.join(REPORT_DIR, `${reportName}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
  }
  const { categories, audits } = result.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  const summary = audits["resource-summary"]?.details;
  const items = summary?.type === "table" ? (summary.items as unknown as ResourceSummaryItem[]) : [];
  const scripts = items.find((item) => item.resourceType === "script");
  const diagnostics = audits.diagnostics?.details;
  const observed =
    diagnostics?.type === "debugdata"
      ? (diagnostics.items?.[0] as unknown as Diagnostics | undefined)
      : undefined;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    fcpMs: value("first-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    jsFiles: scripts?.requestCount ?? 0,
    jsBytes: scripts?.transferSize ?? 0,
    mainThreadMs: observed?.totalTaskTime ?? Number.NaN,
    cpuIndex: result.lhr.environment.benchmarkIndex,
  } satisfies Scores;
}

ensureWebBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), "pc-lighthouse-"));
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  REPORT_SCHEDULE_SECONDS: "0",
  WEB_DIST: process.env.WEB_DIST,
});
const runtime = await prepareRuntime(config);
const app = await buildApp(runtime);
const front = await startTlsFront(await app.listen({ host: "127.0.0.1", port: 0 }));
const baseUrl = front.url;
const admin = await findUserByEmail(runtime.database.db, config.CONSOLE_ADMIN_EMAIL);
if (!admin) throw new Error("the demo seed made no super admin");
const token = await issueToken(runtime.database.db, admin.company_id, admin.id);
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"],
  headless: true,
});

const rows: Record<string, string | number>[] = [];
try {
  for (const target of PAGES) {
    for (const profile of PROFILES) {
      const runs: Scores[] = [];
      for (let run = 0; run < RUNS; run++) {
        const url = `${baseUrl}${target.path}`;
        const reportName = `${target.name.replace(/\W+/g, "-")}-${profile.name}-${run + 1}`;
        runs.push(await audit(browser, url, target.signedIn ? token : null, profile, reportName));
      }
      const typical =
        runs.find((run) => run.performance === median(runs.map((r) => r.performance))) ?? runs[0];
      if (!typical) continue;
      rows.push({
        page: target.name,
        profile: profile.name,
        performance: typical.performance,
        accessibility: typical.accessibility,
        "best practices": typical.bestPractices,
        "FCP ms": Math.round(typical.fcpMs),
        "LCP ms": Math.round(typical.lcpMs),
        "TBT ms": Math.round(typical.tbtMs),
        CLS: Number(typical.cls.toFixed(3)),
        "JS files": typical.jsFiles,
        "JS KB": Math.round(typical.jsBytes / 1024),
        "main thread ms": Math.round(typical.mainThreadMs),
        "CPU index": Math.round(typical.cpuIndex),
      });
    }
  }
} finally {
  await browser.close();
  await front.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Lighthouse ${RUNS} run(s) each, goal: performance ≥ 90 and accessibility ≥ 95 on mobile`);
console.table(rows);
