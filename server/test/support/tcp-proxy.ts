/**
 * A TCP proxy in front of a server (PostgreSQL) that a test can stop and start again on the same port:
 * stopping closes the listener and destroys every open connection, as a database restart does.
 */
import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Refuse new connections and cut the open ones. */
  stop(): Promise<void>;
  /** Accept connections again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  let server: net.Server | undefined;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const listener = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      listener.once("error", reject);
      listener.listen(port, "127.0.0.1", () => {
        server = listener;
        const address = listener.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const listener = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (listener) listener.close(() => resolve());
      else resolve();
    });

  const port = await listen(0);
  return {
    port,
    stop,
    start: async () => {
      await listen(port);
    },
    close: stop,
  };
}
