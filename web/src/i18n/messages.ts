/**
 * The contract's message catalogue (MESSAGES, CODE_MESSAGES) and enum titles (ENUM_TITLES) in the interface
 * language: the web shows the same texts the server answers with, defined once in the contract.
 */
import {
  CODE_MESSAGES,
  Code,
  type EnumName,
  enumTitle,
  issueText,
  type LangValue,
  MESSAGES,
  type MessageKey,
} from "@pc/contract";
import { useTranslation } from "react-i18next";
import { isLang } from "./index.ts";

export interface ContractText {
  lang: LangValue;
  /** A message of the catalogue. */
  message: (key: MessageKey) => string;
  /** A schema issue's message: the catalogue's text when it names a key, else itself. */
  issue: (text: string) => string;
  /** The success message ("Success"). */
  success: string;
  /** An enum value's title (platform, ad type, content type, role, account status); an unknown value as is. */
  title: (name: EnumName, value: unknown) => string;
}

export function contractText(lang: LangValue): ContractText {
  return {
    lang,
    message: (key) => MESSAGES[key][lang],
    issue: (text) => issueText(text, lang),
    success: CODE_MESSAGES[Code.Ok][lang],
    title: (name, value) => enumTitle(name, value, lang) ?? String(value),
  };
}

/** The catalogue in the current language; re-renders when the language changes. */
export function useContractText(): ContractText {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "zh";
  return contractText(lang);
}
