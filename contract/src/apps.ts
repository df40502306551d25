/** Applications (docs/rules/entities.md#applications; docs/rules/validation.md#app-form). */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { Flag, Platform } from "./enums.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { existAnswer, hasEmoji, ID_MAX, idQuery, idValue, optionalIdParam, textFilter } from "./inputs.ts";

export const APP_NAME_MAX = 30;
export const APP_PKG_MAX = 100;
export const APP_URL_MAX = 500;
/** An Android package name: two or more dot-separated segments, each a letter then letters, digits or _. */
export const ANDROID_PACKAGE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** The URL starts with http:// or https:// and holds no whitespace. */
export const APP_URL_PATTERN = /^https?:\/\/\S+$/i;

export const appName = z
  .string({ error: "appNameRequired" })
  .trim()
  .min(1, { message: "appNameRequired", abort: true })
  .max(APP_NAME_MAX, "appNameTooLong")
  .refine((text) => !hasEmoji(text), "illegalCharacters");

export const appPkg = z
  .string({ error: "appPkgRequired" })
  .trim()
  .min(1, { message: "appPkgRequired", abort: true })
  .max(APP_PKG_MAX, "appPkgTooLong")
  .regex(ANDROID_PACKAGE_PATTERN, "appPkgInvalid");

export const appUrl = z
  .string({ error: "urlRequired" })
  .trim()
  .min(1, { message: "urlRequired", abort: true })
  .max(APP_URL_MAX, "urlTooLong")
  .regex(APP_URL_PATTERN, "urlInvalid");

const flag = z.union([z.literal(Flag.On), z.literal(Flag.Off)]);

/** The add/edit form of an application; platform is fixed to Android, is_online defaults to 2. */
export const appFields = z.object({
  name: appName,
  pkg: appPkg,
  url: appUrl,
  platform: z.literal(Platform.Android).default(Platform.Android),
  is_online: flag.default(Flag.Off),
  /** Optional; when given it must be the session's company (docs/api.md#call-conventions), else 402. */
  company_id: z.number().int().min(1).max(ID_MAX).optional(),
});
export type AppFields = z.input<typeof appFields>;

export const appCreateBody = appFields;
export type AppCreateBody = z.input<typeof appCreateBody>;
export const appUpdateBody = appFields.extend({ id: idValue });
export type AppUpdateBody = z.input<typeof appUpdateBody>;

export const appRow = z.object({
  id: z.number().int(),
  name: z.string(),
  pkg: z.string(),
  url: z.string(),
  platform: z.number().int(),
  is_online: z.number().int(),
  app_key: z.string(),
  adpos_count: z.number().int(),
  create_time: z.string(),
  modify_time: z.string(),
  modify_user_id: z.number().int().nullable(),
});
export type AppRow = z.infer<typeof appRow>;

export const appListQuery = z.object({
  name: textFilter(APP_NAME_MAX),
  pkg: textFilter(APP_PKG_MAX),
  ...pageQuery,
});
export type AppListQuery = z.input<typeof appListQuery>;
export const appListAnswer = pageOf(appRow);
export type AppListAnswer = z.infer<typeof appListAnswer>;

/** `GET /v1/app/nameexist?name&id`: is the name taken by another app of the company? */
export const appNameExistQuery = z.object({ name: appName, id: optionalIdParam });
/** `GET /v1/app/pkgexist?pkg&id`: is the package taken by another app of the company? */
export const appPkgExistQuery = z.object({ pkg: appPkg, id: optionalIdParam });

/** The applications API: every call scoped to the session's company. */
export const APP_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/app/list",
    query: appListQuery,
    answer: appListAnswer,
    access: "app.read",
    description: "The company's applications, newest first, with the number of placements of each.",
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/app",
    body: appCreateBody,
    answer: appRow,
    access: "app.write",
    description: "Adds an application; its app_key and SDK secret are generated and never change.",
  }),
  update: endpoint({
    method: "PUT",
    path: "/v1/app",
    body: appUpdateBody,
    answer: appRow,
    access: "app.write",
    description: "Edits an application's name, package and URL (its app_key and secret never change).",
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v1/app",
    query: idQuery,
    answer: z.null(),
    access: "app.write",
    description: "Deletes an application; refused while it has placements.",
  }),
  nameExists: endpoint({
    method: "GET",
    path: "/v1/app/nameexist",
    query: appNameExistQuery,
    answer: existAnswer,
    access: "app.read",
    description: "Whether another application of the company (not `id`) has this name.",
  }),
  pkgExists: endpoint({
    method: "GET",
    path: "/v1/app/pkgexist",
    query: appPkgExistQuery,
    answer: existAnswer,
    access: "app.read",
    description: "Whether another application of the company (not `id`) has this package name.",
  }),
};
