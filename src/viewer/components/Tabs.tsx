/** The viewer's views, one tab each. */
export type Tab = "entries" | "episodes" | "inbox" | "proposals" | "rules" | "history" | "graph" | "mind";

const LABELS: Record<Tab, string> = {
  entries: "Entries",
  episodes: "Episodes",
  inbox: "Inbox",
  proposals: "Proposals",
  rules: "Rules & brain files",
  history: "History",
  graph: "Graph",
  mind: "Mind",
};

/** Tab buttons (Tab reaches each one, Enter or Space selects it). */
export function Tabs(props: { tabs: Tab[]; current: Tab; onSelect: (t: Tab) => void }) {
  return (
    <div class="tabs" role="tablist" aria-label="Views">
      {props.tabs.map((t) => (
        <button
          type="button"
          key={t}
          id={`tab-${t}`}
          role="tab"
          aria-selected={t === props.current}
          aria-controls={`panel-${t}`}
          class={t === props.current ? "tab current" : "tab"}
          onClick={() => props.onSelect(t)}
        >
          {LABELS[t]}
        </button>
      ))}
    </div>
  );
}
