import type { MentionInfo } from "./mention-info.ts";
import type { Ranked } from "./rank.ts";
import { RestateIndex } from "./restate-index.ts";
import { dice, restates } from "./sentence-terms.ts";

export interface RestateTuning {
  /** How many of the best-ranked items are looked at. */
  pool: number;
  /** Turns whose restatements are gathered to them (about what a context can show). */
  top: number;
  /** A sentence restates another when the weight of their common terms is this share of theirs (sentence-terms.ts). */
  restate: number;
  /** How many of the best episodes get their restatements looked up in the index (`lookup`). */
  anchors: number;
  /** How many of a key sentence's rarest terms that look-up searches for. */
  lookupTerms: number;
  /** How many of an anchor's key sentences are looked up. */
  lookupKeys: number;
  /** More turns than this saying it again make a template, not a fact restated (no group is made). */
  maxGroup: number;
  /** Shared terms weighing less than this on average are boilerplate (sentence-terms.ts `commonFloor`). */
  floor?: number;
}

/**
 * Restatements the ranking did not reach: a fact said again later with a changed value often shares no word
 * with the question ("Where did Ada go on her road trip?" — "I went to Millbrook, a small town in the
 * Midwest"). For each of the first `anchors` episodes, the index is searched (`lookup`) with the rarest terms
 * of each of its first `lookupKeys` key sentences; a turn found there that the same speaker said on another day and that restates it is put right after it (with its score). Returns a new list.
 */
export function lookUpRestatements(
  ranked: readonly Ranked[],
  info: (id: string) => MentionInfo | undefined,
  lookup: (terms: string[]) => string[],
  weight: (term: string) => number,
  tune: RestateTuning,
): Ranked[] {
  const out = [...ranked];
  const present = new Set(out.slice(0, tune.pool).map((r) => r.id));
  let anchors = 0;
  for (let i = 0; i < out.length && anchors < tune.anchors; i++) {
    const r = out[i] as Ranked;
    const m = r.kind === "episode" ? info(r.id) : undefined;
    if (!m) continue;
    anchors++;
    const keys = m.keys();
    const found: Ranked[] = [];
    for (const key of keys.slice(0, tune.lookupKeys)) {
      const rare = [...key].sort((a, b) => weight(b) - weight(a)).slice(0, tune.lookupTerms);
      for (const id of lookup(rare)) {
        if (present.has(id)) continue;
        const x = info(id);
        if (!x || x.speaker !== m.speaker || x.dateMs === m.dateMs) continue;
        if (!restates([key], x.sentences(), tune.restate, weight, tune.floor)) continue;
        present.add(id);
        found.push({ id, kind: "episode", score: r.score });
      }
    }
    // Said again by more turns than a fact is: a template (a stock reply in every session), no restatement.
    if (found.length >= tune.maxGroup) continue;
    out.splice(i + 1, 0, ...found);
    i += found.length;
  }
  return out;
}

/**
 * A turn among the first `top` that the same speaker said again on another day — a turn of the pool with a
 * sentence restating one of the turn's key sentences (sentence-terms.ts) — is gathered with its restatements at its
 * place: the latest first, then the older ones, newest first; every one but the latest is marked with the
 * date of the latest. In place.
 */
export function pullRestatements(
  out: Ranked[],
  info: (id: string) => MentionInfo | undefined,
  tune: RestateTuning,
  earlier: Map<string, number>,
  weight: (term: string) => number,
): void {
  const pool: { r: Ranked; m: MentionInfo }[] = [];
  for (const r of out.slice(0, tune.pool)) {
    const m = r.kind === "episode" ? info(r.id) : undefined;
    if (m) pool.push({ r, m });
  }
  const done = new Set<string>();
  // The pool's sentences by term, built once for all the turns below (restate-index.ts: `restates`' answers).
  let index: RestateIndex | undefined;
  for (let i = 0; i < Math.min(out.length, tune.top); i++) {
    const r = out[i] as Ranked;
    if (done.has(r.id) || r.kind !== "episode") continue;
    done.add(r.id);
    const m = info(r.id);
    const keys = m?.keys() ?? [];
    if (!m || keys.length === 0) continue;
    const candidate = (x: (typeof pool)[number]) =>
      x.r.id !== r.id &&
      x.m.speaker === m.speaker &&
      x.m.dateMs !== m.dateMs &&
      // A turn that mentions what is asked is never filed under one that does not (a neighbour placed by
      // it, sharing some other sentence with it): it anchors its own restatements.
      (m.mask !== 0 || x.m.mask === 0);
    index ??= new RestateIndex(
      pool.map((x) => x.m.sentences()),
      weight,
      tune.floor,
    );
    const restating = index.restating(keys, tune.restate, (k) => candidate(pool[k] as (typeof pool)[number]));
    const again = pool.filter(
      (x, k) =>
        candidate(x) &&
        (restating.has(k) ||
          // …or the same query terms in words that overlap (a short fact: "I have 180 followers on …").
          (m.mask !== 0 && x.m.mask === m.mask && dice(x.m.words(), m.words()) >= tune.restate)),
    );
    // Said again by more turns than a fact is (counting those already placed): a template, no restatement.
    if (again.length >= tune.maxGroup) continue;
    const same = again.filter((x) => !done.has(x.r.id));
    if (same.length === 0) continue;
    const group = [{ r, m }, ...same].sort((a, b) => b.m.dateMs - a.m.dateMs);
    const latest = group[0] as (typeof group)[number];
    for (const x of group) {
      done.add(x.r.id);
      if (x !== latest) earlier.set(x.r.id, latest.m.dateMs);
    }
    for (const x of group) out.splice(out.indexOf(x.r), 1);
    out.splice(i, 0, ...group.map((x) => x.r));
    i += group.length - 1;
  }
}
