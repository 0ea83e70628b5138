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

interface Posting {
  d: number[];
  t: number[];
  c: number[];
  /** Documents with the term in the text field, in the context field. */
  dfT: number;
  dfC: number;
}

const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;

export class Bm25 {
  ids: string[] = [];
  kind: number[] = [];
  session: (string | undefined)[] = [];
  speaker: (string | undefined)[] = [];
  date: (number | undefined)[] = [];
  lenT: number[] = [];
  lenC: number[] = [];
  alive: boolean[] = [];
  readonly byId = new Map<string, number>();
  post = new Map<string, Posting>();
  live = 0;
  dead = 0;
  sumT = 0;
  sumC = 0;
  #acc = new Float64Array(0);
  #any = new Uint32Array(0);
  #txt = new Uint32Array(0);

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(doc: Bm25Doc): void {
    this.remove(doc.id);
    const n = this.ids.length;
    this.ids.push(doc.id);
    this.kind.push(doc.kind);
    this.session.push(doc.session);
    this.speaker.push(doc.speaker);
    this.date.push(doc.date);
    this.lenT.push(doc.textLen);
    this.lenC.push(doc.ctxLen);
    this.alive.push(true);
    this.byId.set(doc.id, n);
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
      let p = this.post.get(term);
      if (!p) {
        p = { d: [], t: [], c: [], dfT: 0, dfC: 0 };
        this.post.set(term, p);
      }
      p.d.push(n);
      p.t.push(a);
      p.c.push(c);
      if (a > 0) p.dfT++;
      if (c > 0) p.dfC++;
    }
  }

  remove(id: string): void {
    const n = this.byId.get(id);
    if (n === undefined) return;
    this.byId.delete(id);
    this.alive[n] = false;
    this.live--;
    this.dead++;
    this.sumT -= this.lenT[n] as number;
    this.sumC -= this.lenC[n] as number;
  }

  /**
   * The `k` best live documents for these (distinct) query terms, best first; with `allow`, only documents
   * whose kind code is set in it (1: counted in `total`, 2: searched but not counted).
   */
  search(terms: string[], k: number, allow?: ArrayLike<number>): Bm25Result {
    const n = this.ids.length;
    if (this.#acc.length < n) {
      const size = Math.max(n, this.#acc.length * 2, 1024);
      this.#acc = new Float64Array(size);
      this.#any = new Uint32Array(size);
      this.#txt = new Uint32Array(size);
    }
    const acc = this.#acc;
    const any = this.#any;
    const txt = this.#txt;
    const N = Math.max(1, this.live);
    const avgT = this.sumT / N || 1;
    const avgC = this.sumC / N || 1;
    const touched: number[] = [];
    const list = [...new Set(terms)].slice(0, 32);
    list.forEach((term, qi) => {
      const p = this.post.get(term);
      if (!p) return;
      const { dfT, dfC } = p;
      const idfT = Math.log(1 + (N - dfT + 0.5) / (dfT + 0.5));
      const idfC = Math.log(1 + (N - dfC + 0.5) / (dfC + 0.5));
      const bit = 1 << qi;
      for (let i = 0; i < p.d.length; i++) {
        const d = p.d[i] as number;
        if (!this.alive[d] || (allow && !allow[this.kind[d] as number])) continue;
        let s = 0;
        const tt = p.t[i] as number;
        const tc = p.c[i] as number;
        if (tt > 0) {
          s += idfT * (DELTA + (tt * (K1 + 1)) / (tt + K1 * (1 - B + (B * (this.lenT[d] as number)) / avgT)));
          txt[d] = (txt[d] as number) | bit;
        }
        if (tc > 0)
          s += idfC * (DELTA + (tc * (K1 + 1)) / (tc + K1 * (1 - B + (B * (this.lenC[d] as number)) / avgC)));
        if (any[d] === 0) touched.push(d);
        any[d] = (any[d] as number) | bit;
        acc[d] = (acc[d] as number) + s;
      }
    });
    // Final scores in place; only documents at or above the k-th best become result objects.
    const scores = new Float64Array(touched.length);
    for (let i = 0; i < touched.length; i++) {
      const d = touched[i] as number;
      const v = (acc[d] as number) * popcount(any[d] as number);
      acc[d] = v;
      scores[i] = v;
    }
    let floor = Number.NEGATIVE_INFINITY;
    if (touched.length > k) {
      scores.sort();
      floor = scores[scores.length - k] as number;
    }
    const out: Bm25Hit[] = [];
    let total = 0;
    for (const d of touched) {
      const v = acc[d] as number;
      if (txt[d] !== 0 && (!allow || allow[this.kind[d] as number] === 1)) total++;
      const mask = txt[d] as number;
      if (v >= floor) out.push({ doc: d, score: v, matched: popcount(mask), mask });
      acc[d] = 0;
      any[d] = 0;
      txt[d] = 0;
    }
    out.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return { hits: out.length > k ? out.slice(0, k) : out, total };
  }

  toJSON(): unknown {
    const post: [string, number[], Counts, Counts][] = [];
    // Document numbers as gaps from the previous one (short numbers: the file stays below the log's size).
    for (const [term, p] of this.post)
      post.push([
        term,
        p.d.map((d, i) => (i === 0 ? d : d - (p.d[i - 1] as number))),
        digits(p.t),
        digits(p.c),
      ]);
    return {
      ids: this.ids,
      kind: this.kind.map((c) => String.fromCharCode(48 + c)).join(""),
      session: this.session.map((s) => s ?? null),
      speaker: this.speaker.map((s) => s ?? null),
      date: this.date.map((d) => d ?? null),
      lenT: this.lenT,
      lenC: this.lenC,
      alive: this.alive.map((a) => (a ? 1 : 0)).join(""),
      post,
    };
  }

  static fromJSON(j: Record<string, unknown>): Bm25 {
    const b = new Bm25();
    b.ids = j.ids as string[];
    b.kind = [...(j.kind as string)].map((c) => c.charCodeAt(0) - 48);
    b.session = (j.session as (string | null)[]).map((s) => s ?? undefined);
    b.speaker = (j.speaker as (string | null)[]).map((s) => s ?? undefined);
    b.date = (j.date as (number | null)[]).map((d) => d ?? undefined);
    b.lenT = j.lenT as number[];
    b.lenC = j.lenC as number[];
    b.alive = [...(j.alive as string)].map((c) => c === "1");
    for (const [term, d, tj, cj] of j.post as [string, number[], Counts, Counts][]) {
      const t = undigits(tj);
      const c = undigits(cj);
      for (let x = 1; x < d.length; x++) d[x] = (d[x] as number) + (d[x - 1] as number);
      let dfT = 0;
      let dfC = 0;
      for (let x = 0; x < d.length; x++) {
        if ((t[x] as number) > 0) dfT++;
        if ((c[x] as number) > 0) dfC++;
      }
      b.post.set(term, { d, t, c, dfT, dfC });
    }
    b.ids.forEach((id, n) => {
      if (b.alive[n]) {
        b.byId.set(id, n);
        b.live++;
        b.sumT += b.lenT[n] as number;
        b.sumC += b.lenC[n] as number;
      } else b.dead++;
    });
    if (b.kind.length !== b.ids.length || b.alive.length !== b.ids.length) throw new Error("corrupt index");
    return b;
  }
}

/** Term counts: a string of digits when all are below 10 (almost always), else the array. */
type Counts = string | number[];
const digits = (a: number[]): Counts => (a.every((v) => v < 10) ? a.join("") : a);
const undigits = (x: Counts): number[] => (typeof x === "string" ? Array.from(x, Number) : x);

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
