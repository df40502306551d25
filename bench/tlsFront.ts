/**
 * An HTTPS front with HTTP/2 for a bench: what production puts before the server (docs/deployment.md#https: a
 * load balancer or proxy ends TLS, and every browser then speaks HTTP/2 to it). Over plain HTTP a browser
 * uses HTTP/1.1 and six connections, so a page's forty scripts queue behind each other's round trips, which
 * no production user pays. The certificate is self-signed for 127.0.0.1; the browser is told to accept it.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import forge from "node-forge";

/** Headers that belong to one HTTP/1.1 hop and that HTTP/2 forbids. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

function selfSignedCertificate() {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = "01";
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 3_600_000);
  const subject = [{ name: "commonName", value: "127.0.0.1" }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(certificate) };
}

function forwardedHeaders(headers: http2.IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = Object.entries(headers).filter(([name]) => !name.startsWith(":") && !HOP_HEADERS.has(name));
  return {
    ...Object.fromEntries(kept),
    host: headers[":authority"] ?? headers.host,
    "x-forwarded-proto": "https",
  };
}

/** Starts the front for `origin` (an http:// address); answers its https:// address and a way to stop it. */
export async function startTlsFront(origin: string) {
  const target = new URL(origin);
  const server = http2.createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (request, response) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request.headers),
        },
        (answer) => {
          const headers = Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name));
          response.writeHead(answer.statusCode ?? 502, Object.fromEntries(headers));
          answer.pipe(response);
        },
      );
      upstream.on("error", () => response.writeHead(502).end());
      request.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
