import type { Answer, AskOptions } from "./client.ts";
import { askSpool, UNAVAILABLE } from "./spool-client.ts";
import type { ServeInfo } from "./state-file.ts";

/**
 * One request to the resident server of this user's own: through its spool when it has one (src/serve/spool.ts:
 * node:fs only), else through its socket (src/serve/client.ts, loaded only then: node:net and its streams).
 * Same request, same app, same answer; null when the server did not answer (the caller works in process).
 */
export async function ask(
  info: Pick<ServeInfo, "port" | "token" | "socket" | "spool">,
  method: string,
  path: string,
  body?: unknown,
  opts: AskOptions = {},
): Promise<Answer | null> {
  if (info.spool) {
    const a = askSpool(info.spool, { method, path, token: info.token, body }, opts);
    if (a !== UNAVAILABLE) return a;
  }
  const socket = await import("./client.ts");
  return socket.ask(info, method, path, body, opts);
}
