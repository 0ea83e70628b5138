import { type Entry, entryText } from "../api.ts";

/** After a removal: undo re-adds the entry under its own id. */
export function UndoBar(props: { entry: Entry; onUndo: () => void; onDismiss: () => void }) {
  return (
    <div class="undo" role="status">
      <span>
        Removed <code>{props.entry.id}</code>: {entryText(props.entry)}
      </span>
      <button type="button" onClick={props.onUndo}>
        Undo
      </button>
      <button type="button" aria-label="Dismiss" onClick={props.onDismiss}>
        ×
      </button>
    </div>
  );
}
