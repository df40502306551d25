export * from "./enums.ts";
export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./external.ts";
export * from "./passport.ts";
export * from "./permissions.ts";
export * from "./signing.ts";
