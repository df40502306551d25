import "i18next";
import type { GlossarySection, MessageSection } from "@pc/contract";
import type zh from "./zh.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    /** The catalogue and the contract's glossary and messages put into it at start (index.ts). */
    resources: { translation: typeof zh & { term: GlossarySection; message: MessageSection } };
  }
}
