import type { Rec } from "./rec.ts";

/** The field that carries an entry's meaning, per type: without it there is nothing to show. */
export const TEXT_FIELD: Readonly<Record<string, string>> = {
  behavior: "text",
  identity: "value",
  user: "value",
  learning: "text",
  preference: "text",
  context: "content",
  task: "description",
  reminder: "text",
};

/** The missing field's name when an entry lacks its text (a hand-written line), else null. */
export function missingText(type: string, e: Record<string, unknown>): string | null {
  const field = TEXT_FIELD[type];
  if (!field) return null;
  const v = e[field];
  return typeof v === "string" && v.trim() !== "" ? null : field;
}

/** `"text": "` followed by something: checked on the raw line, so a large brain is not parsed for it. */
const RAW_TEXT = /"text"\s*:\s*"(?!")/;

/** The records that have their text: what a context may show (the rest are reported by `brain doctor`). */
export function withText(recs: Rec[]): Rec[] {
  return recs.filter((r) => {
    if (!r.parsed && TEXT_FIELD[r.type] === "text") return RAW_TEXT.test(r.raw);
    return missingText(r.type, r.entry as Record<string, unknown>) === null;
  });
}
