/** The API key screen's pure rules: where a refusal goes on the form, and the curl line a new key is shown with. */
import { ApiKeyScope, type ApiKeyScopeValue, reportApiCurl } from "@pc/contract";
import type { ApiError } from "../../api/client.ts";

const FIELDS = ["name", "scopes", "expires_on"] as const;

/** The form field a refusal names (`scopes.0` is the scopes field). */
export const keyFieldOf = (error: Pick<ApiError, "field">) => {
  const field = error.field?.split(".")[0];
  return FIELDS.find((known) => known === field);
};

/** The curl example of a new key: its first scope's report, yesterday, as CSV. */
export const curlOf = (origin: string, scopes: readonly ApiKeyScopeValue[], secret: string): string =>
  reportApiCurl(origin, scopes[0] ?? ApiKeyScope.Sdk, secret);
