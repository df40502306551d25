/** The choices of report management's pickers, titled in the page's language. */
import { type LangValue, REPORT_KIND_TITLES, REPORT_KINDS } from "@pc/contract";

/** The report kinds (SDK, affiliate). */
export const kindOptions = (lang: LangValue) =>
  REPORT_KINDS.map((kind) => ({ value: kind, label: REPORT_KIND_TITLES[kind][lang] }));
