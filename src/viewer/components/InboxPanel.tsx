import { useState } from "preact/hooks";
import { api, type Entry, entryText, type InboxItem } from "../api.ts";
import { useLoad } from "../use-load.ts";

/** Proposed entries waiting for a decision (shown only when the server has an inbox). */
export function InboxPanel(props: { tick: number }) {
  const [own, setOwn] = useState(0);
  const r = useLoad(() => api.inbox(), [props.tick, own]);
  const items = r.data?.items ?? r.data?.inbox ?? [];
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  if (!r.data)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  if (items.length === 0)
    return (
      <p class="empty">
        The inbox is empty: memories the learner proposes from your sessions wait here for you to accept or
        reject.
      </p>
    );
  const act = (id: string, verb: "accept" | "reject") =>
    api.inboxAct(id, verb).then(() => setOwn((n) => n + 1));
  return (
    <ul class="entries" aria-label="Inbox">
      {items.map((it) => (
        <li key={it.id} class="entry">
          <p class="text">{entryText(it as Entry)}</p>
          <Origin item={it} />
          <div class="actions">
            <button type="button" aria-label={`Accept ${it.id}`} onClick={() => act(it.id, "accept")}>
              Accept
            </button>
            <button type="button" aria-label={`Reject ${it.id}`} onClick={() => act(it.id, "reject")}>
              Reject
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Where a note read from a host's own memory came from: the host, its file and line (src/learn/host-memory/). */
function Origin(props: { item: InboxItem }) {
  const o = props.item.origin as { host?: unknown; file?: unknown; line?: unknown } | undefined;
  if (!o || typeof o.host !== "string" || typeof o.file !== "string") return null;
  return (
    <p class="reason origin">
      from {o.host}'s own memory: {o.file}
      {typeof o.line === "number" ? `:${o.line}` : ""}
    </p>
  );
}
