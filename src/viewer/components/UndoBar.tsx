import { type Entry, entryText } from "../api.ts";

/** After a removal: a toast fixed at the bottom of the window (in view wherever the list is scrolled to). */
export function UndoBar(props: { entry: Entry; onUndo: () => void; onDismiss: () => void }) {
  return (
    <div class="undo" role="status">
      <span class="undo-text">
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
