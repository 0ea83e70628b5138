import { type Columns, type ColumnType, DAY, OPEN, QUIET, TEXT } from "./column-types.ts";
import { missingText, withText } from "./entry-text.ts";
import { dueOf } from "./heartbeat.ts";
import type { Rec } from "./rec.ts";
import { str } from "./text.ts";

const PRIORITY = ["urgent", "high", "normal", "low"];
/** A priority's place (core/heartbeat.ts): unknown ones rank as normal. */
export const priorityRank = (p: unknown): number => {
  const i = PRIORITY.indexOf(String(p));
  return i < 0 ? 2 : i;
};

/**
 * A row of the columns (core/column-types.ts) for a record: what the snapshot stores and a tail adds.
 */
/** One row's values for a record of `type` (the single definition the snapshot and the tail both use). */
export interface Row {
  num: number;
  str: string | null;
  flags: number;
  ok: number;
  prio: number;
}

/** What only the whole fold knows at a save: short ids, and whether find(id) gives this record. */
export interface Saving {
  short(id: string): string;
  found(r: Rec): boolean;
}

/** `"anchors"` can only be a key of the entry when the raw line says so (or escapes something). */
const mayAnchor = (raw: string) => raw.includes('anchors"') || raw.includes("\\u");

/** No code anchors (src/project/anchors.ts AnchorCheck.gone has nothing to check). */
function unanchored(r: Rec): boolean {
  if (!r.parsed && !mayAnchor(r.raw)) return true;
  const a = r.peek().anchors;
  return !(Array.isArray(a) && a.length > 0);
}

export function rowOf(type: ColumnType, r: Rec, saving?: Saving): Row {
  const hasText = withText([r]).length === 1;
  const quiet = saving?.found(r) && unanchored(r) ? QUIET : 0;
  switch (type) {
    case "learning": {
      const k = saving ? saving.short(r.id).length : 0; // the short id is the id's first k characters
      const ok = (hasText ? TEXT : 0) | quiet;
      return { num: r.createdMs, str: r.projectPath ?? null, flags: r.flags, ok, prio: k < 256 ? k : 0 };
    }
    case "preference": {
      const ok = (hasText ? TEXT : 0) | quiet;
      return { num: 0, str: str(r.peek().category), flags: r.flags, ok, prio: 0 };
    }
    case "task": {
      const e = r.peek() as Record<string, unknown>;
      const ok =
        (missingText("task", e) === null ? TEXT : 0) | ((e.status ?? "pending") === "pending" ? OPEN : 0);
      const due = typeof e.due === "string" ? e.due : null;
      const { dueDay, dueMs } = dueOf(due);
      const prio = priorityRank(e.priority ?? "normal");
      return { num: dueMs, str: due, flags: r.flags, ok: ok | (dueDay !== null ? DAY : 0), prio };
    }
    case "reminder": {
      const e = r.peek() as Record<string, unknown>;
      const next = typeof e.next_due === "string" ? Date.parse(e.next_due) : Number.NaN;
      const ok = (hasText ? TEXT : 0) | (e.enabled === true ? OPEN : 0);
      return { num: next, str: null, flags: r.flags, ok, prio: priorityRank(e.priority ?? "normal") };
    }
  }
}

/** Columns built from rows (the snapshot's save; a tail appended to stored columns). */
export function columnsOf(rows: readonly Row[], rec: (i: number) => Rec): Columns {
  const n = rows.length;
  const c = {
    n,
    num: new Float64Array(n),
    str: new Int32Array(n),
    flags: new Uint8Array(n),
    ok: new Uint8Array(n),
    prio: new Uint8Array(n),
    strings: [] as string[],
    rec,
  };
  const index = new Map<string, number>();
  rows.forEach((row, i) => {
    c.num[i] = row.num;
    c.flags[i] = row.flags;
    c.ok[i] = row.ok;
    c.prio[i] = row.prio;
    if (row.str === null) c.str[i] = -1;
    else {
      let k = index.get(row.str);
      if (k === undefined) {
        k = c.strings.length;
        c.strings.push(row.str);
        index.set(row.str, k);
      }
      c.str[i] = k;
    }
  });
  return c;
}

/** Stored columns followed by the rows of records appended since (new ids: the end of the fold order). */
export function appended(base: Columns, tail: readonly Rec[], type: ColumnType): Columns {
  if (tail.length === 0) return base;
  const rows = tail.map((r) => rowOf(type, r));
  const t = columnsOf(rows, (i) => tail[i] as Rec);
  const n = base.n + t.n;
  const cat = <A extends Float64Array | Int32Array | Uint8Array>(a: A, b: A, make: (n: number) => A): A => {
    const out = make(n);
    out.set(a.subarray(0, base.n));
    out.set(b, base.n);
    return out;
  };
  const strings = [...base.strings, ...t.strings];
  const shifted = t.str.map((k) => (k < 0 ? k : k + base.strings.length));
  // A stored order holds for the stored rows only: made afresh from all of them.
  return {
    n,
    num: cat(base.num, t.num, (k) => new Float64Array(k)),
    str: cat(base.str, shifted, (k) => new Int32Array(k)),
    flags: cat(base.flags, t.flags, (k) => new Uint8Array(k)),
    ok: cat(base.ok, t.ok, (k) => new Uint8Array(k)),
    prio: cat(base.prio, t.prio, (k) => new Uint8Array(k)),
    strings,
    rec: (i) => (i < base.n ? base.rec(i) : (tail[i - base.n] as Rec)),
  };
}
