import type { Rec } from "../core/rec.ts";
import type { EpisodeLog } from "../store/episode-log.ts";
import { processTerm, terms, tokenize } from "./analyze.ts";
import { Bm25 } from "./bm25.ts";

/** Kinds of indexed entries: learning, preference, episode. */
export type Kind = "l" | "p" | "e";

export interface Hit {
  id: string;
  kind: Kind;
  score: number;
  session: string | undefined;
  speaker: string | undefined;
  dateMs: number | undefined;
  /** Query terms found in the entry's own text (not only in its neighbours). */
  matched: number;
}

/** Speakers that are roles, not people: never treated as names a query could mention. */
const ROLES = new Set(["user", "assistant", "system", "human", "ai", "bot", "model", "tool", "developer"]);

/** How many candidates the index hands to the ranking (far more than any budget can show). */
const TOP_K = 2000;

function countTokens(text: string): number {
  let n = 0;
  for (const t of tokenize(text)) if (t) n++;
  return n;
}

/**
 * The lexical index (BM25, src/recall/bm25.ts) over learnings, preferences and episodes. Updated in place
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
    return this.bm25.dead / Math.max(1, this.bm25.ids.length);
  }

  has(id: string): boolean {
    return this.bm25.has(id);
  }

  /** Index a learning or preference (a newer version replaces the older one). */
  putEntry(rec: Rec): void {
    const e = rec.entry;
    let text = typeof e.text === "string" ? e.text : "";
    if (rec.type === "preference" && typeof e.category === "string") text = `${text} ${e.category}`;
    if (rec.type !== "learning" && rec.type !== "preference") return;
    this.bm25.add({
      id: rec.id,
      text: terms(text),
      textLen: countTokens(text),
      ctx: [],
      ctxLen: 0,
      kind: rec.type === "learning" ? "l" : "p",
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
      this.#putEpisode(rec, log);
      for (const n of log.neighbours(rec.id, 1, 0)) if (!isFresh.has(n.id)) fix.add(n.id);
      const speaker = String(rec.entry.speaker ?? "");
      if (ROLES.has(speaker.toLowerCase())) continue;
      const sp = processTerm(firstName(speaker));
      if (sp) this.speakers.set(sp, (this.speakers.get(sp) ?? 0) + 1);
    }
    for (const id of fix) {
      const rec = log.byId.get(id);
      if (rec) this.#putEpisode(rec, log);
    }
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
      kind: "e",
      session: String(e.session ?? ""),
      speaker: String(e.speaker ?? "").toLowerCase(),
      date: Number.isNaN(date) ? undefined : date,
    });
  }

  /** The best-matching documents for these query terms (BM25 score > 0), best first. */
  search(queryTerms: string[]): Hit[] {
    const b = this.bm25;
    return b.search(queryTerms, TOP_K).map((h) => ({
      id: b.ids[h.doc] as string,
      kind: b.kind[h.doc] as Kind,
      score: h.score,
      session: b.session[h.doc],
      speaker: b.speaker[h.doc],
      dateMs: b.date[h.doc],
      matched: h.matched,
    }));
  }

  toJSON(): { speakers: [string, number][]; index: unknown } {
    return { speakers: [...this.speakers], index: this.bm25.toJSON() };
  }

  static fromJSON(json: { speakers: [string, number][]; index: unknown }): RecallIndex {
    return new RecallIndex(Bm25.fromJSON(json.index as Record<string, unknown>), new Map(json.speakers));
  }
}

/** First word of a speaker's name ("Caroline Smith" → "Caroline"): how people are named in questions. */
export function firstName(speaker: unknown): string {
  return String(speaker ?? "").split(/\s+/)[0] ?? "";
}
