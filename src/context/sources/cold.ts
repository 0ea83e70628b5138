import type { Item } from "../../core/budget/types.ts";
import { pinnedRows, preferenceOrder, reminderOrder, taskOrder } from "../../core/column-order.ts";
import { type Columns, DAY, QUIET, type RankGroup, TEXT } from "../../core/column-types.ts";
import { type DueReminder, lateAt, type PendingTask, reminderOf, taskOf } from "../../core/heartbeat.ts";
import { oneLine } from "../../core/one-line.ts";
import { idTag, pathContains } from "../../core/rank-learnings.ts";
import { PINNED, PROJECT, type Rec } from "../../core/rec.ts";
import { inScope } from "../../core/scope.ts";
import { bonusOf, MAX_SCORE, recencyOf, scoreOf } from "../../core/score.ts";
import { str } from "../../core/text.ts";

/**
 * The context's choices made from stored columns (core/columns.ts, core/cold.ts) instead of every live
 * record: the same records in the same order as the sources make them from the fold (entries.ts: learnings
 * by score buckets, ordered preferences; pinned.ts; core/heartbeat.ts: pending tasks, due reminders), each
 * record read only when the budget reaches its line. test/context/cold-columns.test.ts holds them equal.
 */

/** Whether row `i` is in scope of `cwd` (core/scope.ts inScope on the row's fields), each path decided once. */
function scopeOf(c: Columns, cwd: string): (i: number) => boolean {
  const inside: (boolean | undefined)[] = [];
  return (i) => {
    if (((c.flags[i] as number) & PROJECT) === 0) return true;
    const k = c.str[i] as number;
    if (k < 0) return true;
    let v = inside[k];
    if (v === undefined) {
      v = inScope({ flags: PROJECT, projectPath: c.strings[k] } as Rec, cwd);
      inside[k] = v;
    }
    return v;
  };
}

/** Records of rows, each read once. */
function reader(c: Columns): (i: number) => Rec {
  const seen = new Map<number, Rec>();
  return (i) => {
    let r = seen.get(i);
    if (!r) {
      r = c.rec(i);
      seen.set(i, r);
    }
    return r;
  };
}

/**
 * The learnings shown in `cwd` (with text, not pinned, in scope) in score buckets, best first, each bucket in
 * the order bucketItems sorts it (newest first, then `created` as a string; fold order on ties).
 */
export function coldLearnings(
  c: Columns,
  cwd: string,
  nowMs: number,
  marks: Marks,
): { items: Iterable<Item>; total: number } {
  if (c.groups && c.order) return groupedLearnings(c, c.groups, c.order, cwd, nowMs, marks);
  const buckets: number[][] = [];
  let total = 0;
  // One tight loop over the columns (it runs once per cold process, mostly before the JIT has warmed up).
  const { ok, flags, num, str: path, strings } = c;
  // Per project path: 1 when the working directory is inside it, 0 when not, -1 not yet decided.
  const inside = new Int8Array(strings.length).fill(-1);
  for (let i = 0; i < c.n; i++) {
    const f = flags[i] as number;
    if (!((ok[i] as number) & TEXT) || f & PINNED) continue;
    // In scope (core/scope.ts inScope): not project-scoped, or no path, or the directory is inside it.
    let inProject = false;
    const k = path[i] as number;
    if (f & PROJECT && k >= 0 && strings[k] !== "") {
      let v = inside[k] as number;
      if (v < 0) {
        v = pathContains(strings[k] as string, cwd) ? 1 : 0;
        inside[k] = v;
      }
      if (v === 0) continue;
      inProject = true;
    }
    total++;
    const score = scoreOf(num[i] as number, f, inProject, nowMs);
    const b = buckets[score];
    if (b) b.push(i);
    else buckets[score] = [i];
  }
  const rec = reader(c);
  const created = (i: number) => str(rec(i).entry.created);
  const order = (a: number, b: number) =>
    (c.num[b] as number) - (c.num[a] as number) || created(b).localeCompare(created(a));
  function* items(): Generator<Item> {
    for (let score = buckets.length - 1; score >= 0; score--) {
      const bucket = buckets[score];
      if (!bucket) continue;
      bucket.sort(order);
      for (const i of bucket) {
        const r = rec(i);
        if ((c.ok[i] as number) & QUIET) marks.quiet(r.id);
        const short = (id: string) => marks.short(id, c.prio[i] as number);
        yield { text: `- ${oneLine(r.entry.text)}${idTag(r.id, short)}`, entryIds: [r.id], score };
      }
    }
  }
  return { items: items(), total };
}

/**
 * coldLearnings from the snapshot's rank groups (core/column-order.ts RankGroup): a group's score is its
 * rows' recency plus one bonus, and its rows are newest first, so each score's rows are one run of each group
 * (found by binary search); the runs of a score are merged in the order a bucket is sorted in. No learning is
 * looked at but those shown.
 */
function groupedLearnings(
  c: Columns,
  groups: readonly RankGroup[],
  order: Int32Array,
  cwd: string,
  nowMs: number,
  marks: Marks,
): { items: Iterable<Item>; total: number } {
  const scoped = scopeOf(c, cwd);
  const live: { start: number; end: number; bonus: number }[] = [];
  let total = 0;
  for (const g of groups) {
    if (g.start === g.end) continue;
    // In scope (core/scope.ts) when not tied to a project path, or the directory is inside it: +5.
    if (g.path >= 0 && !scoped(order[g.start] as number)) continue;
    total += g.end - g.start;
    live.push({ start: g.start, end: g.end, bonus: bonusOf(g.flags, g.path >= 0) });
  }
  // A row's score: core/score.ts scoreOf, its recency the only part that differs within a group.
  const score = (i: number, bonus: number) => Math.max(0, recencyOf(c.num[i] as number, nowMs) + bonus);
  /** The first position of [start, end) whose row scores below `s` (scores do not rise along a group). */
  const firstBelow = (g: { start: number; end: number; bonus: number }, s: number) => {
    let lo = g.start;
    let hi = g.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (score(order[mid] as number, g.bonus) < s) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const rec = reader(c);
  const created = (i: number) => str(rec(i).entry.created);
  const before = (a: number, b: number) =>
    (c.num[b] as number) - (c.num[a] as number) || created(b).localeCompare(created(a)) || a - b;
  function* items(): Generator<Item> {
    for (let s = MAX_SCORE; s >= 0; s--) {
      // Each group's run of rows scoring s, merged newest first.
      const runs = live
        .map((g) => ({ at: firstBelow(g, s + 1), end: firstBelow(g, s) }))
        .filter((r) => r.at < r.end);
      while (runs.length) {
        let best = 0;
        for (let k = 1; k < runs.length; k++)
          if (
            before(
              order[(runs[k] as { at: number }).at] as number,
              order[(runs[best] as { at: number }).at] as number,
            ) < 0
          )
            best = k;
        const run = runs[best] as { at: number; end: number };
        const i = order[run.at] as number;
        if (++run.at === run.end) runs.splice(best, 1);
        const r = rec(i);
        if ((c.ok[i] as number) & QUIET) marks.quiet(r.id);
        const short = (id: string) => marks.short(id, c.prio[i] as number);
        yield { text: `- ${oneLine(r.entry.text)}${idTag(r.id, short)}`, entryIds: [r.id], score: s };
      }
    }
  }
  return { items: items(), total };
}

/** What a shown row tells beside its line: its short id, and that its stale note is empty (QUIET). */
export interface Marks {
  short(id: string, stored: number): string;
  /** Row of `id` is QUIET. */
  quiet(id: string): void;
}

/** The unpinned preferences with text in context order (the snapshot's stored order, else made now). */
export function coldPreferences(c: Columns): { rows: ArrayLike<number>; rec: (i: number) => Rec } {
  const rows = c.order && c.pinned !== undefined ? c.order.subarray(c.pinned) : preferenceOrder(c);
  return { rows, rec: reader(c) };
}

/** The pinned records (pinned.ts): the snapshot's stored ones, else column-order.ts pinnedRows; learnings in scope of `cwd`. */
export function coldPinned(c: Columns, cwd?: string): Rec[] {
  const rows = c.order && c.pinned !== undefined ? c.order.subarray(0, c.pinned) : pinnedRows(c);
  const scoped = cwd === undefined ? undefined : scopeOf(c, cwd);
  const out: Rec[] = [];
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k] as number;
    if (!scoped || scoped(i)) out.push(c.rec(i));
  }
  return out;
}

/** The pending tasks in heartbeat order (core/heartbeat.ts pendingTasks), overdue ones first. */
export function coldTasks(c: Columns, now: Date): Iterable<PendingTask> & { total: number } {
  const rows = c.order ?? taskOrder(c);
  const late = lateAt(now);
  // Whether each row is overdue (from its due day or time: core/columns.ts DAY), decided once.
  const overdue = new Uint8Array(c.n);
  for (const i of rows) {
    const day = (c.ok[i] as number) & DAY ? (c.strings[c.str[i] as number] as string) : null;
    overdue[i] = late({ dueDay: day, dueMs: c.num[i] as number }) ? 1 : 0;
  }
  const task = (i: number, o: boolean): PendingTask => ({ ...taskOf(c.rec(i).entry), overdue: o });
  return {
    total: rows.length,
    *[Symbol.iterator]() {
      for (const i of rows) if (overdue[i]) yield task(i, true);
      for (const i of rows) if (!overdue[i]) yield task(i, false);
    },
  };
}

/** The enabled reminders with text due at `now`, in priority order (core/heartbeat.ts dueReminders). */
export function coldReminders(c: Columns, now: Date): { total: number; items: () => Iterable<DueReminder> } {
  const nowMs = now.getTime();
  const rows = Array.from(c.order ?? reminderOrder(c)).filter((i) => {
    const next = c.num[i] as number;
    return !(Number.isFinite(next) && next > nowMs);
  });
  return {
    total: rows.length,
    *items() {
      for (const i of rows) yield reminderOf(c.rec(i)).reminder;
    },
  };
}
