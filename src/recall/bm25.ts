import { Bm25Docs } from "./bm25-docs.ts";
import type { Bm25Parts } from "./bm25-parts.ts";
import { type MergeTerm, popcount, scoreByMerge, scoreByScatter } from "./bm25-score.ts";
import { kthLargest } from "./kth-largest.ts";
import { type Posting, storedPosting } from "./posting.ts";
import type { StoredIndex } from "./stored-index.ts";
/**
 * A compact BM25 inverted index with two fields (an entry's own text, and its context — an episode's
 * neighbouring turns) and top-k retrieval.
 *
 * Why not MiniSearch, which we started with and whose scoring this reproduces (BM25+ per field, k 1.2,
 * b 0.7, d 0.5, summed over fields, times the number of query terms matched): it materialises every
 * matching document as an object with its match details, so a three-word query on a 100k-entry brain
 * whose words are common took 60 ms at the median and 500 ms on 100k episodes (bench/recall-perf.ts). Here
 * postings are plain number arrays, scores accumulate in a reused Float64Array, and only the best `k`
 * documents are returned: the same query takes a few milliseconds.
 *
 * Postings loaded from the index file stay in three shared typed arrays (no array per term to allocate or
 * collect); what is added later goes to small per-term arrays beside them. An index loaded from its file is
 * read in place (stored-index.ts): a term joins `post` (its postings read from the file) when first asked for,
 * a document's id is decoded when a hit needs it (bm25-docs.ts), so a cold query pays for what it touches,
 * not for the whole index.
 *
 * Documents are added and removed in place (a removed document is skipped at query time; document
 * frequencies still count it until the next rebuild, as MiniSearch's do until it vacuums).
 */
export interface Bm25Doc {
  id: string;
  /** Index terms of the text field, and its raw token count (the length BM25 normalises by). */
  text: string[];
  textLen: number;
  ctx: string[];
  ctxLen: number;
  /** Small integer naming the document's kind (the caller's table); queries can be limited to some kinds. */
  kind: number;
  session?: string | undefined;
  speaker?: string | undefined;
  date?: number | undefined;
}

export interface Bm25Result {
  hits: Bm25Hit[];
  /** Live documents of the allowed kinds with at least one query term in their text field. */
  total: number;
}

export interface Bm25Hit {
  doc: number;
  score: number;
  /** Query terms found in the text field. */
  matched: number;
  /** Which: bit i set when the i-th distinct query term (of the first 32) is in the text field. */
  mask: number;
}

export { B, DELTA, K1 } from "./bm25-score.ts";
export type { Bm25Parts };

export class Bm25 {
  /** The documents: ids, kinds, sessions, speakers, dates, and the scoring records (bm25-docs.ts). */
  readonly docs: Bm25Docs;
  /** Postings of the terms met so far (a loaded index's terms join on first use: `posting`). */
  readonly post = new Map<string, Posting>();
  /** Postings loaded from the index file, shared by every term (see `Posting.start`). */
  shared: { pd: Uint32Array; pt: Uint8Array | Uint32Array; pc: Uint8Array | Uint32Array } = {
    pd: new Uint32Array(0),
    pt: new Uint8Array(0),
    pc: new Uint8Array(0),
  };
  live = 0;
  dead = 0;
  sumT = 0;
  sumC = 0;
  /** The index file read in place, whose terms are looked up on first use (null: every term is in `post`). */
  readonly #stored: StoredIndex | null;
  /** Terms the stored index was asked for and does not hold. */
  readonly #absent = new Set<string>();

  constructor(stored: StoredIndex | null = null) {
    this.#stored = stored;
    this.docs = new Bm25Docs(stored);
    if (stored) {
      this.shared = { pd: stored.pd, pt: stored.pt, pc: stored.pc };
      this.live = stored.live;
      this.dead = stored.dead;
      this.sumT = stored.sumT;
      this.sumC = stored.sumC;
    }
  }

  /** The index read in place from its file (src/recall/stored-index.ts): nothing decoded until a query asks. */
  static fromStored(stored: StoredIndex): Bm25 {
    return new Bm25(stored);
  }

  /** Documents ever added (live or superseded). */
  get size(): number {
    return this.docs.size;
  }

  has(id: string): boolean {
    return this.docs.byId().has(id);
  }

  /** A term's postings (undefined when no document has it). */
  posting(term: string): Posting | undefined {
    const p = this.post.get(term);
    if (p || !this.#stored || this.#absent.has(term)) return p;
    const s = this.#stored;
    const y = s.find(term);
    if (y < 0) {
      this.#absent.add(term);
      return undefined;
    }
    const from = s.start[y] as number;
    const to = s.start[y + 1] as number;
    if (to < from) throw new Error("corrupt index");
    s.read(from, to); // a file read a section at a time: this term's postings now (stored-index.ts)
    for (let i = from; i < to; i++) if ((s.pd[i] as number) >= s.n) throw new Error("corrupt index");
    const q = storedPosting(
      from,
      to,
      s.dfT[y] as number,
      s.dfC[y] as number,
      s.pd,
      s.pt,
      s.pc,
      s.hasOver(from, to) ? s.over : null,
    );
    this.post.set(term, q);
    return q;
  }

  /** Every term, a loaded index's included (what a save writes). */
  allTerms(): string[] {
    const s = this.#stored;
    if (!s) return [...this.post.keys()];
    s.readAll(); // every posting in one read, not term by term
    const out: string[] = [];
    for (let y = 0; y < s.T; y++) {
      const t = s.term(y);
      this.posting(t);
      out.push(t);
    }
    for (const t of this.post.keys()) if (s.find(t) < 0) out.push(t);
    return out;
  }

  add(doc: Bm25Doc): void {
    this.remove(doc.id);
    const n = this.docs.push({
      id: doc.id,
      kind: doc.kind,
      session: doc.session,
      speaker: doc.speaker,
      date: doc.date,
      lenT: doc.textLen,
      lenC: doc.ctxLen,
    });
    this.live++;
    this.sumT += doc.textLen;
    this.sumC += doc.ctxLen;
    const tf = new Map<string, [number, number]>();
    for (const t of doc.text) {
      const e = tf.get(t);
      if (e) e[0]++;
      else tf.set(t, [1, 0]);
    }
    for (const t of doc.ctx) {
      const e = tf.get(t);
      if (e) e[1]++;
      else tf.set(t, [0, 1]);
    }
    for (const [term, [a, c]] of tf) {
      let p = this.posting(term);
      if (!p) {
        p = { start: 0, n: 0, d: [], t: [], c: [], dfT: 0, dfC: 0 };
        this.post.set(term, p);
        this.#absent.delete(term);
      }
      p.d.push(n);
      p.t.push(a);
      p.c.push(c);
      if (a > 0) p.dfT++;
      if (c > 0) p.dfC++;
    }
  }

  remove(id: string): void {
    const n = this.docs.byId().get(id);
    if (n === undefined) return;
    this.docs.remove(n);
    this.live--;
    this.dead++;
    this.sumT -= this.docs.lenT(n);
    this.sumC -= this.docs.lenC(n);
  }

  /**
   * The `k` best live documents for these (distinct) query terms, best first; with `allow`, only documents
   * whose kind code is set in it (1: counted in `total`, 2: searched but not counted).
   */
  search(terms: string[], k: number, allow?: ArrayLike<number>): Bm25Result {
    const avg = this.averages();
    const list = this.queryTerms(terms);
    const table = this.docs.table;
    const got =
      scoreByMerge(list, this.shared, table, avg, allow, k) ??
      scoreByScatter(list, this.shared, table, avg, allow);
    // Only documents at or above the k-th best become result objects.
    const scores = got.scores.subarray(0, got.count);
    const floor = got.count > k ? kthLargest(scores, k) : Number.NEGATIVE_INFINITY;
    const out: Bm25Hit[] = [];
    for (let i = 0; i < got.count; i++) {
      const v = scores[i] as number;
      const mask = got.masks[i] as number;
      if (v >= floor) out.push({ doc: got.docs[i] as number, score: v, matched: popcount(mask), mask });
    }
    const sorted = bestFirst(out);
    return { hits: sorted.length > k ? sorted.slice(0, k) : sorted, total: got.total };
  }

  /** The distinct query terms (the first 32) the index holds: postings, bit, idf in each field. */
  queryTerms(terms: string[]): MergeTerm[] {
    const N = Math.max(1, this.live);
    const list: MergeTerm[] = [];
    [...new Set(terms)].slice(0, 32).forEach((term, qi) => {
      const p = this.posting(term);
      if (!p) return;
      const idfT = Math.log(1 + (N - p.dfT + 0.5) / (p.dfT + 0.5));
      const idfC = Math.log(1 + (N - p.dfC + 0.5) / (p.dfC + 0.5));
      list.push({ posting: p, bit: 1 << qi, idfT, idfC });
    });
    return list;
  }

  /** The mean length of the live documents' text and context fields (1 when none). */
  averages(): { t: number; c: number } {
    const N = Math.max(1, this.live);
    return { t: this.sumT / N || 1, c: this.sumC / N || 1 };
  }

  /** Everything the index file holds (src/recall/index-file.ts), postings term by term in one run each. */
  parts(): Bm25Parts {
    const terms = this.allTerms();
    let total = 0;
    for (const t of terms) {
      const p = this.post.get(t) as Posting;
      total += p.n + p.d.length;
    }
    const pd = new Uint32Array(total);
    const pt = new Uint32Array(total);
    const pc = new Uint32Array(total);
    const count = new Uint32Array(terms.length);
    let at = 0;
    terms.forEach((term, x) => {
      const p = this.post.get(term) as Posting;
      pd.set(this.shared.pd.subarray(p.start, p.start + p.n), at);
      pt.set(this.shared.pt.subarray(p.start, p.start + p.n), at);
      pc.set(this.shared.pc.subarray(p.start, p.start + p.n), at);
      at += p.n;
      pd.set(p.d, at);
      pt.set(p.t, at);
      pc.set(p.c, at);
      at += p.d.length;
      count[x] = p.n + p.d.length;
    });
    const docs = this.docs;
    const each = <T>(f: (d: number) => T): T[] => Array.from({ length: docs.size }, (_, d) => f(d));
    return {
      ids: each((d) => docs.id(d)),
      kind: each((d) => docs.kind(d)),
      session: each((d) => docs.session(d)),
      speaker: each((d) => docs.speaker(d)),
      date: each((d) => docs.date(d)),
      lenT: each((d) => docs.lenT(d)),
      lenC: each((d) => docs.lenC(d)),
      alive: each((d) => docs.alive(d)),
      terms,
      count,
      pd,
      pt,
      pc,
    };
  }

  /** The index the parts describe, decoded whole (shared postings kept as they are: no copy per term). */
  static fromParts(j: Bm25Parts): Bm25 {
    const b = new Bm25();
    const n = j.ids.length;
    const same = [j.kind, j.session, j.speaker, j.date, j.lenT, j.lenC, j.alive].every((a) => a.length === n);
    if (!same || j.count.length !== j.terms.length) throw new Error("corrupt index");
    b.docs.table.reserve(n);
    for (let d = 0; d < n; d++) {
      const alive = Boolean(j.alive[d]);
      const lenT = j.lenT[d] as number;
      const lenC = j.lenC[d] as number;
      const kind = j.kind[d] as number;
      const session = j.session[d];
      const speaker = j.speaker[d];
      const date = j.date[d];
      b.docs.push({ id: j.ids[d] as string, kind, session, speaker, date, lenT, lenC }, alive);
      if (alive) {
        b.live++;
        b.sumT += lenT;
        b.sumC += lenC;
      } else b.dead++;
    }
    const { pd, pt, pc } = j;
    if (pt.length !== pd.length || pc.length !== pd.length) throw new Error("corrupt index");
    b.shared = { pd, pt, pc };
    for (let i = 0; i < pd.length; i++) if ((pd[i] as number) >= n) throw new Error("corrupt index");
    const over = j.over ?? new Map<number, [number, number]>();
    let at = 0;
    j.terms.forEach((term, x) => {
      const len = j.count[x] as number;
      let dfT = 0;
      let dfC = 0;
      let big = false;
      for (let i = at; i < at + len; i++) {
        if ((pt[i] as number) > 0) dfT++;
        if ((pc[i] as number) > 0) dfC++;
        if (over.has(i)) big = true;
      }
      if (j.df && (j.df.text[x] !== dfT || j.df.ctx[x] !== dfC)) throw new Error("corrupt index");
      b.post.set(term, storedPosting(at, at + len, dfT, dfC, pd, pt, pc, big ? over : null));
      at += len;
    });
    if (at !== pd.length) throw new Error("corrupt index");
    return b;
  }
}

/**
 * Hits best first, ties by document number — the order of `(a, b) => b.score - a.score || a.doc - b.doc` —
 * through a native sort of the distinct scores: a cold process runs a comparator interpreted, and 2 000 hits
 * cost some 20 000 calls of it.
 */
function bestFirst(hits: Bm25Hit[]): Bm25Hit[] {
  const groups = new Map<number, Bm25Hit[]>();
  for (const h of hits) {
    const g = groups.get(h.score);
    if (g) g.push(h);
    else groups.set(h.score, [h]);
  }
  const scores = Float64Array.from(groups.keys()).sort();
  const out: Bm25Hit[] = [];
  for (let i = scores.length - 1; i >= 0; i--) {
    const g = groups.get(scores[i] as number) as Bm25Hit[];
    if (g.length > 1) g.sort((a, b) => a.doc - b.doc);
    for (const h of g) out.push(h);
  }
  return out;
}
