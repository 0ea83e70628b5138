import { api, type Session } from "../api.ts";
import { useLoad } from "../use-load.ts";

/** Episodes as a timeline: projects, their sessions newest first, each session's turns. */
export function EpisodesPanel(props: { tick: number }) {
  const r = useLoad(() => api.episodes(), [props.tick]);
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  const sessions = r.data?.sessions ?? [];
  if (sessions.length === 0) return <p class="empty">No episodes recorded yet.</p>;
  const byProject = new Map<string, Session[]>();
  for (const s of sessions) byProject.set(s.project, [...(byProject.get(s.project) ?? []), s]);
  return (
    <section aria-label="Episodes" class="timeline">
      {[...byProject].map(([project, list]) => (
        <div key={project} class="project">
          <h2>{project || "(no project)"}</h2>
          {list.map((s) => (
            <details key={s.sessionId} class="session">
              <summary>
                <code>{s.sessionId}</code> · {s.count} turns · {s.first} → {s.last}
              </summary>
              <ol class="turns">
                {s.episodes.map((e) => (
                  <li key={e.id}>
                    <time>{e.ts}</time> <span class="role">{e.role}</span> {e.text}
                  </li>
                ))}
              </ol>
            </details>
          ))}
        </div>
      ))}
    </section>
  );
}
