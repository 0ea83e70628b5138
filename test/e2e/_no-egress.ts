/**
 * Keeping a host on loopback: a recording proxy on 127.0.0.1 that refuses everything. A host run with
 * HTTP_PROXY / HTTPS_PROXY / ALL_PROXY pointed here (and NO_PROXY naming only loopback, where its fake
 * model server listens) sends any connection elsewhere — telemetry, an update check, a model list — to this
 * proxy, which writes it down and answers 403. A test asserts `attempts` is empty after the run: a host that
 * tried to reach anything but the fake fails the test, and the attempt names what it wanted.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface NoEgress {
  url: string;
  /** "CONNECT host:port" or "GET http://host/path" for each refused attempt. */
  attempts: string[];
  /** The environment that routes a child's traffic through the proxy (loopback excepted). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export async function startNoEgress(): Promise<NoEgress> {
  const attempts: string[] = [];
  const server: Server = createServer((req, res) => {
    attempts.push(`${req.method} ${req.url}`);
    res.writeHead(403, { "content-type": "text/plain" }).end("egress refused by the test\n");
  });
  server.on("connect", (req, socket) => {
    attempts.push(`CONNECT ${req.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const loopback = "127.0.0.1,localhost,::1";
  return {
    url,
    attempts,
    env: {
      HTTP_PROXY: url,
      HTTPS_PROXY: url,
      ALL_PROXY: url,
      http_proxy: url,
      https_proxy: url,
      all_proxy: url,
      NO_PROXY: loopback,
      no_proxy: loopback,
      // Node's own fetch honours the variables above only when asked to (Node >= 22.18).
      NODE_USE_ENV_PROXY: "1",
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
