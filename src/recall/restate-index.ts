import { BOILERPLATE_WEIGHT } from "./preview.ts";
import { MIN_SENTENCE_TERMS, MIN_SHARED } from "./sentence-terms.ts";

/**
 * The sentences of many turns (a query's pool, restatements.ts) indexed by term, to tell which turns restate a
 * key sentence without comparing the key with every sentence of every turn: the same answer as `restates`
 * (sentence-terms.ts) for each turn, found by counting shared terms through the postings of the key's terms and
 * weighing only the sentences sharing MIN_SHARED of them — the rest of a prompt's comparisons were most of its
 * time in a large brain. The weighing is `restates`' own, term for term in the same order (identical sums).
 */
export class RestateIndex {
  readonly #sentences: ReadonlySet<string>[] = [];
  /** The turn (its index in the list given) each sentence belongs to. */
  readonly #owner: number[] = [];
  /** Each sentence's terms and their weights in its own order, and their sum, computed when first needed. */
  readonly #terms: (string[] | undefined)[] = [];
  readonly #weights: number[][] = [];
  readonly #own: number[] = [];
  readonly #postings = new Map<string, number[]>();
  readonly #count: Int32Array;
  readonly #weight: (term: string) => number;
  readonly #floor: number;

  constructor(
    turns: readonly (readonly ReadonlySet<string>[])[],
    weight: (term: string) => number,
    floor = BOILERPLATE_WEIGHT,
  ) {
    this.#weight = weight;
    this.#floor = floor;
    turns.forEach((sentences, owner) => {
      for (const s of sentences) {
        // `restates` never looks at a sentence this short.
        if (s.size < MIN_SENTENCE_TERMS) continue;
        const at = this.#sentences.length;
        this.#sentences.push(s);
        this.#owner.push(owner);
        this.#terms.push(undefined);
        for (const t of s) {
          const p = this.#postings.get(t);
          if (p) p.push(at);
          else this.#postings.set(t, [at]);
        }
      }
    });
    this.#count = new Int32Array(this.#sentences.length);
  }

  /**
   * The turns among those `wanted` (by index) with a sentence restating one of `keys` (`restates(keys,
   * sentences, min, weight)` for each).
   */
  restating(
    keys: readonly ReadonlySet<string>[],
    min: number,
    wanted: (turn: number) => boolean,
  ): Set<number> {
    const found = new Set<number>();
    const count = this.#count;
    const touched: number[] = [];
    for (const key of keys) {
      for (const t of key) {
        const p = this.#postings.get(t);
        if (!p) continue;
        for (const at of p) {
          const c = (count[at] as number) + 1;
          count[at] = c;
          if (c === 1) touched.push(at);
        }
      }
      let keyWeight = -1;
      for (const at of touched) {
        const both = count[at] as number;
        count[at] = 0;
        if (both < MIN_SHARED) continue;
        const owner = this.#owner[at] as number;
        if (found.has(owner) || !wanted(owner)) continue;
        if (keyWeight < 0) {
          keyWeight = 0;
          for (const t of key) keyWeight += this.#weight(t);
        }
        if (this.#restates(at, key, both, keyWeight, min)) found.add(owner);
      }
      touched.length = 0;
    }
    return found;
  }

  /** `restatesOne`'s weighing of sentence `at` against `key` (sharing `both` terms), in its order. */
  #restates(at: number, key: ReadonlySet<string>, both: number, keyWeight: number, min: number): boolean {
    let terms = this.#terms[at];
    if (!terms) {
      terms = [...(this.#sentences[at] as ReadonlySet<string>)];
      const weights = terms.map((t) => this.#weight(t));
      let sum = 0;
      for (const w of weights) sum += w;
      this.#terms[at] = terms;
      this.#weights[at] = weights;
      this.#own[at] = sum;
    }
    const weights = this.#weights[at] as number[];
    const own = this.#own[at] as number;
    let shared = 0;
    for (let j = 0; j < terms.length; j++) if (key.has(terms[j] as string)) shared += weights[j] as number;
    if (shared / both < this.#floor) return false;
    return keyWeight + own > 0 && (2 * shared) / (keyWeight + own) >= min;
  }
}
