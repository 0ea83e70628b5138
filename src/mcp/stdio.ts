import type { Brain } from "../engine/brain.ts";
import { BoundedStdioTransport } from "./bounded-stdio.ts";
import { createServer } from "./server.ts";

/** Serve over stdio until the client closes stdin, then close the brain. stdout carries only the protocol. */
export async function serveStdio(brain: Brain): Promise<void> {
  const server = createServer(brain);
  const transport = new BoundedStdioTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
  });
  // A bug in one request must not end the session: report it and keep serving.
  process.on("uncaughtException", (e) => process.stderr.write(`brain mcp: ${e.stack ?? e}\n`));
  process.on("unhandledRejection", (e) => process.stderr.write(`brain mcp: ${String(e)}\n`));
  await server.connect(transport);
  await closed;
  brain.close();
  await server.close();
}
