import { api, type MindAnswer } from "../api.ts";
import { readableDate } from "../dates.ts";
import { useLoad } from "../use-load.ts";
import { AffectChart } from "./AffectChart.tsx";

/**
 * The agent's own mind (issue 27): its goals, the plan and the step it is at, the self-summary and its own
 * rules, the affect over time (a small chart), the recent thoughts and what it explored last.
 */
export function MindPanel(props: { tick: number }) {
  const r = useLoad(() => api.mind(), [props.tick]);
  if (r.error && !r.data) return <p class="error">{r.error}</p>;
  const m = r.data;
  if (!m) return <p class="empty">Loading…</p>;
  if (!m.exists || !m.decision)
    return <p class="empty">No mind yet (brain mind goal add …, brain mind tick …, or an agent loop).</p>;
  const d = m.decision;
  return (
    <section aria-label="Mind" class="mind">
      <div class="cols">
        <div>
          <h2>Goals</h2>
          <ul class="goals">
            {(m.goals ?? []).map((g) => (
              <li key={g.id} class={g.status}>
                {g.status === "done" ? "✓ " : ""}
                {g.text}
              </li>
            ))}
          </ul>
          <h2>Plan</h2>
          {d.plan ? (
            <ol class="plan">
              {d.plan.steps.map((s, i) => (
                <li key={s} class={i < d.plan!.current ? "done" : i === d.plan!.current ? "current" : ""}>
                  {s}
                </li>
              ))}
            </ol>
          ) : (
            <p class="muted">No plan.</p>
          )}
          {d.lastError && <p class="last-error">Last error: {d.lastError}</p>}
          {d.lastUserMessage && <p class="last-user">Last user message: {d.lastUserMessage}</p>}
          <h2>Self</h2>
          <p class="self-summary">{d.self.summary || "(no self-summary yet)"}</p>
          {d.selfInstructions.length > 0 && (
            <ul class="rules">
              {d.selfInstructions.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2>Affect over {m.ticks ?? 0} ticks</h2>
          <AffectChart points={m.affect ?? []} />
          <h2>Recent thoughts</h2>
          {(m.thoughts ?? []).length === 0 && <p class="muted">No thoughts yet.</p>}
          <ol class="thoughts">
            {(m.thoughts ?? []).map((t) => (
              <li key={`${t.at}${t.text}`}>
                <time dateTime={t.at}>{readableDate(t.at)}</time> {t.text}
              </li>
            ))}
          </ol>
          <h2>Explored</h2>
          <Explored list={[...(m.explored?.paths ?? []), ...(m.explored?.urls ?? [])]} />
        </div>
      </div>
    </section>
  );
}

function Explored(props: { list: NonNullable<MindAnswer["explored"]>["paths"] }) {
  if (props.list.length === 0) return <p class="muted">Nothing explored yet.</p>;
  return (
    <ul class="explored">
      {props.list.map((e) => (
        <li key={e.ref}>
          <code>{e.ref}</code>
          {e.summary ? ` — ${e.summary}` : ""}
        </li>
      ))}
    </ul>
  );
}
