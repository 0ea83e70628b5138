import { typeDef } from "./entry-types.ts";
import type { FoldState } from "./fold.ts";
import type { Rec } from "./rec.ts";
import type { LiveType } from "./types.ts";

/** The field that carries an entry's meaning (the entry table's `textField`): without it nothing shows. */
const textField = (type: string): string | undefined => typeDef(type)?.textField;

/** The missing field's name when an entry lacks its text (a hand-written line), else null. */
export function missingText(type: string, e: Record<string, unknown>): string | null {
  const field = textField(type);
  if (!field) return null;
  const v = e[field];
  return typeof v === "string" && v.trim() !== "" ? null : field;
}

/** `"text": "` then a visible character: surely has text, seen on the raw line without parsing it. */
const RAW_TEXT = /"text"\s*:\s*"[^"\s\\]/;

/** The records that have their text: what a context may show (the rest are reported by `brain doctor`). */
export function withText(recs: Rec[]): Rec[] {
  return recs.filter((r) => {
    // The raw test only ever says yes; anything it cannot tell (blank, escapes) is decided on the parsed entry.
    if (!r.parsed && textField(r.type) === "text" && RAW_TEXT.test(r.raw)) return true;
    return missingText(r.type, r.peek() as Record<string, unknown>) === null;
  });
}

/** The live records of `type` that have their text (withText), derived once per state of the fold. */
export function liveWithText(state: FoldState, type: LiveType): readonly Rec[] {
  // A new id joins the end of the fold order: the records with text so far, then the new ones that have it.
  return state.derived(
    `withText:${type}`,
    () => withText(state.list(type)),
    [type],
    (kept, added) => [...kept, ...withText([...added])],
  );
}
