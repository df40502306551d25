/**
 * The production web build on the same port: hashed assets cached for a year and sent brotli or gzip
 * compressed when the browser takes it (the build writes both beside each file), index.html (with the
 * caller secret filled in) for every other non-API path so client-side routes load (SPA fallback).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendNotFound } from "./envelope.ts";

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

export async function webRoutes(app: FastifyInstance, options: { distDir: string; callerSecret: string }) {
  const indexFile = path.join(options.distDir, "index.html");
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, "utf8").replaceAll("__CALLER_SECRET__", options.callerSecret)
    : null;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (!indexHtml || !["GET", "HEAD"].includes(request.method) || isApiPath(request.url))
      return sendNotFound(request, reply);
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  });
}
