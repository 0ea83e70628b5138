import { useState } from "preact/hooks";
import { api, type Session } from "../api.ts";
import { readableRange, readableTime } from "../dates.ts";
import { useLoad } from "../use-load.ts";

/** Sessions per page: the API sends one page of summaries; a session's turns come when it is opened. */
export const PAGE_SIZE = 20;

/** Episodes as a timeline: sessions newest first, a page at a time, grouped by project. */
export function EpisodesPanel(props: { tick: number }) {
  const [offset, setOffset] = useState(0);
  const r = useLoad(() => api.episodes(offset, PAGE_SIZE), [props.tick, offset]);
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  if (!r.data)
    return (
      <p class="loading" role="status">
        Loading…
      </p>
    );
  const { sessions, total } = r.data;
  if (total === 0) return <p class="empty">No episodes recorded yet.</p>;
  const byProject = new Map<string, Session[]>();
  for (const s of sessions) byProject.set(s.project, [...(byProject.get(s.project) ?? []), s]);
  const last = Math.min(total, r.data.offset + sessions.length);
  return (
    <section aria-label="Episodes" class="timeline">
      <nav class="pager" aria-label="Pages of sessions">
        <button
          type="button"
          aria-label="Previous page"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
        >
          ← Newer
        </button>
        <span>{r.data.offset === offset ? `Sessions ${offset + 1}–${last} of ${total}` : "Loading…"}</span>
        <button
          type="button"
          aria-label="Next page"
          disabled={last >= total}
          onClick={() => setOffset(offset + PAGE_SIZE)}
        >
          Older →
        </button>
      </nav>
      {[...byProject].map(([project, list]) => (
        <div key={project} class="project">
          <h2>{project || "(no project)"}</h2>
          {list.map((s) => (
            <SessionRow key={s.sessionId} session={s} />
          ))}
        </div>
      ))}
    </section>
  );
}

function SessionRow(props: { session: Session }) {
  const s = props.session;
  const [open, setOpen] = useState(false);
  return (
    <details class="session" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span class="when">{readableRange(s.first, s.last) || "(no date)"}</span> · {s.count} turn
        {s.count === 1 ? "" : "s"} · <code>{s.sessionId}</code>
      </summary>
      {open && <Turns session={s.sessionId} />}
    </details>
  );
}

function Turns(props: { session: string }) {
  const r = useLoad(() => api.sessionTurns(props.session), [props.session]);
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  if (!r.data) return <p class="loading">Loading…</p>;
  const turns = r.data.sessions[0]?.episodes ?? [];
  return (
    <ol class="turns">
      {turns.map((e) => (
        <li key={e.id}>
          <time dateTime={e.ts} title={e.ts}>
            {readableTime(e.ts)}
          </time>{" "}
          <span class="role">{e.role}</span> {e.text}
        </li>
      ))}
    </ol>
  );
}
