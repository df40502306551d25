/** The CLI's side of the control channel (channel.ts): sends one command, reads its answer. */
import net from "node:net";
import { answerSchema, type ControlAnswer, type ControlRequest, socketAddress } from "./protocol.ts";

/** Sends a command to the server listening on the socket; null when nobody listens there. */
export function sendCommand(socketPath: string, request: ControlRequest): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    let connected = false;
    let received = "";
    const socket = net.connect(socketAddress(socketPath), () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
    socket.on("close", () => {
      if (!connected) return;
      const line = received.slice(0, received.indexOf("\n"));
      let answer: unknown;
      try {
        answer = JSON.parse(line);
      } catch {
        answer = undefined;
      }
      const parsed = answerSchema.safeParse(answer);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error("the server closed the connection without an answer (did it stop?)"));
    });
  });
}
