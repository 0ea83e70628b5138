import { useState } from "preact/hooks";
import { type Entry, type Explain, entryText, textField } from "../api.ts";

/**
 * One entry: injected or stored only (and why, in words), its text, and edit / remove. A meta entry
 * (schema_version) is the brain's own bookkeeping: no edit, no remove (the API refuses them too).
 */
export function EntryRow(props: {
  entry: Entry;
  explain: Explain | undefined;
  onSave: (fields: Record<string, unknown>) => void;
  onRemove: () => void;
}) {
  const { entry, explain } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const text = entryText(entry);
  const injected = explain?.kept === true;
  const isProtected = entry.type === "meta";
  return (
    <li class={injected ? "entry injected" : "entry stored"} data-id={entry.id}>
      <div class="entry-head">
        <span class={injected ? "badge in" : "badge out"}>{injected ? "injected" : "stored only"}</span>
        <span class="type">{entry.type}</span>
        {typeof entry.category === "string" && entry.category !== "" && (
          <span class="category">{entry.category === "dont" ? "don't" : entry.category}</span>
        )}
        {entry.pinned === true && <span class="badge pin">pinned</span>}
        {typeof entry.importance === "string" && (
          <span class="importance">importance {entry.importance}</span>
        )}
        <code class="id">{entry.id}</code>
        <span class="reason">{reason(explain)}</span>
        {isProtected && <span class="protected">protected</span>}
        {!editing && !isProtected && (
          <div class="actions">
            <button
              type="button"
              aria-label={`Edit ${entry.id}`}
              onClick={() => {
                setDraft(text);
                setEditing(true);
              }}
            >
              Edit
            </button>
            <button type="button" aria-label={`Remove ${entry.id}`} onClick={props.onRemove}>
              Remove
            </button>
          </div>
        )}
      </div>
      {editing ? (
        <form
          class="edit"
          onSubmit={(e) => {
            e.preventDefault();
            props.onSave({ [textField(entry)]: draft });
            setEditing(false);
          }}
        >
          <textarea
            aria-label={`Edit ${entry.id}`}
            value={draft}
            rows={3}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          <button type="submit">Save</button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <p class="text">{text}</p>
      )}
    </li>
  );
}

/** Why an entry is in the context or not, in words. Recall's scores are not shown: each section ranks on its
 *  own scale (a relevance of 0.28 and a pin's 10.00 are not comparable), so a number would mislead. */
export function reason(x: Explain | undefined): string {
  if (!x) return "not a candidate for this context";
  const where = x.section ? ` (${x.section})` : "";
  if (x.kept) return `in the context${where}`;
  if (x.reason === "budget")
    return x.needed !== undefined
      ? `cut: budget full, needed ${x.needed} more token${x.needed === 1 ? "" : "s"}${where}`
      : `cut: budget full, an earlier item did not fit${where}`;
  if (x.reason === "truncated") return `cut short: only its start fits the budget${where}`;
  if (x.reason === "no-room") return `cut: no room left for this section${where}`;
  return `cut: ${x.reason}${where}`;
}
