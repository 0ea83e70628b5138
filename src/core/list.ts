import { typeDef } from "./entry-types.ts";
import { BrainError } from "./errors.ts";
import { type FoldState, LIST_ORDER } from "./fold.ts";
import { describeValue, formatCompact } from "./format.ts";
import type { Params } from "./params.ts";
import type { Rec } from "./rec.ts";
import { LIVE_TYPES, type LiveType } from "./types.ts";

const FILTERS: Record<string, readonly string[]> = {
  task: ["pending", "done", "all"],
  reminder: ["active", "enabled", "disabled", "all"],
};

function applyFilter(type: LiveType, recs: Rec[], filter: string | undefined): Rec[] {
  if (!filter || filter === "all") return recs;
  if (type === "task") return recs.filter((r) => r.entry.status === filter);
  if (type === "reminder") {
    const want = filter !== "disabled";
    return recs.filter((r) => Boolean(r.entry.enabled) === want);
  }
  return recs;
}

function matches(r: Rec, q: string): boolean {
  const e = r.entry;
  return (typeDef(r.type)?.words ?? [])
    .map((f) => e[f])
    .filter((v) => typeof v === "string" && v)
    .join(" ")
    .toLowerCase()
    .includes(q);
}

/** The `list` action: entries by type, query and filter, Rho's compact format or verbose JSON, paginated. */
export function listEntries(
  params: Params,
  state: FoldState,
  now: Date,
): { message: string; data: Record<string, unknown> } {
  const type = params.type;
  if (type !== undefined && (typeof type !== "string" || !(LIVE_TYPES as readonly string[]).includes(type))) {
    throw new BrainError(
      "INVALID",
      `unknown type "${describeValue(type)}" (valid: ${LIVE_TYPES.join(", ")})`,
      {
        field: "type",
      },
    );
  }
  const filter = params.filter === undefined ? undefined : describeValue(params.filter);
  if (filter !== undefined) {
    const allowed = type ? FILTERS[type] : [...new Set(Object.values(FILTERS).flat())];
    if (!allowed?.includes(filter)) {
      throw new BrainError(
        "INVALID",
        allowed
          ? `filter for ${type ?? "task/reminder"} must be one of: ${allowed.join(", ")}`
          : `type ${type} has no filters`,
        { field: "filter" },
      );
    }
  }
  const id = typeof params.id === "string" && params.id ? params.id : undefined;
  const query = typeof params.query === "string" && params.query ? params.query.toLowerCase() : undefined;
  // Capped so one tool result cannot flood an agent's context; page with offset.
  const limit = Math.min(
    typeof params.limit === "number" && params.limit > 0 ? params.limit : DEFAULT_LIST_LIMIT,
    MAX_LIST_LIMIT,
  );
  const offset = typeof params.offset === "number" ? params.offset : 0;
  const types: LiveType[] = type ? [type as LiveType] : [...LIST_ORDER];
  const groups: { type: LiveType; recs: Rec[] | null; total: number }[] = [];
  for (const t of types) {
    // Unfiltered, a type is counted, and read only as far as the page (core/fold.ts iterate).
    if (!id && !query && (!filter || filter === "all")) {
      const total = state.count(t);
      if (type || total > 0) groups.push({ type: t, recs: null, total });
      continue;
    }
    let recs = state.list(t);
    if (id) recs = recs.filter((r) => r.id === id);
    if (query) recs = recs.filter((r) => matches(r, query));
    recs = applyFilter(t, recs, filter);
    if (type || recs.length > 0) groups.push({ type: t, recs, total: recs.length });
  }
  const total = groups.reduce((n, g) => n + g.total, 0);
  // Pagination runs across groups in listing order.
  let skip = offset;
  let room = limit;
  const pages = groups.map((g) => {
    const from = Math.min(skip, g.total);
    skip -= from;
    const page = g.recs
      ? g.recs.slice(from, from + Math.max(0, room))
      : slice(state.iterate(g.type), from, room);
    room -= page.length;
    return { type: g.type, entries: page.map((r) => r.entry), total: g.total };
  });
  const shown = pages.reduce((n, p) => n + p.entries.length, 0);
  const nowMs = now.getTime();
  let message: string;
  if (params.verbose === true) {
    message = pages
      .map((p) =>
        p.entries.length === 0
          ? `[${p.type}] (${p.total})`
          : `[${p.type}] (${p.total})\n${p.entries.map((e) => JSON.stringify(e, null, 2)).join("\n")}`,
      )
      .join("\n\n");
  } else {
    const parts = pages
      .filter((p) => p.entries.length > 0)
      .map((p) => formatCompact(p.type, p.entries, nowMs, p.total));
    const what = `${type ? `${type} entries` : "entries"}${id ? ` with id "${id}"` : ""}`;
    message =
      parts.length > 0
        ? parts.join("\n\n")
        : total > 0
          ? `No ${what} at offset=${offset} (${total} in total).`
          : `No ${what} found.`;
  }
  if (shown < total && shown > 0) {
    message += `\n\n(showing ${offset + 1}–${offset + shown} of ${total}; use offset=${offset + shown} for more)`;
  }
  return { message, data: { total, shown, offset, groups: pages } };
}

/** Records [from, from + n) of `recs`, reading no further. */
function slice(recs: Iterator<Rec>, from: number, n: number): Rec[] {
  const out: Rec[] = [];
  if (n <= 0) return out;
  for (let i = 0, r = recs.next(); !r.done; i++, r = recs.next()) {
    if (i >= from) out.push(r.value);
    if (out.length >= n) break;
  }
  return out;
}

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;
