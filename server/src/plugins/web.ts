/**
 * The production web build on the same port: hashed assets cached for a year and sent brotli or gzip
 * compressed when the browser takes it (the build writes both beside each file), index.html (with the
 * caller secret filled in) for every other non-API path so client-side routes load (SPA fallback).
 *
 * The page carries the branding of the host it is served on (the answer of GET /common/host, as JSON in
 * `<script id="pc-host">`): the first paint shows the company's name, colour and icon without waiting for a
 * round trip after the scripts (a phone on a slow network saves one), and the icon is right from the start.
 * The page carries the frame drawn from it alone (signInShell.ts), so the first paint does not wait for the
 * scripts either: the sign-in frame in the build's visitor page for a visitor without a session, the top bar
 * of the signed-in frame in index.html for a user with one.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { type CompanyInfo, PAGE_BRANDING_ID, VISITOR_PAGE } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../lib/html.ts";
import { brandingForHost } from "../modules/tenancy/service.ts";
import { withDeps } from "./deps.ts";
import { sendNotFound } from "./envelope.ts";
import { isVisitor, signedInShell, signInShell } from "./signInShell.ts";

const API_PREFIXES = [
  "/v1/",
  "/api/",
  "/common/",
  "/sdk/",
  "/external_api/",
  "/docs",
  "/metrics",
  "/healthz",
  "/readyz",
];

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

const DEFAULT_ICON = /<link rel="icon"[^>]*>/;
const ROOT_ELEMENT = '<div id="root"></div>';

/** JSON that cannot end the script element it sits in, whatever a company's name holds. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/**
 * index.html with the host's branding: its JSON for the web, its icon in place of the default one, and the
 * frame drawn from the page alone (the sign-in frame for a visitor without a session).
 */
export function brandedPage(html: string, branding: CompanyInfo, { visitor = false } = {}): string {
  const data = `<script type="application/json" id="${PAGE_BRANDING_ID}">${scriptSafeJson(branding)}</script>`;
  const withIcon = branding.icon
    ? html.replace(DEFAULT_ICON, `<link rel="icon" href="${escapeHtml(branding.icon)}" />`)
    : html;
  const shell = visitor ? signInShell(branding) : signedInShell(branding);
  const withShell = withIcon.replace(ROOT_ELEMENT, `${ROOT_ELEMENT}${shell}`);
  return withShell.replace("</head>", `${data}</head>`);
}

export interface WebRoutesOptions {
  distDir: string;
  callerSecret: string;
}

/** The build's pages; the static files never serve them (their caller secret is filled in here). */
const PAGES = ["index.html", VISITOR_PAGE];

async function webPlugin(app: FastifyInstance, options: WebRoutesOptions) {
  const readPage = (name: string) => {
    const file = path.join(options.distDir, name);
    return existsSync(file)
      ? readFileSync(file, "utf8").replaceAll("__CALLER_SECRET__", options.callerSecret)
      : null;
  };
  const indexHtml = readPage("index.html");
  // starts the app's script after its first paint (web/build/paintFirst.ts); a build may have none
  const visitorHtml = readPage(VISITOR_PAGE);

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => !PAGES.some((page) => pathName === `/${page}`),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (!indexHtml || !["GET", "HEAD"].includes(request.method) || isApiPath(request.url))
      return sendNotFound(request, reply);
    // without its database the page still loads; the web then asks /common/host itself
    const branding = await brandingForHost(app.db, request.hostname.split(":")[0] ?? "").catch(
      (error: unknown) => {
        request.log.warn({ err: error }, "the page goes out without the host's branding");
        return null;
      },
    );
    const visitor = isVisitor(request.headers.cookie);
    const page = branding
      ? brandedPage(visitor ? (visitorHtml ?? indexHtml) : indexHtml, branding, { visitor })
      : indexHtml;
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
  });
}

export const webRoutes = withDeps("web", webPlugin);
