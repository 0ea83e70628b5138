import type { FoldState } from "../../core/fold.ts";
import type { EpisodeLog } from "../../store/episode-log.ts";
import type { Ranked } from "../rank.ts";
import type { Kind } from "../types.ts";
import type { EmbeddingsConfig } from "./config.ts";
import { reciprocalRankFusion } from "./fuse.ts";
import { type Embedder, httpEmbedder } from "./provider.ts";
import { readVectors, textHash, vectorsPath, writeVectors } from "./vectors-file.ts";

/** Texts sent per request. */
const BATCH = 64;
/** Longest text embedded (embedding models read a few hundred tokens; the rest would be cut by the server). */
const MAX_CHARS = 4000;
/** How many of the nearest documents join the fusion. */
const NEAREST = 100;
/** Queries that skip the embedder after it failed (so a dead server does not slow every query). */
const BACK_OFF = 20;

interface Doc {
  id: string;
  kind: Kind;
  text: string;
}

function* documents(state: FoldState, episodes: EpisodeLog): Generator<Doc> {
  for (const r of state.arrays.learning.values())
    yield { id: r.id, kind: "learning", text: String(r.entry.text ?? "") };
  for (const r of episodes.byId.values()) {
    const speaker = typeof r.entry.speaker === "string" && r.entry.speaker ? `${r.entry.speaker}: ` : "";
    yield { id: r.id, kind: "episode", text: `${speaker}${String(r.entry.text ?? "")}` };
  }
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  return v.map((x) => x / n);
}

/**
 * Meaning-based matching, fused with the lexical ranking by reciprocal rank (fuse.ts). Every learning and
 * episode gets a vector (embedded once, kept in the vectors file beside the recall index); a query's
 * nearest documents join the lexical ranking, so evidence that shares no word with the question can be
 * recalled. Any failure of the embedder leaves the lexical ranking as it is and is reported in `problem`.
 */
export class SemanticFusion {
  /** Why the last query used the lexical ranking alone (null when fusion worked). */
  problem: string | null = null;
  readonly #embedder: Embedder;
  readonly #file: string | null;
  readonly #logs: string[];
  #vectors = new Map<string, { hash: string; v: Float32Array }>();
  #loaded = false;
  #skip = 0;

  constructor(embedder: Embedder, paths: { brain: string; episodes: string } | null) {
    this.#embedder = embedder;
    this.#file = paths ? vectorsPath(paths.brain) : null;
    this.#logs = paths ? [paths.brain, paths.episodes] : [];
  }

  static fromConfig(c: EmbeddingsConfig, paths: { brain: string; episodes: string } | null): SemanticFusion {
    return new SemanticFusion(httpEmbedder(c), paths);
  }

  fuse(lexical: Ranked[], query: string, state: FoldState, episodes: EpisodeLog): Ranked[] {
    if (this.#skip > 0) {
      this.#skip--;
      return lexical;
    }
    this.problem = null;
    try {
      const docs = [...documents(state, episodes)];
      this.#update(docs);
      const [q] = this.#embedder.embed([query.slice(0, MAX_CHARS)]);
      const qv = unit(q as Float32Array);
      const near: { id: string; s: number }[] = [];
      for (const d of docs) {
        const v = this.#vectors.get(d.id)?.v;
        if (!v || v.length !== qv.length) continue;
        let s = 0;
        for (let i = 0; i < v.length; i++) s += (v[i] as number) * (qv[i] as number);
        near.push({ id: d.id, s });
      }
      near.sort((a, b) => b.s - a.s);
      const kind = new Map<string, Kind>(lexical.map((r) => [r.id, r.kind]));
      for (const d of docs) if (!kind.has(d.id)) kind.set(d.id, d.kind);
      const fused = reciprocalRankFusion([lexical.map((r) => r.id), near.slice(0, NEAREST).map((n) => n.id)]);
      return fused.map((f) => ({ id: f.id, kind: kind.get(f.id) ?? "episode", score: f.score }));
    } catch (e) {
      this.problem = `embeddings unavailable, lexical ranking only: ${(e as Error).message}`;
      this.#skip = BACK_OFF;
      return lexical;
    }
  }

  /** Load the vectors file once, embed the documents that have no vector for their current text, save. */
  #update(docs: Doc[]): void {
    if (!this.#loaded && this.#file) {
      const f = readVectors(this.#file, this.#embedder.id, this.#logs);
      f?.ids.forEach((id, i) => {
        const v = (f.data as Float32Array).subarray(i * f.dims, (i + 1) * f.dims);
        this.#vectors.set(id, { hash: f.hashes[i] as string, v });
      });
    }
    this.#loaded = true;
    const missing = docs
      .map((d) => ({ d, hash: textHash(d.text.slice(0, MAX_CHARS)) }))
      .filter(({ d, hash }) => this.#vectors.get(d.id)?.hash !== hash);
    if (missing.length === 0) return;
    for (let i = 0; i < missing.length; i += BATCH) {
      const part = missing.slice(i, i + BATCH);
      const vs = this.#embedder.embed(part.map(({ d }) => d.text.slice(0, MAX_CHARS)));
      part.forEach(({ d, hash }, j) => {
        this.#vectors.set(d.id, { hash, v: unit(vs[j] as Float32Array) });
      });
    }
    this.#save(docs);
  }

  #save(docs: Doc[]): void {
    if (!this.#file) return;
    const kept = docs.filter((d) => this.#vectors.has(d.id));
    const dims = this.#vectors.get(kept[0]?.id ?? "")?.v.length ?? 0;
    const same = kept.filter((d) => this.#vectors.get(d.id)?.v.length === dims);
    const data = new Float32Array(same.length * dims);
    same.forEach((d, i) => {
      data.set(this.#vectors.get(d.id)?.v as Float32Array, i * dims);
    });
    try {
      writeVectors(
        this.#file,
        {
          embedder: this.#embedder.id,
          dims,
          ids: same.map((d) => d.id),
          hashes: same.map((d) => this.#vectors.get(d.id)?.hash as string),
          data,
        },
        this.#logs,
      );
    } catch (e) {
      this.problem = `could not save ${this.#file}: ${(e as Error).message}`;
    }
  }
}
