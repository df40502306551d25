import {
  ASSET_DIGEST_PATTERN,
  BRAND_ASSET_BODY_LIMIT_BYTES,
  BRAND_ASSET_KINDS,
  type BrandAssetKind,
  COMPANY_ENDPOINTS,
  COMPANY_PATHS,
  companyAssetBody,
  companyAssetParams,
  companyManageRow,
  envelopeOf,
  ID_MAX,
  ok,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answeredAs, refusedWith } from "../../lib/api-responses.ts";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { sendNotFound } from "../../plugins/envelope.ts";
import {
  type Actor,
  brandingForHost,
  companyAsset,
  companyList,
  createCompany,
  managedCompany,
  managedCompanyList,
  removeCompanyAsset,
  setCompanyAsset,
  setCompanyHosts,
  setCompanyTheme,
} from "./service.ts";

/** The signed-in operator admin, for the audit rows. */
const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId };
};

/**
 * Headers of a stored image. Its URL names its digest, so it never changes: cached for a year. The type is
 * the one read from its bytes (only raster types are stored), never sniffed by the browser, and the image
 * opened on its own runs nothing (`sandbox`, no sources).
 */
const ASSET_HEADERS = {
  "cache-control": "public, max-age=31536000, immutable",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
} as const;

/** The branding and company select calls, and the Companies screen's. */
const tenancyTags = ["tenancy"];
const tags = ["companies"];

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, timeZone } = app;
  serveEndpoint(app, COMPANY_ENDPOINTS.host, tenancyTags, async (request, reply) => {
    reply.header("cache-control", "no-cache");
    return ok(await brandingForHost(db, request.query.host || request.hostname.split(":")[0] || ""));
  });
  serveEndpoint(app, COMPANY_ENDPOINTS.list, tenancyTags, async (request) =>
    ok(await companyList(db, request.query, timeZone)),
  );

  // ── The Companies screen: operator admins (company.manage) ──────────────────────────────────────────

  serveEndpoint(app, COMPANY_ENDPOINTS.manageList, tags, async (request) =>
    ok(await managedCompanyList(db, request.query, timeZone)),
  );
  serveEndpoint(app, COMPANY_ENDPOINTS.create, tags, async (request) => {
    const body = request.body;
    return ok(
      await createCompany(db, {
        name: body.name,
        hosts: body.hosts,
        isOperator: false,
        theme: body.theme,
        admin: {
          email: body.admin_email,
          userName: body.admin_name ?? "Super Admin",
          passwordMd5: body.admin_password,
        },
        actor: actorOf(request),
      }),
    );
  });
  serveEndpoint(app, COMPANY_ENDPOINTS.setHosts, tags, async (request) => {
    const { company_id: companyId, hosts } = request.body;
    await setCompanyHosts(db, { companyId, hosts, actor: actorOf(request) });
    return ok(await managedCompany(db, companyId, timeZone));
  });
  serveEndpoint(app, COMPANY_ENDPOINTS.setTheme, tags, async (request) => {
    const { company_id: companyId, theme } = request.body;
    await setCompanyTheme(db, { companyId, theme, actor: actorOf(request) });
    return ok(await managedCompany(db, companyId, timeZone));
  });

  app.post(
    COMPANY_PATHS.asset,
    {
      config: { action: "company.manage" },
      // The one JSON body allowed past 100 KB: the image in base64. The session and permission are checked
      // before the body is read (onRequest), so only operator admins may send this much.
      bodyLimit: BRAND_ASSET_BODY_LIMIT_BYTES,
      schema: {
        tags,
        description:
          "Uploads the company's logo (PNG, JPEG or WebP, at most 200 KB) or favicon (`icon`: ICO or PNG, at most " +
          "64 KB) in base64; the type is read from the bytes, SVG is refused. Refusals name the field `data`.",
        body: companyAssetBody,
        response: { 200: envelopeOf(companyManageRow) },
      },
    },
    async (request) => {
      const { company_id: companyId, kind, data } = request.body;
      await setCompanyAsset(db, {
        companyId,
        kind,
        bytes: Buffer.from(data, "base64"),
        actor: actorOf(request),
        field: "data",
      });
      return ok(await managedCompany(db, companyId, timeZone));
    },
  );

  serveEndpoint(app, COMPANY_ENDPOINTS.removeAsset, tags, async (request) => {
    const { company_id: companyId, kind } = request.query;
    await removeCompanyAsset(db, { companyId, kind, actor: actorOf(request) });
    return ok(await managedCompany(db, companyId, timeZone));
  });

  app.get(
    `${COMPANY_PATHS.served}/:company_id/:kind/:digest`,
    {
      config: { public: true },
      schema: {
        tags: tenancyTags,
        description:
          "A company's logo or favicon, as the branding answer names it; the URL holds the image's SHA-256, so " +
          "the answer is cached for a year.",
        params: companyAssetParams,
        response: {
          200: answeredAs("The image, of the type its bytes were read as", {
            "image/png": z.string(),
            "image/jpeg": z.string(),
            "image/webp": z.string(),
            "image/x-icon": z.string(),
          }),
          304: answeredAs("Not modified: If-None-Match named the image's ETag", {}),
          404: refusedWith("No such image (code 604)"),
        },
      },
    },
    async (request, reply) => {
      const { company_id: idText, kind, digest } = request.params;
      const companyId = /^[1-9]\d{0,9}$/.test(idText) ? Number(idText) : 0;
      if (
        companyId < 1 ||
        companyId > ID_MAX ||
        !BRAND_ASSET_KINDS.includes(kind as BrandAssetKind) ||
        !ASSET_DIGEST_PATTERN.test(digest)
      )
        return sendNotFound(request, reply);
      const etag = `"${digest}"`;
      const asset = await companyAsset(db, companyId, kind as BrandAssetKind, digest);
      if (!asset) return sendNotFound(request, reply);
      reply.headers({ ...ASSET_HEADERS, etag });
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const bytes = Buffer.from(asset.bytes.buffer, asset.bytes.byteOffset, asset.bytes.byteLength);
      return reply.type(asset.content_type).send(bytes);
    },
  );
};

export const tenancyRoutes = withDeps("tenancy", routes);
