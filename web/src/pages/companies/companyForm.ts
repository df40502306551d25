/**
 * The Companies screen's pure rules: the create call's body (the password as its MD5 digest), where a server
 * refusal goes on a form, and an image file read as the upload call carries it (base64), after the same check
 * the server makes (type read from the bytes, size).
 */
import {
  type BrandAssetKind,
  type CompanyCreateBody,
  type CompanyCreateForm,
  checkBrandAsset,
  type MessageKey,
} from "@pc/contract";
import type { ApiError } from "../../api/client.ts";
import { passwordDigest } from "../../api/digest.ts";

export type CompanyFormValues = Required<CompanyCreateForm>;
export type CompanyFormField = keyof CompanyFormValues;

export const EMPTY_COMPANY: CompanyFormValues = { name: "", hosts: [], admin_email: "", admin_password: "" };

/** `POST /v1/company/manage`. */
export function createBody(values: CompanyFormValues): CompanyCreateBody {
  return {
    name: values.name.trim(),
    hosts: values.hosts.map((host) => host.trim()).filter(Boolean),
    admin_email: values.admin_email.trim(),
    admin_password: passwordDigest(values.admin_password),
  };
}

/** The form field a refusal names: `hosts.2` is the hosts field; only fields the form has. */
export function companyFieldOf<F extends string>(fields: readonly F[]) {
  return (error: Pick<ApiError, "field">): F | undefined => {
    const field = error.field?.split(".")[0];
    return fields.find((known) => known === field);
  };
}

/** Base64 of bytes, in chunks (a logo is up to 200 KB: one call of fromCharCode would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** A chosen file as the upload call sends it, or the message of the rule it breaks. */
export async function readBrandImage(
  kind: BrandAssetKind,
  file: Blob,
): Promise<{ ok: true; data: string } | { ok: false; message: MessageKey }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkBrandAsset(kind, bytes);
  return check.ok ? { ok: true, data: toBase64(bytes) } : { ok: false, message: check.message };
}
