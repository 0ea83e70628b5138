import { ENTRY_TABLE, type TypeDef } from "../core/entry-types.ts";
import type { Rec } from "../core/rec.ts";
import type { EpisodeLog } from "../store/episode-log.ts";
import { processTerm, terms, tokenize } from "./analyze.ts";
import { Bm25 } from "./bm25.ts";
import { passages } from "./passages.ts";
import { isKind, KINDS, type Kind } from "./types.ts";

export interface Hit {
  id: string;
  kind: Kind;
  score: number;
  session: string | undefined;
  speaker: string | undefined;
  dateMs: number | undefined;
  /** Query terms found in the entry's own text (not only in its neighbours). */
  matched: number;
  /** Which ones: bit i for the i-th distinct search term (see `IndexResult.terms`). */
  mask: number;
}

export interface IndexResult {
  hits: Hit[];
  /** The distinct search terms the hits' masks refer to, in bit order. */
  terms: string[];
  /** Documents of the asked kinds with a query term in their own text. */
  total: number;
}

/** Per type, the fields search looks at: its words and its label (core/entry-types.ts). */
const SEARCHED: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(ENTRY_TABLE as Record<string, TypeDef>).map(([t, d]) => [
    t,
    [...(d.words ?? []), ...(d.label ? [d.label] : [])],
  ]),
);

/** The text of a brain entry that search looks at (the fields a person would search for). */
export function entryText(e: Record<string, unknown>): string {
  const fields = typeof e.type === "string" ? SEARCHED.get(e.type) : undefined;
  if (!fields) return "";
  return fields
    .map((f) => e[f])
    .filter((v): v is string => typeof v === "string" && v !== "")
    .join(" ");
}

const code = (k: Kind) => KINDS.indexOf(k);
/** Kind code of a long turn's passage (an index-internal document, found as its turn). */
const PASSAGE = KINDS.length;
/** A passage's document id: its turn's id, "#", its number. */
const PASSAGE_MARK = "#";

/** Speakers that are roles, not people: never treated as names a query could mention. */
const ROLES = new Set(["user", "assistant", "system", "human", "ai", "bot", "model", "tool", "developer"]);

/** How many candidates the index hands to the ranking by default (far more than any budget can show). */
export const TOP_K = 2000;

function countTokens(text: string): number {
  let n = 0;
  for (const t of tokenize(text)) if (t) n++;
  return n;
}

/**
 * The lexical index (BM25, src/recall/bm25.ts) over every brain entry that carries text and episodes. Updated in place
 * as entries arrive, serialisable as a derived file. Speaker names are counted so a query that names a
 * speaker can be told apart from one that uses the name as a topic.
 */
export class RecallIndex {
  readonly bm25: Bm25;
  /** Index term of a speaker's name → number of episodes they spoke. */
  readonly speakers: Map<string, number>;

  constructor(bm25?: Bm25, speakers?: Map<string, number>) {
    this.bm25 = bm25 ?? new Bm25();
    this.speakers = speakers ?? new Map();
  }

  get size(): number {
    return this.bm25.live;
  }

  /** Share of the index taken by superseded documents (a rebuild reclaims them). */
  get deadRatio(): number {
    return this.bm25.dead / Math.max(1, this.bm25.size);
  }

  has(id: string): boolean {
    return this.bm25.has(id);
  }

  /** Index a brain entry of a searchable type (a newer version replaces the older one). */
  putEntry(rec: Rec): void {
    if (rec.type === "episode" || !isKind(rec.type)) return;
    const text = entryText(rec.entry);
    this.bm25.add({
      id: rec.id,
      text: terms(text),
      textLen: countTokens(text),
      ctx: [],
      ctxLen: 0,
      kind: code(rec.type),
    });
  }

  remove(id: string): void {
    this.bm25.remove(id);
  }

  /**
   * Index new episodes (already folded into `log`). A turn's context field holds its neighbours' text, so
   * the turn before a new one is re-indexed with its new neighbour.
   */
  putEpisodes(fresh: Rec[], log: EpisodeLog): void {
    const fix = new Set<string>();
    const isFresh = new Set(fresh.map((r) => r.id));
    for (const rec of fresh) {
      this.#putNew(rec, log);
      for (const n of log.neighbourInfo(rec.id, 1, 0)) if (!isFresh.has(n.id)) fix.add(n.id);
    }
    for (const id of fix) {
      const rec = log.get(id);
      if (rec) this.#putEpisode(rec, log);
    }
  }

  /** Index every episode of `log` (a rebuild), streaming: each turn's text is read, indexed and let go. */
  putAllEpisodes(log: EpisodeLog): void {
    for (const rec of log.all()) this.#putNew(rec, log);
  }

  #putNew(rec: Rec, log: EpisodeLog): void {
    this.#putEpisode(rec, log);
    this.#putPassages(rec);
    const speaker = String(rec.entry.speaker ?? "");
    if (ROLES.has(speaker.toLowerCase())) return;
    const sp = processTerm(firstName(speaker));
    if (sp) this.speakers.set(sp, (this.speakers.get(sp) ?? 0) + 1);
  }

  #putEpisode(rec: Rec, log: EpisodeLog): void {
    const e = rec.entry;
    const text = String(e.text ?? "");
    const ctx = log
      .neighbours(rec.id, 1, 1)
      .map((n) => String(n.entry.text ?? ""))
      .join(" ");
    const date = typeof e.date === "string" ? Date.parse(e.date) : Number.NaN;
    this.bm25.add({
      id: rec.id,
      text: terms(text),
      textLen: countTokens(text),
      ctx: terms(ctx),
      ctxLen: countTokens(ctx),
      kind: code("episode"),
      session: String(e.session ?? ""),
      speaker: String(e.speaker ?? "").toLowerCase(),
      date: Number.isNaN(date) ? undefined : date,
    });
  }

  /** A long turn's passages, each a document of its own pointing to the turn (its text never changes). */
  #putPassages(rec: Rec): void {
    const e = rec.entry;
    const date = typeof e.date === "string" ? Date.parse(e.date) : Number.NaN;
    passages(String(e.text ?? "")).forEach((p, i) => {
      this.bm25.add({
        id: `${rec.id}${PASSAGE_MARK}${i}`,
        text: terms(p),
        textLen: countTokens(p),
        ctx: [],
        ctxLen: 0,
        kind: PASSAGE,
        session: String(e.session ?? ""),
        speaker: String(e.speaker ?? "").toLowerCase(),
        date: Number.isNaN(date) ? undefined : date,
      });
    });
  }

  /** The `depth` best-matching documents of these kinds (default all) for the query terms, best first. */
  search(queryTerms: string[], kinds?: readonly Kind[], depth: number = TOP_K): IndexResult {
    const b = this.bm25;
    // 1: searched and counted; 2: searched, not counted (a passage stands for its turn).
    const allow = new Uint8Array(KINDS.length + 1);
    for (const k of kinds ?? KINDS) allow[code(k)] = 1;
    if (allow[code("episode")]) allow[PASSAGE] = 2;
    const r = b.search(queryTerms, depth, allow);
    const hits: Hit[] = [];
    const at = new Map<string, Hit>();
    for (const h of r.hits) {
      let id = b.docs.id(h.doc);
      const k = b.docs.kind(h.doc);
      const kind = k === PASSAGE ? "episode" : (KINDS[k] as Kind);
      if (kind === "episode") id = id.split(PASSAGE_MARK)[0] as string;
      // A turn is as relevant as its best passage (or itself as a whole); hits come best first.
      const seen = at.get(id);
      if (seen) {
        seen.matched = Math.max(seen.matched, h.matched);
        seen.mask |= h.mask;
        continue;
      }
      const hit: Hit = {
        id,
        kind,
        score: h.score,
        session: b.docs.session(h.doc),
        speaker: b.docs.speaker(h.doc),
        dateMs: b.docs.date(h.doc),
        matched: h.matched,
        mask: h.mask,
      };
      at.set(id, hit);
      hits.push(hit);
    }
    return { hits, terms: [...new Set(queryTerms)].slice(0, 32), total: r.total };
  }

  /** How much a query term tells (its inverse document frequency in entries' own text; 0 when unknown). */
  weight(term: string): number {
    const df = this.bm25.posting(term)?.dfT ?? 0;
    if (df === 0) return 0;
    const n = Math.max(1, this.bm25.live);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The mean length of documents' own text, in tokens (long messages make every word weigh less). */
  get meanLength(): number {
    return this.bm25.sumT / Math.max(1, this.bm25.live);
  }

  /** Like `weight`, but a term no document holds tells the most (what a relevance floor needs). */
  informativeness(term: string): number {
    const df = this.bm25.posting(term)?.dfT ?? 0;
    const n = Math.max(1, this.bm25.live);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }
}

/** First word of a speaker's name ("Caroline Smith" → "Caroline"): how people are named in questions. */
export function firstName(speaker: unknown): string {
  return String(speaker ?? "").split(/\s+/)[0] ?? "";
}
