import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  Code,
  DEFAULT_THEME,
  PAGE_FILES,
  type PageFiles,
  SHELL_SLOTS,
  STATIC_SHELLS,
  type StaticShells,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandedPage } from "../src/plugins/web.ts";
import { call, startTestApp, type TestApp } from "./support/app.ts";

const webDist = mkdtempSync(path.join(tmpdir(), "pc-web-"));
writeFileSync(
  path.join(webDist, "index.html"),
  '<html><head><meta name="pc-caller-secret" content="__CALLER_SECRET__"></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(webDist, "visitor.html"),
  '<html><head><meta name="pc-caller-secret" content="__CALLER_SECRET__"></head><body data-page="visitor"><div id="root"></div></body></html>',
);
writeFileSync(path.join(webDist, "robots.txt"), "User-agent: *");
const pageFiles: PageFiles = {
  frame: ["/assets/SignedInFrame-1.js", "/assets/shared-1.js"],
  pages: {
    "/reports/sdkReports": ["/assets/SdkReportsPage-1.js", "/assets/shared-1.js", "/assets/reports-1.css"],
  },
};
writeFileSync(path.join(webDist, PAGE_FILES), JSON.stringify(pageFiles));
// frames as the build draws them (web/build/staticShells.tsx), cut down to their slots
const shell = (frame: string, mark: string) =>
  `<div id="pc-shell" data-frame="${frame}"><span class="pc-brand">${mark}<span class="pc-brand-name">${SHELL_SLOTS.name}</span></span>` +
  (frame === "sign-in"
    ? `<div class="pc-login" style="background:${SHELL_SLOTS.pageBackground}"><aside style="background:${SHELL_SLOTS.asideBackground}"><div class="pc-login-aside-name">${SHELL_SLOTS.name}</div></aside></div>`
    : "") +
  "</div>";
const marks = {
  logo: `<img src="${SHELL_SLOTS.logo}">`,
  initial: `<span style="background:${SHELL_SLOTS.markBackground}">${SHELL_SLOTS.initial}</span>`,
};
const shells: StaticShells = {
  signIn: { logo: shell("sign-in", marks.logo), initial: shell("sign-in", marks.initial) },
  signedIn: { logo: shell("signed-in", marks.logo), initial: shell("signed-in", marks.initial) },
};
writeFileSync(path.join(webDist, STATIC_SHELLS), JSON.stringify(shells));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: webDist, CALLER_SECRET: "caller-secret-under-test-32-characters" });
});
afterAll(() => t.close());

describe("health and metrics", () => {
  it("answers /healthz and /readyz with plain 200", async () => {
    for (const url of ["/healthz", "/readyz"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("ok");
    }
  });

  it("answers Prometheus text with request counts by route", async () => {
    await t.app.inject({ url: "/healthz" });
    const response = await t.app.inject({ url: "/metrics" });
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/,
    );
    expect(response.body).toContain("http_request_duration_seconds_bucket");
  });
});

describe("OpenAPI", () => {
  it("lists every API route with its schema at /docs", async () => {
    const spec = (await t.app.inject({ url: "/docs/json" })).json<{ paths: Record<string, object> }>();
    const apiRoutes = t.app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .map((line) => line.replace(/^[\s│├└─]+/, "").split(" (")[0] ?? "")
      .filter((url) => /^\/(v1|api|common|sdk|external_api)\//.test(url));
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const url of apiRoutes)
      expect(Object.keys(spec.paths), url).toContain(url.replace(/:(\w+)/g, "{$1}"));
    expect(JSON.stringify(spec.paths["/v1/passport/user/login"])).toContain("requestBody");
    expect((await t.app.inject({ url: "/docs" })).statusCode).toBeLessThan(400);
  });
});

describe("security headers and limits", () => {
  it("sends CSP with frame-ancestors, nosniff and a referrer policy", async () => {
    const response = await t.app.inject({ url: "/common/host" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("sends the same headers on a refusal, a 404 and a malformed body", async () => {
    const answers = [
      await t.app.inject({ url: "/v1/app/list?page_no=1&page_size=10" }),
      await t.app.inject({ url: "/v1/no/such/thing" }),
      await t.app.inject({
        method: "POST",
        url: "/v1/passport/user/login",
        headers: { "content-type": "application/json" },
        payload: "{",
      }),
    ];
    for (const response of answers) {
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
  });

  it("answers unknown API paths with a 404 envelope", async () => {
    const answer = await call(t.app, { url: "/v1/no/such/thing", headers: { lang: "en" } });
    expect(answer).toMatchObject({ status: 404, code: Code.ParamError, msg: "No such endpoint" });
  });
});

describe("web build", () => {
  it("serves index.html with the caller secret for client routes (SPA fallback)", async () => {
    for (const url of [
      "/",
      "/login?redirect=%2Fhome",
      "/appManagement/appManagementList",
      "/index.html",
      "/visitor.html",
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain('content="caller-secret-under-test-32-characters"');
    }
  });

  it("carries the branding of the host it is served on, as /common/host answers it", async () => {
    const page = await t.app.inject({ url: "/login", headers: { host: "demo.localhost" } });
    const json = /<script type="application\/json" id="pc-host">(.*?)<\/script>/.exec(page.body)?.[1];
    const answer = await call(t.app, { url: "/common/host?host=demo.localhost" });
    expect(JSON.parse(json ?? "null")).toEqual(answer.data);
    expect(answer.data).toMatchObject({ name: "Demo Publisher" });
  });

  it("draws the sign-in frame into a visitor's page, in the host's name and colours", async () => {
    const visitor = await t.app.inject({ url: "/home", headers: { host: "demo.localhost" } });
    expect(visitor.body).toContain('data-page="visitor"');
    const shell =
      /<div id="pc-shell" data-frame="sign-in">.*?<\/aside><\/div><\/div>/.exec(visitor.body)?.[0] ?? "";
    expect(shell).toContain('<div class="pc-login-aside-name">Demo Publisher</div>');
    expect(shell).toContain('<span class="pc-brand-name">Demo Publisher</span>');
    // without a logo, the mark is the name's initial on antd's shades of the default green (colorPrimary,
    // colorPrimaryActive), as the app draws the card
    expect(shell).toContain('<span style="background:linear-gradient(135deg, #00b96b, #00945b)">D</span>');
    expect(shell).toContain("background:linear-gradient(150deg, #00b96b 0%, #00945b 100%)");
    expect(shell).not.toContain("__PC_");

    const signedIn = await t.app.inject({
      url: "/home",
      headers: { host: "demo.localhost", cookie: "lang=en; token=a-session-token" },
    });
    expect(signedIn.body).toContain('id="pc-host"');
    expect(signedIn.body).not.toContain('data-page="visitor"');
    expect(signedIn.body).not.toContain("pc-login");
  });

  it("draws the signed-in top bar into the page of a user with a session, in the host's name and colours", async () => {
    const signedIn = await t.app.inject({
      url: "/reports/sdkReports",
      headers: { host: "demo.localhost", cookie: "token=a-session-token" },
    });
    const shell = /<div id="pc-shell" data-frame="signed-in">.*?<\/span><\/span><\/div>/.exec(
      signedIn.body,
    )?.[0];
    expect(shell).toContain('<span class="pc-brand-name">Demo Publisher</span>');
    expect(shell).toContain("background:linear-gradient(135deg, #00b96b, #00945b)");
  });

  it("draws a host's logo in place of its initial", () => {
    const html = '<html><head></head><body><div id="root"></div></body></html>';
    const branding = { host: "h", ssp_host: "", icon: "", theme: "", name: "", logo: "/logo.png" };
    const page = brandedPage(html, branding, { shells });
    expect(page).toContain(
      '<div id="pc-shell" data-frame="signed-in"><span class="pc-brand"><img src="/logo.png">',
    );
    // a nameless host's name keeps its line's height
    expect(page).toContain('<span class="pc-brand-name">&#8203;</span>');
  });

  it("names the frame's and the page's files in a signed-in user's page, not in a visitor's", async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="(modulepreload|preload)"[^>]*>/g)];
    const report = await t.app.inject({
      url: "/reports/sdkReports?startDate=2026-11-01",
      headers: { host: "demo.localhost", cookie: "token=a-session-token" },
    });
    expect(preloads(report.body).map(([link]) => link)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/SignedInFrame-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shared-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/SdkReportsPage-1.js">',
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/reports-1.css">',
    ]);
    for (const url of ["/home", "/__proto__", "/constructor"]) {
      const page = await t.app.inject({
        url,
        headers: { host: "demo.localhost", cookie: "token=a-session-token" },
      });
      expect(page.statusCode, url).toBe(200);
      expect(preloads(page.body), url).toHaveLength(2);
    }
    const visitor = await t.app.inject({ url: "/reports/sdkReports", headers: { host: "demo.localhost" } });
    expect(preloads(visitor.body)).toEqual([]);
    expect((await t.app.inject({ url: `/${PAGE_FILES}` })).body).not.toContain("SignedInFrame");
  });

  it("keeps a company's name, logo and icon from ending the page's script or attribute", () => {
    const html =
      '<html><head><link rel="icon" href="/favicon.svg" /></head><body><div id="root"></div></body></html>';
    const branding = {
      host: "brand.test",
      ssp_host: "",
      logo: 'data:image/png;base64,y" onerror="alert(1)',
      theme: DEFAULT_THEME,
      name: "</script><script>alert(1)</script> & \u2028",
      icon: 'data:image/png;base64,x" onload="alert(1)',
    };
    const page = brandedPage(html, branding, { visitor: true, shells });
    expect(page).toContain('<div class="pc-login-aside-name">&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(page).toContain('src="data:image/png;base64,y&quot; onerror=&quot;alert(1)"');
    expect(page).not.toContain("<script>alert");
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const json = /id="pc-host">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(json ?? "null")).toEqual(branding);
    expect(page).toContain('<link rel="icon" href="data:image/png;base64,x&quot; onload=&quot;alert(1)" />');
  });

  it("serves static files as they are", async () => {
    const response = await t.app.inject({ url: "/robots.txt" });
    expect(response.body).toBe("User-agent: *");
  });
});

describe("companies and hosts", () => {
  it("answers the branding of a known host", async () => {
    const answer = await call(t.app, { url: "/common/host?host=demo.localhost" });
    expect(answer.data).toEqual({
      host: "demo.localhost",
      name: "Demo Publisher",
      ssp_host: "",
      icon: "",
      logo: "",
      theme: DEFAULT_THEME,
    });
  });

  it("answers the default branding for an unknown host", async () => {
    const answer = await call<{ theme: string; name: string }>(t.app, {
      url: "/common/host?host=unknown.example",
    });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.theme).toBe(DEFAULT_THEME);
    expect(answer.data.name).toBe("Publisher Platform");
  });

  it("seeds one operator company and a demo publisher with its super admin", async () => {
    const companies = await t.runtime.database.db
      .selectFrom("company")
      .select(["name", "is_operator"])
      .orderBy("id")
      .execute();
    expect(companies).toEqual([
      { name: "Publisher Platform", is_operator: true },
      { name: "Demo Publisher", is_operator: false },
    ]);
  });
});
