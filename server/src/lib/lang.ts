import { DEFAULT_LANG, Lang, type LangValue } from "@pc/contract";

/** The caller's language: the `lang` header, then Accept-Language, then the default (zh). */
export function requestLang(headers: Record<string, string | string[] | undefined>): LangValue {
  const explicit = headers.lang;
  if (explicit === Lang.En || explicit === Lang.Zh) return explicit;
  const accepted = headers["accept-language"];
  if (typeof accepted === "string" && /^en\b/i.test(accepted.trim())) return Lang.En;
  return DEFAULT_LANG;
}
