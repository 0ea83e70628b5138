import type { Item, Section } from "../../core/budget/types.ts";
import { shortIdOf, storedColumns, storedShortIds, tailIds } from "../../core/cold.ts";
import { QUIET } from "../../core/column-types.ts";
import { liveWithText, missingText, withText } from "../../core/entry-text.ts";
import { ENTRY_TABLE as T } from "../../core/entry-types.ts";
import type { FoldState } from "../../core/fold.ts";
import { contentLines, oneLine } from "../../core/one-line.ts";
import {
  addToBuckets,
  bucketItems,
  idTag,
  pathContains,
  type ScoreBuckets,
  scoreBuckets,
} from "../../core/rank-learnings.ts";
import type { Rec } from "../../core/rec.ts";
import { inScope } from "../../core/scope.ts";
import { importancePoints, isPinned } from "../../core/score.ts";
import { str } from "../../core/text.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { MEMORY_NOTE, ORDER } from "../sections.ts";
import { rankDownStale, staleCheck } from "../stale.ts";
import { coldLearnings, coldPreferences, type Marks } from "./cold.ts";

function kv(
  id: "identity" | "user",
  title: string,
  recs: readonly Rec[],
  order: number,
  priority: number,
): Section {
  const items: Item[] = recs
    .map((r) => ({ key: oneLine(r.entry.key), value: oneLine(r.entry.value), id: r.id }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((e) => ({ text: `- ${e.key}: ${e.value}`, entryIds: [e.id] }));
  return {
    id,
    header: `## ${title}`,
    cacheable: true,
    order,
    allocation: { kind: "fixed", priority, cap: 0.2 }, // capped: a huge identity or user section cannot push brain files out
    items,
    total: items.length,
  };
}

/**
 * Sections built from brain entries: identity, user, behaviour, preferences, project context and — unless
 * recall replaces it for a query — learnings by Rho's score.
 */
export function entries(state: FoldState, req: SourceRequest): SourceOutput {
  const out: Section[] = [];
  const identity = liveWithText(state, "identity");
  if (identity.length) out.push(kv("identity", T.identity.section, identity, ORDER.identity, 10));
  const user = liveWithText(state, "user");
  if (user.length) out.push(kv("user", T.user.section, user, ORDER.user, 20));

  const behaviors = liveWithText(state, "behavior");
  if (behaviors.length) {
    const label = { do: "Do", dont: "Don't", value: "Value" } as Record<string, string>;
    const items: Item[] = [];
    for (const cat of ["do", "dont", "value"]) {
      for (const r of behaviors) {
        if (r.entry.category === cat)
          items.push({ text: `- ${label[cat]}: ${oneLine(r.entry.text)}`, entryIds: [r.id] });
      }
    }
    out.push(section("behavior", `## ${T.behavior.section}`, ORDER.behavior, 15, items, true));
  }

  const short = shortIdOf(state);
  const check = staleCheck(state, req.cwd);
  // On a snapshot, from its stored columns (sources/cold.ts): only the records a line is made of are read,
  // and one the snapshot marked QUIET (not since changed) needs no look at its anchors.
  const since = tailIds(state);
  const quiet = new Set<string>();
  const stale = (id: string) => (quiet.has(id) ? "" : check(id));
  const marks: Marks = {
    short: storedShortIds(state),
    quiet: (id) => {
      if (!since.has(id)) quiet.add(id);
    },
  };
  const stored = storedColumns(state, "preference");
  const cold = stored && coldPreferences(stored);
  const prefs =
    cold?.rows ?? state.derived("context:preferences", () => orderedPreferences(state), ["preference"]);
  const prefAt = cold
    ? (k: number) => {
        const row = cold.rows[k] as number;
        const r = cold.rec(row);
        if ((stored.ok[row] as number) & QUIET) marks.quiet(r.id);
        return r;
      }
    : (k: number) => prefs[k] as Rec;
  if (prefs.length) {
    // Lazy (and re-iterable): the budget reads the first few lines of thousands, each line and each anchor
    // check made only when it is read.
    const lines = function* (): Generator<Item> {
      for (let k = 0; k < prefs.length; k++) {
        const r = prefAt(k);
        yield { text: preferenceLine(r, fullId), entryIds: [r.id] };
      }
    };
    const items = { [Symbol.iterator]: () => rankDownStale(lines(), stale) };
    const header = `## ${T.preference.section}\n${MEMORY_NOTE}`;
    out.push({
      ...section("preferences", header, ORDER.preferences, 20, [], true),
      items,
      total: prefs.length,
    });
  }

  const best = state
    .list("context")
    .filter((r) => missingText("context", r.entry as Record<string, unknown>) === null)
    .filter((c) => pathContains(str(c.entry.path), req.cwd))
    .sort((a, b) => str(b.entry.path).length - str(a.entry.path).length)[0];
  if (best) {
    const lines = contentLines(best.entry.content);
    const items: Item[] = lines.map((text, i) => ({
      text,
      entryIds: i === 0 ? [best.id] : [],
      label: `${best.id}:${i + 1}`,
    }));
    out.push({
      ...section(
        "context",
        `## ${T.context.section}: ${oneLine(best.entry.project)}`,
        ORDER.context,
        25,
        items,
        true,
      ),
      contiguous: true,
    });
  }

  const storedLearnings = req.recalled ? undefined : storedColumns(state, "learning");
  if (storedLearnings) {
    const { items, total } = coldLearnings(storedLearnings, req.cwd, req.now.getTime(), marks);
    if (total) out.push(learningsSection(rankDownStale(items, stale), total));
    return { sections: out, problems: [] };
  }
  const shown = (r: Rec) => !isPinned(r) && inScope(r, req.cwd);
  const learnings = req.recalled
    ? []
    : state.derived(
        `context:learnings:${req.cwd}`,
        () => liveWithText(state, "learning").filter(shown),
        ["learning"],
        (kept, added) => [...kept, ...withText([...added]).filter(shown)],
      );
  if (learnings.length) {
    const rank = { under: pathContains, flat: true, shortId: short };
    const items = rankDownStale(bucketItems(learningBuckets(state, learnings, req), rank), stale);
    out.push(learningsSection(items, learnings.length));
  }
  return { sections: out, problems: [] };
}

function learningsSection(items: Iterable<Item>, total: number): Section {
  return {
    id: "learnings",
    header: `## ${T.learning.section}\n${MEMORY_NOTE}`,
    cacheable: false,
    order: ORDER.learnings,
    allocation: { kind: "weighted", weight: 40, sink: true },
    items,
    total,
  };
}

/**
 * The learnings of `req.cwd` in score buckets, kept per state while the clock stays in the span over which
 * every score holds (scoreBuckets): a resident server's next context neither scores every learning again nor
 * sorts a bucket it sorted before.
 */
function learningBuckets(state: FoldState, learnings: readonly Rec[], req: SourceRequest): ScoreBuckets {
  const nowMs = req.now.getTime();
  const opts = { under: pathContains };
  const make = () => scoreBuckets(learnings, req.cwd, nowMs, opts);
  const shown = (r: Rec) => !isPinned(r) && inScope(r, req.cwd);
  // Learnings of new ids (fold order's end) join their buckets; anything else makes them afresh.
  const kept = state.derived(
    `context:buckets:${req.cwd}`,
    () => ({ last: make() }),
    ["learning"],
    (k, added) =>
      addToBuckets(k.last, withText([...added]).filter(shown), req.cwd, nowMs, opts) ? k : undefined,
  );
  if (nowMs < kept.last.from || nowMs >= kept.last.until) kept.last = make();
  return kept.last;
}

/**
 * The unpinned preferences with their text as the context lists them: by category, then more important
 * first (a stable sort: fold order otherwise). Depends on the fold's state only (FoldState.derived).
 */
function orderedPreferences(state: FoldState): Rec[] {
  const byCat = new Map<string, Rec[]>();
  for (const p of liveWithText(state, "preference")) {
    if (isPinned(p)) continue;
    const c = str(p.entry.category);
    const arr = byCat.get(c);
    if (arr) arr.push(p);
    else byCat.set(c, [p]);
  }
  return [...byCat.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .flatMap(([, recs]) => recs.sort((a, b) => importancePoints(b.flags) - importancePoints(a.flags)));
}

/**
 * Lines of cacheable blocks end with the whole id: a short id (the shortest unique prefix) can grow when
 * another entry with the same first characters arrives, which would change the cached prefix.
 */
export const fullId = (id: string): string => id;

/** A preference as a context line: `- [Category] text #id`. */
export function preferenceLine(r: Rec, short?: (id: string) => string): string {
  return `- [${oneLine(str(r.entry.category))}] ${oneLine(r.entry.text)}${idTag(r.id, short)}`;
}

function section(
  id: string,
  header: string,
  order: number,
  weight: number,
  items: Item[],
  cacheable: boolean,
): Section {
  return {
    id,
    header,
    cacheable,
    order,
    allocation: { kind: "weighted", weight },
    items,
    total: items.length,
  };
}
