/**
 * The SELECTION curator of seed 003 ("Composite Score Formula", "Quality Features"): composite =
 * scalar·0.35 + embedding·0.40 + novelty·0.25, the embedding share spread over the other two in proportion
 * while no embedding score is given; scalar is the TF-IDF distance once seeded from stored memories, else
 * the EMA-Gaussian surprise; novelty is the share of unseen character 4-grams; djb2 duplicates score 0.
 *
 * Issue 23: surprise measures novelty, not usefulness, and on a young brain (EMA-Gaussian mode, fewer than 5
 * memories) it never reaches 0.82, so nothing passed. A proposal carried by a content cue — an explicit
 * request, a standing rule, a correction that states how things are, a stated preference, or a model's
 * extraction — now passes on that cue (`cue` ≥ `cueFloor`, 0.7) in either mode; only duplicates stop it.
 * Surprise alone (a redirect, a repetition with no cue) still has to reach the threshold.
 */
import { charNgrams, tokenize } from "../tokens.ts";
import { FifoBag } from "./fifo.ts";
import { emptyGauss, FEATURES, type GaussState, gaussScore, gaussUpdate } from "./gaussian.ts";
import { duplicateKey } from "./hash.ts";
import { CAPS, type CuratorState, CuratorStateSchema } from "./state.ts";
import { Tfidf } from "./tfidf.ts";

export const DEFAULT_THRESHOLD = 0.82;
/** A content cue this strong passes without the surprise score (issue 23). */
export const DEFAULT_CUE_FLOOR = 0.7;
export const WEIGHTS = { scalar: 0.35, embedding: 0.4, novelty: 0.25 } as const;
export const NGRAM = 4;
/** Fewer stored memories than this leave the curator in EMA-Gaussian mode. */
export const MIN_SEED_TEXTS = 5;

/** An interaction (or a proposed memory: prompt "" and its text as the response); time is passed in. */
export interface CuratorItem {
  prompt: string;
  response: string;
  /** 0–23 and 0–6, in the user's time zone (the caller's clock). */
  hourOfDay: number;
  dayOfWeek: number;
  /** Surprise in [0, 1] from an embedding provider, when one is configured. */
  embeddingScore?: number;
  /** The confidence of the content cue behind the proposal (detectors' confidence, a model's importance). */
  cue?: number;
}

export interface Verdict {
  score: number;
  promoted: boolean;
  /** Why it passed: its content cue, or its surprise score. */
  by?: "cue" | "surprise";
  duplicate: boolean;
  mode: "tfidf" | "gaussian";
  parts: { scalar: number; novelty: number; embedding?: number };
}

export interface CuratorStats {
  mode: "tfidf" | "gaussian";
  threshold: number;
  seen: number;
  promoted: number;
  duplicates: number;
  promoteRate: number;
  centroidDim: number;
  recentHashes: number;
  ngramCache: number;
  gaussians: { feature: string; mean: number; sd: number }[];
}

/** The six scalar features of seed 003's EMA-Gaussian mode. */
export function features(item: CuratorItem): number[] {
  const toks = tokenize(`${item.prompt}\n${item.response}`);
  const diversity = toks.length === 0 ? 0 : new Set(toks).size / toks.length;
  const p = item.prompt.length;
  const r = item.response.length;
  return [p, r, p + r, diversity, item.hourOfDay, item.dayOfWeek];
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

export class Curator {
  private threshold = DEFAULT_THRESHOLD;
  private cueFloor = DEFAULT_CUE_FLOOR;
  private alpha = 0.05;
  private seen = 0;
  private promoted = 0;
  private duplicates = 0;
  private gauss: GaussState = emptyGauss();
  private tfidf: Tfidf | undefined;
  private hashes = new FifoBag<number>(CAPS.hashes);
  private ngrams = new FifoBag<string>(CAPS.ngrams);

  constructor(options: { threshold?: number; alpha?: number; cueFloor?: number } = {}) {
    if (options.threshold !== undefined) this.setThreshold(options.threshold);
    if (options.cueFloor !== undefined) this.cueFloor = options.cueFloor;
    if (options.alpha !== undefined) this.alpha = options.alpha;
  }

  /** TF-IDF mode from the stored memories (seed's initTfidfFromTexts + finalizeTfidf); few texts: no-op. */
  seed(texts: readonly string[]): void {
    if (texts.length < MIN_SEED_TEXTS) return;
    this.tfidf = Tfidf.seed(texts);
  }

  setThreshold(t: number): void {
    if (!(t >= 0 && t <= 1)) throw new RangeError(`curator threshold must be in [0, 1], got ${t}`);
    this.threshold = t;
  }

  get mode(): "tfidf" | "gaussian" {
    return this.tfidf ? "tfidf" : "gaussian";
  }

  /** Scores one item, records it, and says whether it is promoted. */
  evaluate(item: CuratorItem): Verdict {
    this.seen++;
    const mode = this.mode;
    const text = `${item.prompt}\n${item.response}`;
    const key = duplicateKey(text);
    if (key === undefined || this.hashes.has(key)) {
      if (key !== undefined) this.duplicates++;
      return {
        score: 0,
        promoted: false,
        duplicate: key !== undefined,
        mode,
        parts: { scalar: 0, novelty: 0 },
      };
    }
    this.hashes.push(key);

    const x = features(item);
    const scalar = this.tfidf ? this.tfidf.distance(text) : gaussScore(this.gauss, x);
    this.gauss = gaussUpdate(this.gauss, x, this.alpha);

    const grams = charNgrams(text, NGRAM);
    let fresh = 0;
    for (const g of grams) if (!this.ngrams.has(g)) fresh++;
    const novelty = grams.size === 0 ? 0 : fresh / grams.size;
    for (const g of grams) this.ngrams.push(g);

    const emb = item.embeddingScore === undefined ? undefined : clamp01(item.embeddingScore);
    const score =
      emb === undefined
        ? (WEIGHTS.scalar * scalar + WEIGHTS.novelty * novelty) / (WEIGHTS.scalar + WEIGHTS.novelty)
        : WEIGHTS.scalar * scalar + WEIGHTS.embedding * emb + WEIGHTS.novelty * novelty;
    const byCue = (item.cue ?? 0) >= this.cueFloor;
    const promoted = byCue || score >= this.threshold;
    if (promoted) {
      this.promoted++;
      this.tfidf?.addText(text);
    }
    const parts = emb === undefined ? { scalar, novelty } : { scalar, novelty, embedding: emb };
    return {
      score: clamp01(score),
      promoted,
      ...(promoted ? { by: byCue ? ("cue" as const) : ("surprise" as const) } : {}),
      duplicate: false,
      mode,
      parts,
    };
  }

  stats(): CuratorStats {
    return {
      mode: this.mode,
      threshold: this.threshold,
      seen: this.seen,
      promoted: this.promoted,
      duplicates: this.duplicates,
      promoteRate: this.seen === 0 ? 0 : this.promoted / this.seen,
      centroidDim: this.tfidf?.dimensions ?? 0,
      recentHashes: this.hashes.size,
      ngramCache: this.ngrams.size,
      gaussians: FEATURES.map((feature, i) => ({
        feature,
        mean: this.gauss.mean[i] ?? 0,
        sd: Math.sqrt(this.gauss.variance[i] ?? 0),
      })),
    };
  }

  toJSON(): CuratorState {
    return {
      version: 1,
      threshold: this.threshold,
      alpha: this.alpha,
      seen: this.seen,
      promoted: this.promoted,
      duplicates: this.duplicates,
      gauss: { n: this.gauss.n, mean: [...this.gauss.mean], variance: [...this.gauss.variance] },
      tfidf: this.tfidf ? this.tfidf.toState() : null,
      hashes: this.hashes.toArray(),
      ngrams: this.ngrams.toArray(),
    };
  }

  /** Restores a curator from `toJSON()` output (parsed JSON); throws on a state that does not validate. */
  static fromJSON(json: unknown): Curator {
    const s = CuratorStateSchema.parse(json);
    const c = new Curator({ threshold: s.threshold, alpha: s.alpha });
    c.seen = s.seen;
    c.promoted = s.promoted;
    c.duplicates = s.duplicates;
    c.gauss = { n: s.gauss.n, mean: [...s.gauss.mean], variance: [...s.gauss.variance] };
    c.tfidf = s.tfidf ? Tfidf.fromState(s.tfidf) : undefined;
    c.hashes = FifoBag.from(CAPS.hashes, s.hashes);
    c.ngrams = FifoBag.from(CAPS.ngrams, s.ngrams);
    return c;
  }
}
