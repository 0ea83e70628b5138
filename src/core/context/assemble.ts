import { approxTokens } from "../text.ts";
import { type Fitted, fitItems } from "./fit.ts";
import type { Assembled, Block, Cut, Kept, Section } from "./types.ts";

export interface AssembleOptions {
  /** Hard cap in tokens (ceil(chars / 4) of the final text). */
  budget: number;
  /** Share of the budget fixed sections may take before weighted ones get theirs (default 0.6). */
  fixedShare?: number;
  /** Look at every item, so --explain can list every cut (slower on large brains). */
  exhaustive?: boolean;
}

const SEPARATOR = 2; // blocks are joined with a blank line

/**
 * Turn sections into blocks under a hard token cap. Fixed sections (identity, user, brain files, rules) are
 * placed first in priority order within `fixedShare` of the budget; what is left is split by weight between
 * the weighted sections (behaviour 15, preferences 20, context 25, learnings 40 …) and any share a section
 * leaves unused cascades to the sink (learnings); what even the sink leaves flows back to sections that were
 * cut. Every block is cut at item granularity,
 * so the result never exceeds the budget — unlike Rho, which keeps each section's first line regardless.
 */
export function assemble(sections: Section[], opts: AssembleOptions): Assembled {
  const capChars = opts.budget * 4;
  const fixedCap = Math.floor(capChars * (opts.fixedShare ?? 0.6));
  const fitted = new Map<string, Fitted>();
  let used = 0;

  const fixed = sections.filter((s) => s.allocation.kind === "fixed").sort((a, b) => prio(a) - prio(b));
  for (const s of fixed) {
    const cap =
      s.allocation.kind === "fixed" && s.allocation.cap !== undefined
        ? Math.floor(capChars * s.allocation.cap)
        : capChars;
    const room = Math.max(0, Math.min(fixedCap - used, cap) - SEPARATOR);
    const f = fitItems(s.header, s.items, s.total, room, s.contiguous ?? true, opts.exhaustive);
    fitted.set(s.id, f);
    if (f.used > 0) used += f.used + SEPARATOR;
  }

  // Weighted sections share what is left; the sink (learnings) is fitted last and takes every unused share.
  const weighted = sections
    .filter((s) => s.allocation.kind === "weighted")
    .sort((a, b) => sinkLast(a) - sinkLast(b));
  const rest = Math.max(0, capChars - used);
  const weightOf = (s: Section) => (s.allocation.kind === "weighted" ? s.allocation.weight : 0);
  const weightSum = weighted.reduce((n, s) => n + weightOf(s), 0) || 1;
  const shares = weighted.map((s) => Math.floor((rest * weightOf(s)) / weightSum));
  let carry = rest - shares.reduce((a, b) => a + b, 0);
  weighted.forEach((s, i) => {
    const isSink = i === weighted.length - 1;
    const share = (shares[i] ?? 0) + (isSink ? carry : 0);
    const f = fitItems(s.header, s.items, s.total, Math.max(0, share - SEPARATOR), false, opts.exhaustive);
    fitted.set(s.id, f);
    const spent = f.used > 0 ? f.used + SEPARATOR : 0;
    if (!isSink) carry += share - spent;
    used += spent;
  });
  // Whatever the sink left unused flows back to weighted sections that were cut, in order.
  for (const s of weighted.slice(0, -1)) {
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
        });
      }
    }
    if (f.lines.length === 0) continue;
    const text = f.lines.join("\n");
    running += text.length + (blocks.length > 0 ? SEPARATOR : 0);
    const left = opts.budget - Math.ceil(running / 4);
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
      title: s.header.replace(/^#+\s*/, ""),
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
  return { blocks, text, tokens: approxTokens(text), budget: opts.budget, injectedIds: injected, kept, cuts };
}

function sinkLast(s: Section): number {
  return s.allocation.kind === "weighted" && s.allocation.sink ? Number.POSITIVE_INFINITY : s.order;
}

function prio(s: Section): number {
  return s.allocation.kind === "fixed" ? s.allocation.priority : Number.POSITIVE_INFINITY;
}
