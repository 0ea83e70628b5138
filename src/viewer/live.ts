import { useEffect, useState } from "preact/hooks";

/**
 * Server-sent events from /api/events: `onAppend` runs for every batch of lines appended to the log by
 * anyone (this page, the CLI, another agent), and after the log is replaced. Returns whether it is connected.
 */
export function useLive(onAppend: (n: number) => void): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const es = new EventSource("/api/events");
    es.addEventListener("hello", () => setConnected(true));
    es.addEventListener("open", () => setConnected(true));
    es.addEventListener("error", () => setConnected(false));
    es.addEventListener("append", (ev) => {
      const data = JSON.parse((ev as MessageEvent<string>).data) as { events?: unknown[] };
      onAppend(data.events?.length ?? 1);
    });
    // The log was replaced (a compaction): everything shown may have moved.
    es.addEventListener("reload", () => onAppend(0));
    return () => es.close();
  }, [onAppend]);
  return connected;
}
