/**
 * The page's content security policy allows no eval (server/src/app.ts). zod checks for eval as each object
 * schema is built, to compile a faster parser, and the browser reports that check as a violation; told not to,
 * zod parses without compiling code. main.tsx imports this first, before any of the contract's schemas is built.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
