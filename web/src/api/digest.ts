/** Passwords travel as the MD5 hex digest of what the person typed (DESIGN §2, §5). */
import SparkMD5 from "spark-md5";

export const passwordDigest = (plain: string): string => SparkMD5.hash(plain);
