import { useState } from "preact/hooks";
import { type Entry, type Explain, entryText, textField } from "../api.ts";

/** One entry: injected or stored only (and why), its text, and edit / remove. */
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
        {!editing && (
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

function reason(x: Explain | undefined): string {
  if (!x) return "not a candidate for this context";
  const score = x.score !== undefined ? ` · score ${x.score.toFixed(2)}` : "";
  const tokens = x.tokens !== undefined ? ` · ${x.tokens} tok` : "";
  return `${x.section}${score}${tokens} · ${x.reason}`;
}
