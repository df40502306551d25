import base from "./playwright.config.ts";

export default { ...base, webServer: { ...base.webServer, reuseExistingServer: true, timeout: 600_000 } };
