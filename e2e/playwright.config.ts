import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "./browser.ts";
import { PORT, SMTP_PORT } from "./ports.ts";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The production build served by the real server on a fresh embedded database; its mail goes to the SMTP
 * server of global-setup.ts.
 */
export default defineConfig({
  testDir: "tests",
  // a real SMTP server catching the emailed codes (reset password, registration)
  globalSetup: "./global-setup.ts",
  timeout: 30_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  outputDir: path.join(root, "e2e", "test-results"),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // DOM snapshots only: the screencast of a trace kept Chromium's compositor drawing every frame of every test
    // (three times the time of a test with two workers), and a failure takes its own screenshot anyway.
    trace: { mode: "retain-on-failure", screenshots: false },
    // The console turns antd's motion off for users who ask for less (WCAG 2.3.3); the suite asks too, so its
    // two workers and the server do not share the machine's two cores with animation frames.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `${process.execPath} ${path.join(root, "server", "src", "main.ts")}`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-e2e-")),
      CAPTCHA_FIXED_ANSWER: "42",
      // plain SMTP on the loopback: nodemailer never tries STARTTLS (the catcher offers none either)
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}?ignoreTLS=true`,
    },
  },
});
