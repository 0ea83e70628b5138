import { type Columns, type ColumnType, OPEN, type RankGroup, TEXT } from "./column-types.ts";
import { HIGH, LOW, MANUAL, PINNED, PROJECT } from "./rec.ts";
import { importancePoints } from "./score.ts";
import { str } from "./text.ts";

/**
 * Orders of rows of stored columns (core/columns.ts) that depend on the fold alone, so a snapshot stores them
 * beside the columns (src/store/jsonl/snapshot-columns.ts) and a cold context reads them instead of making
 * them; a type with rows appended since has none stored and makes it (the same functions).
 *   learning:   the pinned ones with text, in fold order (src/context/sources/pinned.ts), then the ranked
 *               ones in groups (RankGroup)
 *   preference: the pinned ones with text, then the unpinned ones as the context lists them (preferenceOrder)
 *   task:       the pending ones with their description, in heartbeat order (taskOrder)
 *   reminder:   the enabled ones with text, by priority (reminderOrder)
 */
export function storedOrder(type: ColumnType, c: Columns): StoredOrder {
  switch (type) {
    case "learning":
      return learningOrder(c);
    case "preference": {
      const pinned = pinnedRows(c);
      return { rows: [...pinned, ...preferenceOrder(c)], pinned: pinned.length };
    }
    case "task":
      return { rows: taskOrder(c) };
    case "reminder":
      return { rows: reminderOrder(c) };
  }
}

export interface StoredOrder {
  rows: number[];
  /** Learnings and preferences: the first `pinned` rows are the pinned ones; `groups` index the rest (RankGroup). */
  pinned?: number;
  groups?: RankGroup[];
}

const RANK_FLAGS = MANUAL | HIGH | LOW;

function learningOrder(c: Columns): StoredOrder {
  const pinned = pinnedRows(c);
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < c.n; i++) {
    const f = c.flags[i] as number;
    if (!((c.ok[i] as number) & TEXT) || f & PINNED) continue;
    if (Number.isNaN(c.num[i])) return { rows: pinned, pinned: pinned.length };
    const k = c.str[i] as number;
    const path = f & PROJECT && k >= 0 && c.strings[k] !== "" ? k : -1;
    const key = `${f & RANK_FLAGS}:${path}`;
    const rows = byKey.get(key);
    if (rows) rows.push(i);
    else byKey.set(key, [i]);
  }
  const created = (i: number) => str(c.rec(i).entry.created);
  const newest = (a: number, b: number) =>
    (c.num[b] as number) - (c.num[a] as number) || created(b).localeCompare(created(a)) || a - b;
  const rows = [...pinned];
  const groups: RankGroup[] = [];
  for (const [key, members] of byKey) {
    const [flags, path] = key.split(":").map(Number) as [number, number];
    members.sort(newest);
    groups.push({ start: rows.length, end: rows.length + members.length, flags, path });
    rows.push(...members);
  }
  return { rows, pinned: pinned.length, groups };
}

function rowsWhere(c: Columns, keep: (i: number) => boolean): number[] {
  const rows: number[] = [];
  for (let i = 0; i < c.n; i++) if (keep(i)) rows.push(i);
  return rows;
}

/** The pinned rows with text, in fold order. */
export function pinnedRows(c: Columns): number[] {
  return rowsWhere(c, (i) => ((c.ok[i] as number) & TEXT) !== 0 && ((c.flags[i] as number) & PINNED) !== 0);
}

const both = (c: Columns, i: number) => ((c.ok[i] as number) & (TEXT | OPEN)) === (TEXT | OPEN);

/**
 * The unpinned preferences with text, as the context lists them (src/context/sources/entries.ts
 * orderedPreferences): by category (localeCompare; first seen first on ties), then more important first,
 * stably (the rows of each importance in turn: high, none, low).
 */
export function preferenceOrder(c: Columns): number[] {
  const byCat = new Map<string, number[]>();
  for (let i = 0; i < c.n; i++) {
    if (!((c.ok[i] as number) & TEXT) || (c.flags[i] as number) & PINNED) continue;
    const cat = c.strings[c.str[i] as number] as string;
    const arr = byCat.get(cat);
    if (arr) arr.push(i);
    else byCat.set(cat, [i]);
  }
  const byImportance = (rows: number[]) =>
    [3, 0, -3].flatMap((p) => rows.filter((i) => importancePoints(c.flags[i] as number) === p));
  return [...byCat.entries()].sort((a, b) => a[0].localeCompare(b[0])).flatMap(([, r]) => byImportance(r));
}

/**
 * The pending tasks with a description in heartbeat order (core/heartbeat.ts pendingList): by priority, then
 * due as a string (none last, localeCompare), stably — each distinct due string's collation ranked once.
 */
export function taskOrder(c: Columns): number[] {
  const rows = rowsWhere(c, (i) => both(c, i));
  const NONE = "\uffff";
  const due = (i: number) => ((c.str[i] as number) < 0 ? NONE : (c.strings[c.str[i] as number] as string));
  const distinct = [...new Set(rows.map(due))].sort((a, b) => a.localeCompare(b));
  const rankOf = new Map<string, number>();
  distinct.forEach((s, k) => {
    const prev = distinct[k - 1];
    rankOf.set(s, prev !== undefined && prev.localeCompare(s) === 0 ? (rankOf.get(prev) as number) : k);
  });
  const dueRank = (i: number) => rankOf.get(due(i)) as number;
  return rows.sort((a, b) => (c.prio[a] as number) - (c.prio[b] as number) || dueRank(a) - dueRank(b));
}

/** The enabled reminders with text by priority, stably (core/heartbeat.ts enabledReminders). */
export function reminderOrder(c: Columns): number[] {
  return rowsWhere(c, (i) => both(c, i)).sort((a, b) => (c.prio[a] as number) - (c.prio[b] as number));
}
