/**
 * The API description's opening text (info.description): what a generator's user or a gateway's operator reads
 * before the operations: the envelope and its codes, sessions, signed calls and the reporting API's key and limit.
 */
import { API_KEY_RATE_LIMIT, CODE_MESSAGES, Code, SIGNATURE_WINDOW_SECONDS } from "@pc/contract";

const codeList = Object.entries(CODE_MESSAGES)
  .map(([code, message]) => `- ${code}: ${message.en}`)
  .join("\n");

export const API_DESCRIPTION = `The Publisher Console's API.

**Answers.** Every JSON answer is the envelope \`{code, msg, data}\`: code ${Code.Ok} with the answer in \`data\`
on success. A call the server refuses for a business reason answers HTTP 200 with its code (\`Refusal\`); a
refused input is code ${Code.ParamError} with \`data.field\` naming it. Refusals of the transport keep their HTTP
status (400, 408, 413, 414, 415, 431), a fault is 500 (code ${Code.SystemError}), and the database out of reach or
a server stopping 503 (code ${Code.Unavailable}) with \`Retry-After\`. \`msg\` is in the language of the \`lang\`
header (\`zh\` or \`en\`, else Accept-Language, else zh).

**Codes.**
${codeList}

**Sessions.** Console calls send the session token (from \`POST /v1/passport/user/login\`) in the \`token\`
header; without a live one they answer code ${Code.TokenInvalid}, without the permission code ${Code.NoPermission}.

**Signed calls** (tags "external (signed)" and "sdk") take no token: each carries \`timestamp\` (Unix seconds) and
\`sign\` (HMAC-SHA256, lower-case hex) in its query, checked within ±${SIGNATURE_WINDOW_SECONDS} s; the external
API's calls also name their rule with \`sign_version\` and spend a sign once. Each operation describes its rule.

**Reporting API** (tag "reporting API"): \`Authorization: Bearer pck_…\`, a company's read-only key, at most
${API_KEY_RATE_LIMIT.max} calls per key per ${API_KEY_RATE_LIMIT.windowSeconds} s (then HTTP 429, code ${Code.Busy},
\`Retry-After\`); a key missing, unknown, expired or revoked answers HTTP 401 (code ${Code.ApiKeyInvalid}), a key
without the report's scope HTTP 403 (code ${Code.NoPermission}).`;
