/**
 * The two primitives of the login payload: HMAC-SHA256 (its sign) and RSA-OAEP/SHA-256 (its encryption). Web
 * Crypto does both, but browsers offer it only in a secure context (HTTPS or localhost); a white-label host or
 * a LAN address over plain HTTP would refuse every sign-in. There node-forge, loaded only then, does the same.
 */
import { hmacSha256Hex } from "@pc/contract";

const hasWebCrypto = (): boolean => globalThis.crypto?.subtle !== undefined;

const loadForge = async () => (await import("node-forge")).default;

export async function loginHmacHex(secret: string, message: string): Promise<string> {
  if (hasWebCrypto()) return hmacSha256Hex(secret, message);
  const forge = await loadForge();
  const hmac = forge.hmac.create();
  hmac.start("sha256", forge.util.encodeUtf8(secret));
  hmac.update(forge.util.encodeUtf8(message));
  return hmac.digest().toHex();
}

function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, "");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const binaryString = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
};

/** The base64 RSA-OAEP (SHA-256, MGF1 SHA-256) ciphertext of `plain` for the SPKI public key `pem`. */
export async function rsaOaepEncryptBase64(pem: string, plain: Uint8Array<ArrayBuffer>): Promise<string> {
  if (hasWebCrypto()) {
    const key = await crypto.subtle.importKey(
      "spki",
      pemBody(pem),
      { name: "RSA-OAEP", hash: "SHA-256" },
      false,
      ["encrypt"],
    );
    return btoa(binaryString(new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, plain))));
  }
  const forge = await loadForge();
  const key = forge.pki.publicKeyFromPem(pem) as import("node-forge").pki.rsa.PublicKey;
  const ciphertext = key.encrypt(binaryString(plain), "RSA-OAEP", {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return btoa(ciphertext);
}
