import { approxTokens, tokensOfChars } from "../text.ts";
import { type Fitted, fitItems } from "./fit.ts";
import type { Assembled, Block, Cut, FileCut, Kept, Section } from "./types.ts";

export interface AssembleOptions {
  /** Hard cap in tokens (ceil(chars / 4) of the final text). */
  budget: number;
  /** Share of the budget fixed sections may take before weighted ones get theirs (default 0.6). */
  fixedShare?: number;
  /** Look at every item, so --explain can list every cut (slower on large brains). */
  exhaustive?: boolean;
  /**
   * Tokens for always-loaded brain files (sections with `allowance`), next to `budget`: they are fitted in
   * it, in priority order, and take nothing from the memories. 0 or absent: they share `budget` as fixed
   * sections. Either way a file cut or left out is marked in the text and listed in `fileCuts`.
   */
  fileBudget?: number;
}

const SEPARATOR = 2; // blocks are joined with a blank line
/** Weighted allocations are percentages (behaviour 15, preferences 20, context 25, learnings 40). */
const WEIGHT_TOTAL = 100;

/**
 * Turn sections into blocks under a hard token cap, in four steps: stable fixed sections (identity, user,
 * brain files, rules) within `fixedShare` of the budget; weighted sections by percentage of what is left
 * (behaviour 15, preferences 20, context 25, learnings 40); volatile fixed sections (tasks, runtime,
 * auto-attached rules); and the sink (learnings), which takes every share left unused. What even the sink
 * leaves flows back to volatile weighted sections that were cut. Every block is cut at item granularity, so
 * the result never exceeds the budget — unlike Rho, which keeps each section's first line regardless.
 */
export function assemble(sections: Section[], opts: AssembleOptions): Assembled {
  const capChars = opts.budget * 4;
  const fixedCap = Math.floor(capChars * (opts.fixedShare ?? 0.6));
  const fitted = new Map<string, Fitted>();
  let used = 0;

  const fitFixed = (s: Section, limit: number) => {
    const cap =
      s.allocation.kind === "fixed" && s.allocation.cap !== undefined
        ? Math.floor(capChars * s.allocation.cap)
        : capChars;
    const room = Math.max(0, Math.min(limit - used, cap) - SEPARATOR);
    const f = fitItems(
      s.header,
      s.items,
      s.total,
      room,
      s.contiguous ?? true,
      opts.exhaustive,
      fileMarker(s),
    );
    fitted.set(s.id, f);
    if (f.used > 0) used += f.used + SEPARATOR;
  };
  const allFixed = sections.filter((s) => s.allocation.kind === "fixed").sort((a, b) => prio(a) - prio(b));

  // 0. Always-loaded brain files in their own allowance, when there is one.
  const fileCap = Math.max(0, Math.floor((opts.fileBudget ?? 0) * 4));
  let fileUsed = 0;
  const own = fileCap > 0 ? allFixed.filter((s) => s.allowance) : [];
  // Fair shares (smallest first, each at most an equal part of what is left): one huge file cannot crowd
  // out the others, and files that fit together are all whole.
  const bySize = own.map((s) => ({ s, size: fullSize(s) })).sort((a, b) => a.size - b.size);
  bySize.forEach(({ s }, i) => {
    const share = Math.floor((fileCap - fileUsed) / (bySize.length - i));
    const f = fitItems(
      s.header,
      s.items,
      s.total,
      Math.max(0, share - SEPARATOR),
      true,
      opts.exhaustive,
      fileMarker(s),
    );
    fitted.set(s.id, f);
    if (f.used > 0) fileUsed += f.used + SEPARATOR;
  });
  const fixed = allFixed.filter((s) => !own.includes(s));
  const weighted = sections.filter((s) => s.allocation.kind === "weighted");
  const sink = weighted.filter(isSinkSection);
  const shared = weighted.filter((s) => !isSinkSection(s)).sort((a, b) => a.order - b.order);

  // 1. Stable fixed sections (identity, user, brain files, rules, indexes), in priority order.
  for (const s of fixed.filter((s) => s.cacheable)) fitFixed(s, fixedCap);

  // A brain file left out entirely still says so, in what is left of either budget — decided here, before
  // anything volatile is placed, so the cacheable prefix never depends on the learnings.
  const fileCuts: FileCut[] = [];
  for (const s of allFixed) {
    const f = fitted.get(s.id);
    if (!s.allowance || !f || f.kept.length >= s.total) continue;
    fileCuts.push({ file: s.allowance.name, keptLines: f.kept.length, totalLines: s.total });
    if (f.lines.length > 0) continue;
    const note = `${s.header}\n(left out: its ${s.total} lines do not fit the budget; load_brain_file ${s.allowance.name} reads it)`;
    if (note.length + 1 + SEPARATOR <= capChars - used + (fileCap - fileUsed)) {
      fitted.set(s.id, { ...f, lines: [note], used: note.length + 1 });
      used += note.length + 1 + SEPARATOR;
    }
  }

  // 2. Weighted sections get their percentage of what the stable part left. Nothing volatile has been
  //    placed yet, so these shares — and so the cacheable prefix — do not move when learnings, tasks or
  //    the clock change. (Rho's weights: behaviour 15, preferences 20, context 25, learnings 40.)
  const rest = Math.max(0, capChars - used);
  const weightOf = (s: Section) => (s.allocation.kind === "weighted" ? s.allocation.weight : 0);
  const weightSum = Math.max(
    WEIGHT_TOTAL,
    weighted.reduce((n, s) => n + weightOf(s), 0),
  );
  for (const s of shared) {
    const share = Math.floor((rest * weightOf(s)) / weightSum);
    const f = fitItems(s.header, s.items, s.total, Math.max(0, share - SEPARATOR), false, opts.exhaustive);
    fitted.set(s.id, f);
    if (f.used > 0) used += f.used + SEPARATOR;
  }

  // 3. Volatile fixed sections (tasks, runtime, auto-attached rules, recovery) from what is left.
  for (const s of fixed.filter((s) => !s.cacheable)) fitFixed(s, capChars);

  // 4. The sink (learnings) takes everything else: its own share plus every share left unused.
  for (const s of sink) {
    const f = fitItems(
      s.header,
      s.items,
      s.total,
      Math.max(0, capChars - used - SEPARATOR),
      false,
      opts.exhaustive,
    );
    fitted.set(s.id, f);
    if (f.used > 0) used += f.used + SEPARATOR;
  }
  // Whatever the sink left unused flows back to weighted sections that were cut, in order — volatile ones
  // only: how much the sink leaves depends on the learnings, and a cacheable block that grew or shrank with
  // them would change the stable prefix every time a learning is added (breaking the provider's cache).
  for (const s of weighted) {
    if (s.cacheable || isSinkSection(s)) continue;
    const prev = fitted.get(s.id) as Fitted;
    const leftover = capChars - used;
    if (leftover <= SEPARATOR || (prev.cut.length === 0 && prev.unexamined === 0)) continue;
    const prevSpent = prev.used > 0 ? prev.used + SEPARATOR : 0;
    const f = fitItems(s.header, s.items, s.total, prevSpent + leftover - SEPARATOR, false, opts.exhaustive);
    const spent = f.used > 0 ? f.used + SEPARATOR : 0;
    if (spent > prevSpent) {
      fitted.set(s.id, f);
      used += spent - prevSpent;
    }
  }

  // Emit blocks in output order, and the explain trail.
  const blocks: Block[] = [];
  const kept: Kept[] = [];
  const cuts: Cut[] = [];
  const injected: string[] = [];
  let running = 0;
  for (const s of [...sections].sort((a, b) => a.order - b.order)) {
    const f = fitted.get(s.id);
    if (!f) continue;
    for (const c of f.cut) {
      for (const id of c.item.entryIds.length ? c.item.entryIds : [null]) {
        cuts.push({
          entryId: id,
          label: c.item.label ?? c.item.text.slice(0, 60),
          section: s.id,
          reason: c.reason,
          ...(c.item.score !== undefined ? { score: c.item.score } : {}),
          ...(c.short !== undefined ? { needed: tokensOfChars(c.short) } : {}),
        });
      }
    }
    if (f.lines.length === 0) continue;
    const text = f.lines.join("\n");
    running += text.length + (blocks.length > 0 ? SEPARATOR : 0);
    const left = opts.budget - tokensOfChars(running);
    const ids: string[] = [];
    for (const item of f.kept) {
      for (const id of item.entryIds) {
        ids.push(id);
        injected.push(id);
      }
      for (const id of item.entryIds.length ? item.entryIds : [null]) {
        kept.push({
          entryId: id,
          label: item.label ?? item.text.slice(0, 60),
          section: s.id,
          budgetLeft: left,
          ...(item.score !== undefined ? { score: item.score } : {}),
        });
      }
    }
    blocks.push({
      id: s.id,
      title: (s.header.split("\n")[0] as string).replace(/^#+\s*/, ""),
      text,
      cacheable: s.cacheable,
      tokens: approxTokens(text),
      entryIds: ids,
      cut: f.cut.flatMap((c) =>
        (c.item.entryIds.length ? c.item.entryIds : [null]).map((entryId) => ({
          entryId,
          label: c.item.label ?? c.item.text.slice(0, 60),
          reason: c.reason,
        })),
      ),
      notExamined: f.unexamined,
    });
  }
  const text = blocks.map((b) => b.text).join("\n\n");
  return {
    blocks,
    text,
    tokens: approxTokens(text),
    budget: opts.budget,
    fileBudget: own.length > 0 ? (opts.fileBudget as number) : 0,
    fileCuts,
    injectedIds: injected,
    kept,
    cuts,
  };
}

/** Characters a section takes in full (header and every line). */
function fullSize(s: Section): number {
  let n = s.header.length + 1;
  for (const item of s.items) n += item.text.length + 1;
  return n;
}

/** The omission line of a brain file names it and says how to read the rest. */
function fileMarker(s: Section): ((n: number) => string) | undefined {
  const name = s.allowance?.name;
  return name
    ? (n) => `(…${n} more lines of ${name} left out by the budget; load_brain_file ${name} reads it all)`
    : undefined;
}

function isSinkSection(s: Section): boolean {
  return s.allocation.kind === "weighted" && s.allocation.sink === true;
}

function prio(s: Section): number {
  return s.allocation.kind === "fixed" ? s.allocation.priority : Number.POSITIVE_INFINITY;
}
