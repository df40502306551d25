// `postinstall`: applies patches/ to the installed libraries with patch-package, failing the install when a
// patch no longer applies (web/build/README.md). An install without the dev dependencies (`npm ci --omit=dev`,
// a server serving a build made elsewhere) has no patch-package and builds nothing the patches change: it skips.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let patchPackage;
try {
  patchPackage = path.join(path.dirname(require.resolve("patch-package/package.json")), "index.js");
} catch {
  console.log("patch-package is not installed (no dev dependencies): patches/ not applied");
  process.exit(0);
}
const result = spawnSync(process.execPath, [patchPackage, "--error-on-fail", "--error-on-warn"], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
