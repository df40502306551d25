/**
 * Companies and their white-label branding (docs/rules/screens.md#companies): the operator admins' Companies
 * screen and the operator CLI's `create-company` share these rules. A company has hosts (the console's
 * branding is picked by the host a browser opens), a theme colour, a logo and a favicon (icon). Images are
 * stored in the database and served from `COMPANY_PATHS.asset`; the branding answer of `/common/host` points
 * there.
 *
 * Images: the type is read from the bytes (never from a name or a declared type). SVG is refused: it can
 * carry script, and a logo is shown on every page of the console. Issue messages are keys of MESSAGES.
 */
import { z } from "zod";
import {
  accountEmail,
  accountPasswordText,
  accountUserName,
  companyName,
  passwordDigest,
} from "./accounts.ts";
import { endpoint } from "./endpoint.ts";
import { Flag } from "./enums.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { companyListQuery, companyRow } from "./external.ts";
import { idParam, idValue, textFilter } from "./inputs.ts";
import { companyInfo, hostQuery } from "./passport.ts";

/** The paths of the images' calls, once for the server's routes and the web's client. */
export const COMPANY_PATHS = {
  /** POST uploads (JSON with the image in base64, its own body limit), DELETE removes (COMPANY_ENDPOINTS). */
  asset: "/v1/company/manage/asset",
  /** Public: the stored image, `/common/company_asset/:company_id/:kind/:digest`. */
  served: "/common/company_asset",
} as const;

/** The URL the branding answer gives for a stored image: its digest makes it immutable. */
export const companyAssetUrl = (companyId: number, kind: BrandAssetKind, digest: string): string =>
  `${COMPANY_PATHS.served}/${companyId}/${kind}/${digest}`;

// ── Hosts ────────────────────────────────────────────────────────────────────────────────────────────

/** A company has at most this many hosts. */
export const COMPANY_HOSTS_MAX = 20;
export const HOST_NAME_MAX = 253;
/**
 * A host name as a browser sends it, lower case: labels of letters, digits and inner hyphens (1 to 63
 * characters) joined by dots; IDNs in their `xn--` form. No scheme, port, path or trailing dot.
 */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const hostName = z
  .string({ error: "hostInvalid" })
  .trim()
  .toLowerCase()
  .min(1, { message: "hostRequired", abort: true })
  .max(HOST_NAME_MAX, { message: "hostInvalid", abort: true })
  .regex(HOST_NAME_PATTERN, "hostInvalid");

/** The hosts of a company: each a host name, at most COMPANY_HOSTS_MAX, repeats dropped. */
export const companyHosts = z
  .array(hostName, { error: "hostsInvalid" })
  .transform((hosts) => [...new Set(hosts)])
  .pipe(z.array(z.string()).max(COMPANY_HOSTS_MAX, "hostsTooMany"));

// ── Theme colour ─────────────────────────────────────────────────────────────────────────────────────

/** `#RRGGBB`, stored upper case. */
export const THEME_PATTERN = /^#[0-9a-f]{6}$/i;
export const themeColor = z
  .string({ error: "themeInvalid" })
  .trim()
  .regex(THEME_PATTERN, "themeInvalid")
  .transform((value) => value.toUpperCase());

// ── Images ───────────────────────────────────────────────────────────────────────────────────────────

export const BrandAsset = { Logo: "logo", Icon: "icon" } as const;
export type BrandAssetKind = (typeof BrandAsset)[keyof typeof BrandAsset];
export const BRAND_ASSET_KINDS: readonly BrandAssetKind[] = [BrandAsset.Logo, BrandAsset.Icon];

export const ImageType = {
  Png: "image/png",
  Jpeg: "image/jpeg",
  Webp: "image/webp",
  Ico: "image/x-icon",
  Svg: "image/svg+xml",
} as const;
export type ImageTypeValue = (typeof ImageType)[keyof typeof ImageType];

/**
 * What each image may be: its types (as read from the bytes), its size, and its pixels on either side (a small
 * file can hold a huge image that every page would decode: the logo is shown 32 px high, the favicon at 16–64).
 */
export const BRAND_ASSET_RULES: Record<
  BrandAssetKind,
  { maxBytes: number; maxPixels: number; types: readonly ImageTypeValue[]; accept: string }
> = {
  logo: {
    maxBytes: 200 * 1024,
    maxPixels: 1024,
    types: [ImageType.Png, ImageType.Jpeg, ImageType.Webp],
    accept: ".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp",
  },
  icon: {
    maxBytes: 64 * 1024,
    maxPixels: 256,
    types: [ImageType.Png, ImageType.Ico],
    accept: ".png,.ico,image/png,image/x-icon,image/vnd.microsoft.icon",
  },
};

/** The longest image: the upload call's body holds it in base64 (4 characters per 3 bytes). */
export const BRAND_ASSET_MAX_BYTES = Math.max(
  ...Object.values(BRAND_ASSET_RULES).map((rule) => rule.maxBytes),
);
/**
 * The upload call's own body limit (every other call has 100 KB): twice the largest image in base64, so an
 * image somewhat over its limit is answered "too large" for its field rather than refused as a body.
 */
export const BRAND_ASSET_BODY_LIMIT_BYTES = Math.ceil((BRAND_ASSET_MAX_BYTES * 2 * 4) / 3) + 4096;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type of these bytes, read from their first bytes (the files' own signatures), or null. SVG is
 * recognised (text starting with `<svg` or an XML declaration) only to be refused by name.
 */
export function sniffImageType(bytes: Uint8Array): ImageTypeValue | null {
  // PNG: its 8-byte signature, then the IHDR chunk.
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes, ascii("IHDR"), 12)
  )
    return ImageType.Png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 4) return ImageType.Jpeg;
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8) && bytes.length > 16)
    return ImageType.Webp;
  // ICO: reserved 0, type 1, at least one image, and room for its directory.
  if (startsWith(bytes, [0, 0, 1, 0]) && bytes.length >= 6) {
    const count = (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8);
    if (count > 0 && bytes.length >= 6 + 16 * count) return ImageType.Ico;
  }
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return ImageType.Svg;
  if (head.startsWith("<!doctype svg") || /^<!--[\s\S]*?-->\s*<svg/.test(head)) return ImageType.Svg;
  return null;
}

const uint16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const uint24le = (bytes: Uint8Array, at: number) => uint16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const uint32be = (bytes: Uint8Array, at: number) => uint16be(bytes, at) * 0x10000 + uint16be(bytes, at + 2);

export interface ImageDimensions {
  width: number;
  height: number;
}

/** A JPEG's size: the first start-of-frame segment's (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: uint16be(bytes, at + 5), width: uint16be(bytes, at + 7) };
    at += 2 + uint16be(bytes, at + 2);
  }
  return null;
}

/** A WebP's size from its first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpDimensions(bytes: Uint8Array): ImageDimensions | null {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8 " && bytes.length >= 30)
    return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff };
  if (chunk === "VP8L" && bytes.length >= 25) {
    const bits =
      (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && bytes.length >= 30)
    return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 };
  return null;
}

/** An ICO's largest image (a directory byte of 0 means 256 px). */
function icoDimensions(bytes: Uint8Array): ImageDimensions {
  const count = uint16le(bytes, 4);
  let width = 0;
  let height = 0;
  for (let entry = 0; entry < count; entry += 1) {
    width = Math.max(width, bytes[6 + 16 * entry] || 256);
    height = Math.max(height, bytes[7 + 16 * entry] || 256);
  }
  return { width, height };
}

/** The pixel size an image of this type declares in its header, or null when the header cannot be read. */
export function imageDimensions(bytes: Uint8Array, type: ImageTypeValue): ImageDimensions | null {
  switch (type) {
    case ImageType.Png:
      return bytes.length >= 24 ? { width: uint32be(bytes, 16), height: uint32be(bytes, 20) } : null;
    case ImageType.Jpeg:
      return jpegDimensions(bytes);
    case ImageType.Webp:
      return webpDimensions(bytes);
    case ImageType.Ico:
      return icoDimensions(bytes);
    default:
      return null;
  }
}

export type BrandAssetCheck =
  | { ok: true; contentType: ImageTypeValue }
  | {
      ok: false;
      message:
        | "assetEmpty"
        | "logoTooLarge"
        | "iconTooLarge"
        | "logoType"
        | "iconType"
        | "svgRefused"
        | "logoPixels"
        | "iconPixels";
    };

/** Whether these bytes may be the company's logo or icon (the screen, its upload call and the CLI). */
export function checkBrandAsset(kind: BrandAssetKind, bytes: Uint8Array): BrandAssetCheck {
  const rule = BRAND_ASSET_RULES[kind];
  if (bytes.length === 0) return { ok: false, message: "assetEmpty" };
  if (bytes.length > rule.maxBytes)
    return { ok: false, message: kind === BrandAsset.Logo ? "logoTooLarge" : "iconTooLarge" };
  const type = sniffImageType(bytes);
  if (type === ImageType.Svg) return { ok: false, message: "svgRefused" };
  const isLogo = kind === BrandAsset.Logo;
  if (type === null || !rule.types.includes(type))
    return { ok: false, message: isLogo ? "logoType" : "iconType" };
  const size = imageDimensions(bytes, type);
  if (!size || size.width === 0 || size.height === 0)
    return { ok: false, message: isLogo ? "logoType" : "iconType" };
  if (size.width > rule.maxPixels || size.height > rule.maxPixels)
    return { ok: false, message: isLogo ? "logoPixels" : "iconPixels" };
  return { ok: true, contentType: type };
}

/** Base64 as the upload call carries it (no data-URL prefix, no line breaks). */
export const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// ── The calls ────────────────────────────────────────────────────────────────────────────────────────

const flag = z.union([z.literal(Flag.On), z.literal(Flag.Off)]);

/** `GET /v1/company/manage/list?page_no&page_size&name`: every company, newest first. */
export const companyManageListQuery = z.object({ ...pageQuery, name: textFilter(100) });
export type CompanyManageListQuery = z.input<typeof companyManageListQuery>;

export const companyManageRow = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  hosts: z.array(z.string()),
  theme: z.string(),
  /** The logo's URL ("" = none: the console shows the name's initial). */
  logo: z.string(),
  /** The favicon's URL ("" = none: the console's own). */
  icon: z.string(),
  is_publisher: flag,
  is_operator: flag,
  create_time: z.string(),
  modify_time: z.string(),
});
export type CompanyManageRow = z.infer<typeof companyManageRow>;
export const companyManageListAnswer = z.object({ list: z.array(companyManageRow), total: z.number().int() });
export type CompanyManageListAnswer = z.infer<typeof companyManageListAnswer>;

/** `POST /v1/company/manage`: a publisher company with its first super admin (as `create-company`). */
export const companyCreateBody = z.object({
  name: companyName,
  hosts: companyHosts.default([]),
  admin_email: accountEmail,
  /** The MD5 hex digest of the password, as every password call. */
  admin_password: passwordDigest,
  admin_name: accountUserName.optional(),
  theme: themeColor.optional(),
});
export type CompanyCreateBody = z.input<typeof companyCreateBody>;
export const companyCreateAnswer = z.object({
  company_id: z.number().int(),
  account_id: z.number().int(),
  user_id: z.number().int(),
});
export type CompanyCreateAnswer = z.infer<typeof companyCreateAnswer>;

/** `PUT /v1/company/manage/hosts`: the company's hosts become these (none leaves it the default branding). */
export const companyHostsBody = z.object({ company_id: idValue, hosts: companyHosts });
export type CompanyHostsBody = z.input<typeof companyHostsBody>;

/** `PUT /v1/company/manage/theme`. */
export const companyThemeBody = z.object({ company_id: idValue, theme: themeColor });
export type CompanyThemeBody = z.input<typeof companyThemeBody>;

const assetKind = z.enum([BrandAsset.Logo, BrandAsset.Icon], { error: "assetKindInvalid" });

/** `POST /v1/company/manage/asset`: the image in base64; its type is read from its bytes. */
export const companyAssetBody = z.object({
  company_id: idValue,
  kind: assetKind,
  data: z
    .string({ error: "assetEmpty" })
    .max(BRAND_ASSET_BODY_LIMIT_BYTES, "assetEmpty")
    .regex(BASE64_PATTERN, "assetBase64"),
});
export type CompanyAssetBody = z.input<typeof companyAssetBody>;

/** `DELETE /v1/company/manage/asset?company_id&kind`: back to no logo (or the console's favicon). */
export const companyAssetDeleteQuery = z.object({ company_id: idParam, kind: assetKind });
export type CompanyAssetDeleteQuery = z.input<typeof companyAssetDeleteQuery>;

/** `GET /common/company_asset/:company_id/:kind/:digest` (public): an unknown image is a 404. */
export const companyAssetParams = z.object({
  company_id: z.string().max(10),
  kind: z.string().max(8),
  digest: z.string().max(64),
});
export const ASSET_DIGEST_PATTERN = /^[0-9a-f]{64}$/;

// ── What a person types ──────────────────────────────────────────────────────────────────────────────

/** The create dialog: the password as typed (the account form's rule), hosts one per tag. */
export const companyCreateForm = z.object({
  name: companyName,
  hosts: companyHosts,
  admin_email: accountEmail,
  admin_password: accountPasswordText,
});
export type CompanyCreateForm = z.input<typeof companyCreateForm>;

// ── The endpoints ────────────────────────────────────────────────────────────────────────────────────

/**
 * The branding of a host (anyone), the operators' company select and the Companies screen (operator admins).
 * The logo and favicon upload (its own body limit) and the stored images are COMPANY_PATHS' routes.
 */
export const COMPANY_ENDPOINTS = {
  host: endpoint({
    method: "GET",
    path: "/common/host",
    query: hostQuery,
    answer: companyInfo,
    access: "public",
    description:
      "The branding of the company serving a host; unknown hosts get the default branding. The console " +
      "keeps it for COMPANY_CACHE_SECONDS (600 s); the server keeps nothing, so a change shows on the next call.",
  }),
  list: endpoint({
    method: "GET",
    path: "/v1/company/list",
    query: companyListQuery,
    answer: pageOf(companyRow),
    access: "company.read",
    description: "Companies, for the operators' selects (operator company, role 1 or 2).",
  }),
  manageList: endpoint({
    method: "GET",
    path: "/v1/company/manage/list",
    query: companyManageListQuery,
    answer: companyManageListAnswer,
    access: "company.manage",
    description: "Every company with its hosts and branding, newest first (operator company, role 1 or 2).",
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/company/manage",
    body: companyCreateBody,
    answer: companyCreateAnswer,
    access: "company.manage",
    description:
      "A publisher company with its first super admin (the rules of the CLI's create-company; the password " +
      "as its MD5 hex digest).",
  }),
  setHosts: endpoint({
    method: "PUT",
    path: "/v1/company/manage/hosts",
    body: companyHostsBody,
    answer: companyManageRow,
    access: "company.manage",
    description: "The company's hosts become these; a host of another company is refused (hostTaken).",
  }),
  setTheme: endpoint({
    method: "PUT",
    path: "/v1/company/manage/theme",
    body: companyThemeBody,
    answer: companyManageRow,
    access: "company.manage",
    description: "The company's theme colour, #RRGGBB.",
  }),
  removeAsset: endpoint({
    method: "DELETE",
    path: COMPANY_PATHS.asset,
    query: companyAssetDeleteQuery,
    answer: companyManageRow,
    access: "company.manage",
    description: "Removes the company's logo (the console shows its initial) or favicon (the console's own).",
  }),
};
