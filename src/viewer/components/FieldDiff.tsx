import type { Entry } from "../api.ts";

/** Bookkeeping fields every update touches (the fold stamps the update's time): not a change a person made. */
const IGNORED = new Set(["updated", "created"]);

const show = (v: unknown): string =>
  v === undefined ? "(none)" : typeof v === "string" ? v : JSON.stringify(v);

/** The fields that differ between two versions of an entry, in the order the newer one has them. */
export function changedFields(before: Entry, after: Entry): { field: string; old: string; now: string }[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys
    .filter((k) => !IGNORED.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: k, old: show(before[k]), now: show(after[k]) }));
}

/** One changed entry: each changed field as "field: old → new". */
export function FieldDiff(props: { before: Entry; after: Entry }) {
  const fields = changedFields(props.before, props.after);
  return (
    <ul class="field-changes">
      {fields.length === 0 && <li class="muted">no field changed (only its timestamp)</li>}
      {fields.map((f) => (
        <li key={f.field} class="field-change">
          <span class="field">{f.field}</span>: <del class="old">{f.old}</del> →{" "}
          <ins class="new">{f.now}</ins>
        </li>
      ))}
    </ul>
  );
}
