/**
 * The limits of a sign-in's email and password. A leaf without zod: the sign-in page checks its fields with
 * them and needs none of the schemas (zod is a chunk of its own that the login page need not load).
 */
export const EMAIL_MAX = 100;
export const LOGIN_PASSWORD_MIN = 8;
export const LOGIN_PASSWORD_MAX = 30;
/** At least one upper-case letter, one lower-case letter and one digit. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).+$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MD5_HEX = /^[0-9a-f]{32}$/;
