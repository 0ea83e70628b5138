import { useState } from "preact/hooks";
import { api, type Entry, type Explain } from "../api.ts";
import { useLoad } from "../use-load.ts";
import { BudgetBars } from "./BudgetBars.tsx";
import type { ContextChoice } from "./ContextBar.tsx";
import { EntryRow } from "./EntryRow.tsx";
import { UndoBar } from "./UndoBar.tsx";

/** Every live entry, marked injected or stored only for the chosen context, with search, edit and remove. */
export function EntriesPanel(props: { choice: ContextChoice; tick: number }) {
  const [search, setSearch] = useState("");
  const [own, setOwn] = useState(0);
  const [removed, setRemoved] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useLoad(() => api.entries(search), [search, props.tick, own]);
  const ctx = useLoad(() => api.context(props.choice), [props.choice, props.tick, own]);
  const byId = new Map<string, Explain>();
  for (const x of ctx.data?.explain ?? []) if (x.id && (!byId.has(x.id) || x.kept)) byId.set(x.id, x);
  const changed = () => setOwn((n) => n + 1);
  const act = (p: Promise<unknown>) =>
    p.then(
      () => {
        setError(null);
        changed();
      },
      (e: unknown) => setError(String(e)),
    );
  const entries = list.data?.entries ?? [];
  const injected = entries.filter((e) => byId.get(e.id)?.kept).length;
  return (
    <section aria-label="Entries">
      {ctx.data && <BudgetBars answer={ctx.data} />}
      <div class="toolbar">
        <input
          type="search"
          aria-label="Search entries"
          placeholder="Search entries"
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
        <span class="count" aria-live="polite">
          {entries.length} entries · {injected} injected
        </span>
      </div>
      {removed && (
        <UndoBar
          entry={removed}
          onUndo={() => act(api.add(restore(removed)).then(() => setRemoved(null)))}
          onDismiss={() => setRemoved(null)}
        />
      )}
      {(error ?? list.error) && (
        <p class="error" role="alert">
          {error ?? list.error}
        </p>
      )}
      <ul class="entries">
        {entries.map((e) => (
          <EntryRow
            key={e.id}
            entry={e}
            explain={byId.get(e.id)}
            onSave={(fields) => act(api.update(e.id, fields))}
            onRemove={() =>
              act(
                api.remove(e.id).then((r) => {
                  setRemoved(r.entry ?? e);
                }),
              )
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** The body that re-adds a removed entry under its own id (the fold resurrects it). */
function restore(e: Entry): Record<string, unknown> {
  const { created: _c, updated: _u, ...rest } = e;
  return rest;
}
