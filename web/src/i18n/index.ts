/**
 * i18next with Chinese (default) and English; the choice is remembered in localStorage. Each catalogue gets
 * the contract's glossary as its `term` section (`term.placementId`, `term.inline.placementId`): the one
 * definition of the console's vocabulary, which the catalogues' texts nest (`$t(term.adType)`); and the
 * contract's messages as its `message` section, which a text saying the same nests
 * (`$t(message.emailRequired)`), so the web and the server word it once.
 *
 * Only the default language's catalogue is in the initial bundle; English is its own chunk, loaded before the
 * first render when it is the remembered language (`languageReady`) or when the user switches to it.
 */
import {
  DEFAULT_LANG,
  glossarySection,
  LANG_STORAGE_KEY,
  Lang,
  type LangValue,
  messageSection,
} from "@pc/contract";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import zh from "./zh.json";

export const LANGUAGES: readonly LangValue[] = [Lang.Zh, Lang.En];

const DAYJS_LOCALE: Record<LangValue, string> = { zh: "zh-cn", en: "en" };
const HTML_LANG: Record<LangValue, string> = { zh: "zh-CN", en: "en" };

export function isLang(value: unknown): value is LangValue {
  return value === Lang.Zh || value === Lang.En;
}

/** The remembered language, or the default one. */
export function storedLanguage(): LangValue {
  try {
    const stored = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

function applyLocale(lang: LangValue): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[lang];
}

/** A language's catalogue with the contract's sections its texts nest. */
function withContractSections(lang: LangValue, catalogue: typeof zh) {
  return { ...catalogue, term: glossarySection(lang), message: messageSection(lang) };
}

/** The catalogues outside the initial bundle. */
const LAZY_CATALOGUES: Partial<Record<LangValue, () => Promise<{ default: typeof zh }>>> = {
  en: () => import("./en.json"),
};

/** Makes sure a language's catalogue is loaded (a no-op for the default one and for a loaded one). */
async function loadCatalogue(lang: LangValue): Promise<void> {
  const load = LAZY_CATALOGUES[lang];
  if (!load || i18n.hasResourceBundle(lang, "translation")) return;
  const { default: catalogue } = await load();
  i18n.addResourceBundle(lang, "translation", withContractSections(lang, catalogue));
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: withContractSections("zh", zh) } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyLocale(currentLanguage());

/** Settles once the remembered language is loaded and in use: the app renders after it. */
export const languageReady: Promise<void> = changeLanguage(storedLanguage(), { remember: false });

/** The language in use now (what the `lang` header carries). */
export function currentLanguage(): LangValue {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLang(lang) ? lang : DEFAULT_LANG;
}

/** Switches the interface language (loading its catalogue first) and remembers it. */
export async function changeLanguage(lang: LangValue, { remember = true } = {}): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // storage may be unavailable (private mode); the switch still applies to this page
    }
  }
  try {
    await loadCatalogue(lang);
  } catch {
    // the chunk could not be loaded (offline): stay in the language in use
    return;
  }
  await i18n.changeLanguage(lang);
  applyLocale(lang);
}

export default i18n;
