import MiniSearch, { type Options, type SearchResult } from "minisearch";
import type { Rec } from "../core/rec.ts";
import type { EpisodeLog } from "../store/episode-log.ts";
import { processTerm, tokenize } from "./analyze.ts";

/** Kinds of indexed entries: learning, preference, episode. */
export type Kind = "l" | "p" | "e";

interface Doc {
  id: string;
  /** The entry's own text (an episode's turn, with its image caption). */
  text: string;
  /** An episode's neighbouring turns in its session: a reply often answers in words the question used. */
  ctx: string;
  k: Kind;
  /** Episode session and speaker (lower-cased), for session and speaker signals at query time. */
  s?: string;
  sp?: string;
  /** Episode date, epoch ms. */
  d?: number;
}

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

const OPTIONS: Options<Doc> = {
  idField: "id",
  fields: ["text", "ctx"],
  storeFields: ["k", "s", "sp", "d"],
  tokenize,
  processTerm,
  searchOptions: { tokenize, processTerm, boost: { text: 1, ctx: 1 } },
  // Vacuuming runs on a timer; a CLI process that exits (or a test) must not wait for one.
  autoVacuum: false,
};

/**
 * The lexical index (BM25, via MiniSearch) over learnings, preferences and episodes. Updated in place as
 * entries arrive (add / discard), serialisable as a derived file. Speaker names are counted so a query that
 * names a speaker can be told apart from one that uses the name as a topic.
 */
export class RecallIndex {
  readonly ms: MiniSearch<Doc>;
  /** Index term of a speaker's name → number of episodes they spoke. */
  readonly speakers: Map<string, number>;
  #dirt = 0;

  constructor(ms?: MiniSearch<Doc>, speakers?: Map<string, number>) {
    this.ms = ms ?? new MiniSearch<Doc>(OPTIONS);
    this.speakers = speakers ?? new Map();
  }

  get size(): number {
    return this.ms.documentCount;
  }

  has(id: string): boolean {
    return this.ms.has(id);
  }

  #put(doc: Doc): void {
    if (this.ms.has(doc.id)) {
      this.ms.discard(doc.id);
      this.#dirt++;
    }
    this.ms.add(doc);
  }

  /** Index a learning or preference (a newer version replaces the older one). */
  putEntry(rec: Rec): void {
    const e = rec.entry;
    const text = typeof e.text === "string" ? e.text : "";
    if (rec.type === "learning") this.#put({ id: rec.id, text, ctx: "", k: "l" });
    else if (rec.type === "preference") {
      const cat = typeof e.category === "string" ? e.category : "";
      this.#put({ id: rec.id, text: `${text} ${cat}`, ctx: "", k: "p" });
    }
  }

  remove(id: string): void {
    if (this.ms.has(id)) {
      this.ms.discard(id);
      this.#dirt++;
    }
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
      const sp = processTerm(firstName(rec.entry.speaker));
      if (sp) this.speakers.set(sp, (this.speakers.get(sp) ?? 0) + 1);
    }
    for (const id of fix) {
      const rec = log.byId.get(id);
      if (rec) this.#putEpisode(rec, log);
    }
    if (this.#dirt > 1000 && this.#dirt > this.size / 10) {
      void this.ms.vacuum();
      this.#dirt = 0;
    }
  }

  #putEpisode(rec: Rec, log: EpisodeLog): void {
    const e = rec.entry;
    const ctx = log
      .neighbours(rec.id, 1, 1)
      .map((n) => String(n.entry.text ?? ""))
      .join(" ");
    const date = typeof e.date === "string" ? Date.parse(e.date) : Number.NaN;
    this.#put({
      id: rec.id,
      text: String(e.text ?? ""),
      ctx,
      k: "e",
      s: String(e.session ?? ""),
      sp: String(e.speaker ?? "").toLowerCase(),
      ...(Number.isNaN(date) ? {} : { d: date }),
    });
  }

  /** Every document matching any query term, with its BM25 score; `mute` terms count for nothing. */
  search(query: string, mute: ReadonlySet<string> = new Set()): Hit[] {
    const opts = mute.size ? { boostTerm: (t: string) => (mute.has(t) ? 0 : 1) } : {};
    const res: SearchResult[] = this.ms.search(query, { combineWith: "OR", ...opts });
    const out: Hit[] = [];
    for (const r of res) {
      if (!(r.score > 0)) continue;
      out.push({
        id: r.id as string,
        kind: r.k as Kind,
        score: r.score,
        session: r.s as string | undefined,
        speaker: r.sp as string | undefined,
        dateMs: r.d as number | undefined,
        matched: Object.values(r.match).filter((f) => f.includes("text")).length,
      });
    }
    return out;
  }

  toJSON(): { speakers: [string, number][]; index: unknown } {
    return { speakers: [...this.speakers], index: this.ms.toJSON() };
  }

  static fromJSON(json: { speakers: [string, number][]; index: unknown }): RecallIndex {
    const ms = MiniSearch.loadJS<Doc>(json.index as never, OPTIONS);
    return new RecallIndex(ms, new Map(json.speakers));
  }
}

/** First word of a speaker's name ("Caroline Smith" → "Caroline"): how people are named in questions. */
export function firstName(speaker: unknown): string {
  return String(speaker ?? "").split(/\s+/)[0] ?? "";
}
