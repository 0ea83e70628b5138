import { useState } from "preact/hooks";
import { api, type Entry, type Explain } from "../api.ts";
import { useLoad } from "../use-load.ts";
import { AddForm } from "./AddForm.tsx";
import { BudgetBars } from "./BudgetBars.tsx";
import type { ContextChoice } from "./ContextBar.tsx";
import { EntryRow } from "./EntryRow.tsx";
import { UndoBar } from "./UndoBar.tsx";

/**
 * The user's own memories first (with a type filter and an add form), then the entries `brain init` wrote
 * — default behaviours, the reminder, schema_version — in one collapsed group. Each marked injected or stored
 * only for the chosen context, with search, edit and remove (undo in a toast that stays in view).
 */
export function EntriesPanel(props: { choice: ContextChoice; tick: number }) {
  const [search, setSearch] = useState("");
  const [type, setType] = useState("");
  const [own, setOwn] = useState(0);
  const [removed, setRemoved] = useState<Entry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useLoad(() => api.entries(search), [search, props.tick, own]);
  const ctx = useLoad(() => api.context(props.choice), [props.choice, props.tick, own]);
  const byId = new Map<string, Explain>();
  for (const x of ctx.data?.explain ?? []) if (x.id && (!byId.has(x.id) || x.kept)) byId.set(x.id, x);
  const act = (p: Promise<unknown>): Promise<boolean> =>
    p.then(
      () => {
        setError(null);
        setOwn((n) => n + 1);
        return true;
      },
      (e: unknown) => {
        setError(String(e instanceof Error ? e.message : e));
        return false;
      },
    );
  const all = list.data?.entries ?? [];
  const types = [...new Set(all.map((e) => e.type))].sort();
  const entries = type ? all.filter((e) => e.type === type) : all;
  const defaults = new Set(list.data?.defaultIds ?? []);
  const mine = entries.filter((e) => !defaults.has(e.id) && e.type !== "meta");
  const theirs = entries.filter((e) => defaults.has(e.id) || e.type === "meta");
  const injected = entries.filter((e) => byId.get(e.id)?.kept).length;
  const row = (e: Entry) => (
    <EntryRow
      key={e.id}
      entry={e}
      explain={byId.get(e.id)}
      onSave={(fields) => act(api.update(e.id, fields))}
      onRemove={() => act(api.remove(e.id).then((r) => setRemoved(r.entry ?? e)))}
    />
  );
  return (
    <section aria-label="Entries">
      <AddForm onAdd={(entry) => act(api.add(entry))} />
      <div class="toolbar">
        <input
          type="search"
          aria-label="Search entries"
          placeholder="Search entries"
          value={search}
          onInput={(e) => setSearch(e.currentTarget.value)}
        />
        <select aria-label="Filter by type" value={type} onChange={(e) => setType(e.currentTarget.value)}>
          <option value="">all types</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <span class="count" aria-live="polite">
          {entries.length} entries · {injected} injected
        </span>
      </div>
      {(error ?? list.error) && (
        <p class="error" role="alert">
          {error ?? list.error}
        </p>
      )}
      {ctx.data && <BudgetBars answer={ctx.data} />}
      <h2 class="group-title">Your memories</h2>
      {list.data && mine.length === 0 && (
        <p class="empty">
          {search || type ? "None of your memories match." : "No memories of your own yet: add one above."}
        </p>
      )}
      <ul class="entries">{mine.map(row)}</ul>
      {theirs.length > 0 && (
        <details class="defaults">
          <summary>{defaultsLabel(theirs)}</summary>
          <ul class="entries">{theirs.map(row)}</ul>
        </details>
      )}
      {removed && (
        <UndoBar
          entry={removed}
          onUndo={() => act(api.add(restore(removed)).then(() => setRemoved(null)))}
          onDismiss={() => setRemoved(null)}
        />
      )}
    </section>
  );
}

/** "16 default behaviours, 1 reminder, 1 meta entry (protected) — from brain init". */
function defaultsLabel(list: Entry[]): string {
  const counts = new Map<string, number>();
  for (const e of list) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const parts = [...counts].map(([type, n]) => {
    if (type === "behavior") return `${n} default behaviour${n === 1 ? "" : "s"}`;
    if (type === "meta") return `${n} meta entr${n === 1 ? "y" : "ies"} (protected)`;
    return `${n} ${type}${n === 1 ? "" : "s"}`;
  });
  return `${parts.join(", ")} — from brain init`;
}

/** The body that re-adds a removed entry under its own id (the fold resurrects it). */
function restore(e: Entry): Record<string, unknown> {
  const { created: _c, updated: _u, ...rest } = e;
  return rest;
}
