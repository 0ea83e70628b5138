import { useEffect, useState } from "preact/hooks";
import { authHeaders } from "./token.ts";

/**
 * The live feed from /api/events: `onAppend` runs for every batch of lines appended to the log by anyone
 * (this page, the CLI, another agent), after the log is replaced, when a file shown beside it changes
 * (proposals, the inbox, the mind), and after a reconnect (what was missed
 * meanwhile). Read with fetch rather than EventSource, which cannot send the Bearer header (and a token in
 * its URL would reach logs). Reconnects after a drop, waiting longer each time (up to 30 s). Returns whether
 * it is connected.
 */
export function useLive(onAppend: (n: number) => void): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      let failures = 0;
      let first = true;
      while (!abort.signal.aborted) {
        try {
          const res = await fetch("/api/events", {
            headers: authHeaders(),
            credentials: "omit",
            cache: "no-store",
            signal: abort.signal,
          });
          if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
          await readEvents(res.body, (event, data) => {
            if (event === "hello") {
              setConnected(true);
              failures = 0;
              if (!first) onAppend(0);
              first = false;
            } else if (event === "append") onAppend((data as { events?: unknown[] }).events?.length ?? 1);
            // The log was replaced (a compaction): everything shown may have moved.
            else if (event === "reload") onAppend(0);
            // A file shown beside the log changed (a proposal made by the server's cycle, the inbox, the mind).
            else if (event === "changed") onAppend(0);
          });
        } catch {
          /* dropped or refused: try again below */
        }
        setConnected(false);
        failures++;
        await new Promise((r) => setTimeout(r, Math.min(30_000, 500 * 2 ** failures)));
      }
    })();
    return () => abort.abort();
  }, [onAppend]);
  return connected;
}

/** Server-sent events from a response body: `event:` and `data:` lines, blocks ended by a blank line. */
async function readEvents(body: ReadableStream<Uint8Array>, on: (event: string, data: unknown) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buf += decoder.decode(value, { stream: true }).replace(/\r/g, ""); // our JSON data holds no raw CR
    for (let end = buf.indexOf("\n\n"); end >= 0; end = buf.indexOf("\n\n")) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length === 0) continue; // a comment (the server's ping)
      try {
        on(event, JSON.parse(data.join("\n")));
      } catch {
        /* not JSON: not ours */
      }
    }
  }
}
