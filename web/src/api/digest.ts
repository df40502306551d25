/** Passwords travel as the MD5 hex digest of what the person typed (docs/rules/sign-in.md#login-payload). */
import SparkMD5 from "spark-md5";

export const passwordDigest = (plain: string): string => SparkMD5.hash(plain);
