/**
 * The production web build on the same port: hashed assets cached for a year and sent brotli or gzip
 * compressed when the browser takes it (the build writes both beside each file), index.html (with the
 * caller secret filled in) for every other non-API path so client-side routes load (SPA fallback).
 *
 * The page carries the branding of the host it is served on (the answer of GET /common/host, as JSON in
 * `<script id="pc-host">`): the first paint shows the company's name, colour and icon without waiting for a
 * round trip after the scripts (a phone on a slow network saves one), and the icon is right from the start.
 * The page carries the frame drawn from it alone (staticShell.ts), so the first paint does not wait for the
 * scripts either: the sign-in frame in the build's visitor page for a visitor without a session, the top bar
 * of the signed-in frame in index.html for a user with one.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import {
  type CompanyInfo,
  PAGE_BRANDING_ID,
  PAGE_FILES,
  type PageFiles,
  STATIC_SHELLS,
  type StaticShells,
  VISITOR_PAGE,
} from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../lib/html.ts";
import { brandingForHost } from "../modules/tenancy/service.ts";
import { withDeps } from "./deps.ts";
import { sendNotFound } from "./envelope.ts";
import { brandedShell, isVisitor } from "./static-shell.ts";

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
 * Preload links for files the page will ask for (at the first load's low priority, which leaves the
 * stylesheets that the first paint waits for in front): module scripts as the app imports them, stylesheets
 * fetched only (the app adds them to the page).
 */
const preloadLinks = (files: readonly string[]) =>
  files
    .map((file) =>
      file.endsWith(".css")
        ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${escapeHtml(file)}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(file)}">`,
    )
    .join("");

/**
 * index.html with the host's branding: its JSON for the web, its icon in place of the default one, the build's
 * frame drawn from the page alone (the sign-in frame for a visitor without a session) when it has them, and
 * preloads of the files the page at this path needs beyond the first load's (`files`).
 */
export function brandedPage(
  html: string,
  branding: CompanyInfo,
  {
    visitor = false,
    files = [],
    shells,
  }: { visitor?: boolean; files?: readonly string[]; shells?: StaticShells } = {},
): string {
  const data = `<script type="application/json" id="${PAGE_BRANDING_ID}">${scriptSafeJson(branding)}</script>`;
  const withIcon = branding.icon
    ? html.replace(DEFAULT_ICON, `<link rel="icon" href="${escapeHtml(branding.icon)}" />`)
    : html;
  const shell = shells ? brandedShell(shells, branding, visitor) : "";
  const withShell = withIcon.replace(ROOT_ELEMENT, `${ROOT_ELEMENT}${shell}`);
  return withShell.replace("</head>", `${preloadLinks(files)}${data}</head>`);
}

interface FilesByPage {
  frame: readonly string[];
  pages: ReadonlyMap<string, readonly string[]>;
}

/** The build's PageFiles (a Map: a path is the client's, `/__proto__` included); none from a build without. */
function readPageFiles(json: string | null): FilesByPage {
  const files = json ? (JSON.parse(json) as Partial<PageFiles>) : {};
  return { frame: files.frame ?? [], pages: new Map(Object.entries(files.pages ?? {})) };
}

/** The signed-in frame's files and those of the page at the request's path (the query aside). */
function signedInFiles(files: FilesByPage, url: string): string[] {
  const pathname = url.split("?")[0] ?? url;
  return [...new Set([...files.frame, ...(files.pages.get(pathname) ?? [])])];
}

export interface WebRoutesOptions {
  distDir: string;
  callerSecret: string;
}

/** The build's pages and what the server reads to fill them; the static files never serve them. */
const PAGES = ["index.html", VISITOR_PAGE, PAGE_FILES, STATIC_SHELLS];

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
  const pageFiles = readPageFiles(readPage(PAGE_FILES));
  const shellsJson = readPage(STATIC_SHELLS);
  const shells = shellsJson ? (JSON.parse(shellsJson) as StaticShells) : undefined;

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
      ? brandedPage(visitor ? (visitorHtml ?? indexHtml) : indexHtml, branding, {
          visitor,
          // a visitor's page fetches the first load's files after its paint (web/build/paintFirst.ts)
          files: visitor ? [] : signedInFiles(pageFiles, request.url),
          shells,
        })
      : indexHtml;
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(page);
  });
}

export const webRoutes = withDeps("web", webPlugin);
