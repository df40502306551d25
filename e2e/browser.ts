import { existsSync } from "node:fs";

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same build as /usr/bin/chromium without
 * the browser's own UI), which .ci/run installs; /usr/bin/chromium where it is missing. The full browser drew its
 * tab strip and composited every frame in software beside the page: about four times the CPU per test on the
 * two cores that the server and both workers share (e2e took 19 minutes of CI's 30).
 */
export const CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) =>
  existsSync(file),
);

/** This machine's network is closed: no background connections, no sandbox (root), no GPU. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
