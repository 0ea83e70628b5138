import { useEffect, useState } from "preact/hooks";
import { api, type Entry, entryText } from "../api.ts";
import { readableDate } from "../dates.ts";
import { useLoad } from "../use-load.ts";
import { FieldDiff } from "./FieldDiff.tsx";

/** A slider over the log's events: the brain as folded after event N, and what changed since a point. */
export function HistoryPanel(props: { tick: number }) {
  const events = useLoad(() => api.history(), [props.tick]);
  const count = events.data?.count ?? 0;
  const [at, setAt] = useState<number | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  // Follow the end of the log until the user moves the slider.
  const point = at ?? count;
  const base = Math.min(from ?? Math.max(0, point - 1), point);
  useEffect(() => {
    if (at !== null && at > count) setAt(count);
  }, [count, at]);
  const state = useLoad(() => api.historyState(point), [point, props.tick]);
  const diff = useLoad(() => api.historyDiff(base, point), [base, point, props.tick]);
  const label = useLoad(() => api.history(point), [point, props.tick]);
  const ev = point > 0 ? label.data?.events[0] : undefined;
  // No slider before the log's length is known (a slider over 0 events would be a wrong picture).
  if (!events.data)
    return (
      <section aria-label="History" class="history">
        <p>{events.error ? `History unavailable: ${events.error}` : "Loading the log…"}</p>
      </section>
    );
  return (
    <section aria-label="History" class="history">
      <label class="slider">
        <span>
          Brain after event <output aria-live="polite">{point}</output> of {count}
        </span>
        <input
          type="range"
          aria-label="History point"
          min={0}
          max={count}
          value={point}
          onInput={(e) => setAt(Number(e.currentTarget.value))}
        />
      </label>
      <p class="event-line">
        {ev
          ? `#${ev.n} ${ev.op} ${ev.type} ${ev.id}${ev.ts ? ` · ${readableDate(ev.ts)}` : ""}`
          : point === 0
            ? "before the first event"
            : ""}
      </p>
      <label class="slider">
        <span>
          Compare with event <output>{base}</output>
        </span>
        <input
          type="range"
          aria-label="Compare from"
          min={0}
          max={point}
          value={base}
          onInput={(e) => setFrom(Number(e.currentTarget.value))}
        />
      </label>
      <div class="cols">
        <section class="diff" aria-label="Changes">
          <h2>
            Changes {base} → {point}
          </h2>
          <DiffList title="added" cls="added" entries={diff.data?.added ?? []} />
          <DiffList title="removed" cls="removed" entries={diff.data?.removed ?? []} />
          <DiffList
            title="changed"
            cls="changed"
            entries={(diff.data?.changed ?? []).map((c) => c.after)}
            before={new Map((diff.data?.changed ?? []).map((c) => [c.after.id, c.before]))}
          />
        </section>
        <section class="state" aria-label="Brain at this point">
          <h2>{state.data?.entries.length ?? 0} live entries then</h2>
          <ul class="plain">
            {ownFirst(state.data?.entries ?? [], state.data?.defaultIds ?? []).map((e) => (
              <li key={`${e.type}:${e.id}`} data-id={e.id}>
                <span class="type">{e.type}</span> {entryText(e)}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}

function DiffList(props: { title: string; cls: string; entries: Entry[]; before?: Map<string, Entry> }) {
  if (props.entries.length === 0) return null;
  return (
    <div class={`difflist ${props.cls}`}>
      <h3>
        {props.title} ({props.entries.length})
      </h3>
      <ul class="plain">
        {props.entries.map((e) => {
          const before = props.before?.get(e.id);
          return (
            <li key={`${e.type}:${e.id}`} data-id={e.id}>
              <span class="type">{e.type}</span> <code class="id">{e.id}</code> {entryText(before ?? e)}
              {before && <FieldDiff before={before} after={e} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The user's own entries first, then what `brain init` wrote (each group in log order). */
function ownFirst(entries: Entry[], defaultIds: string[]): Entry[] {
  const defaults = new Set(defaultIds);
  const isDefault = (e: Entry) => defaults.has(e.id) || e.type === "meta";
  return [...entries.filter((e) => !isDefault(e)), ...entries.filter(isDefault)];
}
