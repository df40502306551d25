/**
 * The page's content security policy allows no eval (server/src/app.ts). zod checks for eval as each object
 * schema is built, to compile a faster parser, and the browser reports that check as a violation; told not to
 * (`jitless`), zod parses without compiling code. zod takes its settings from `globalThis.__zod_globalConfig`
 * when it loads (the object every copy of zod shares), so the first load sets it without fetching zod, which
 * only the pages that validate bring (e2e reports.spec, "the first load carries no schema library"). main.tsx
 * imports this first; e2e delivery.spec fails if the browser reports a violation again.
 */
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });
