/**
 * A raw HTTP/1.1 connection: a test sends a request in parts (one still arriving when something happens
 * to the server) and reads the answers in order.
 */
import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  write(text: string): void;
  /** The next complete answer on the connection (bodies with Content-Length only). */
  answer(limitMs?: number): Promise<RawAnswer>;
  close(): void;
}

export async function openRawConnection(baseUrl: string): Promise<RawConnection> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let received = Buffer.alloc(0);
  let wake = () => {};
  socket.on("data", (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on("error", () => {});
  socket.on("close", () => wake());

  /** Takes one complete answer off the front of what was received, if there is one. */
  const take = (): RawAnswer | undefined => {
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0) return undefined;
    const [statusLine = "", ...lines] = received.subarray(0, headEnd).toString().split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(":");
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers["content-length"] ?? 0);
    const bodyStart = headEnd + 4;
    if (received.length - bodyStart < length) return undefined;
    const body = received.subarray(bodyStart, bodyStart + length).toString();
    received = received.subarray(bodyStart + length);
    return { status: Number(statusLine.split(" ")[1]), headers, body };
  };

  return {
    write: (text) => socket.write(text),
    answer: (limitMs = 10_000) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
        wake = () => {
          const answer = take();
          if (answer) {
            clearTimeout(timer);
            resolve(answer);
          } else if (socket.destroyed) {
            clearTimeout(timer);
            reject(new Error("the connection closed without a complete answer"));
          }
        };
        wake();
      }),
    close: () => socket.destroy(),
  };
}
