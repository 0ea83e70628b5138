import * as fs from "node:fs";
import type { FoldState } from "../core/fold.ts";
import type { BadLine } from "../core/health.ts";
import { isInside } from "../core/inside.ts";
import type { Rec } from "../core/rec.ts";
import { worthSaving } from "../core/save-policy.ts";
import { IMPORTANCE_POINTS, importancePoints, MAX_SCORE, scoreRec } from "../core/score.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import type { EpisodeLog } from "../store/episode-log.ts";
import { type DerivedFiles, type EventStore, START } from "../store/event-store.ts";
import { derivedPath, type LogFingerprint } from "../store/jsonl/log-identity.ts";
import type { Position, ScanSink } from "../store/scan.ts";
import { processTerm, queryDates, terms } from "./analyze.ts";
import type { SemanticFusion } from "./embeddings/semantic.ts";
import { firstName, type Hit, RecallIndex } from "./index.ts";
import { encodeIndex, INDEX_FILE_VERSION } from "./index-file.ts";
import { loadIndexFile } from "./index-load.ts";
import { mentionInfoOf } from "./mention-info-of.ts";
import { arrangeMentions, reachTuning } from "./mentions.ts";
import { newestFirst } from "./present-order.ts";
import { alternativesOf, asksAboutNow, asksForMany } from "./query-shape.ts";
import { type Ranked, rank } from "./rank.ts";
import { bitsOf, commonFloor } from "./sentence-terms.ts";
import { type Kind, type Recalled, SEARCH_TYPES } from "./types.ts";
import { rerankByWindow } from "./window-rerank.ts";

/** How many episodes a restatement look-up (mentions.ts) takes from the index. */
const RESTATEMENT_DEPTH = 20;

const INDEXED: ReadonlySet<string> = new Set([...SEARCH_TYPES, "tombstone"]);

export interface RecallQuery {
  /** Only these kinds (default: all). */
  kinds?: readonly Kind[];
  /** Working directory and time, for a learning's recency and scope prior. */
  cwd: string;
  nowMs: number;
  /** How many of the best lexical matches are ranked (default: the index's TOP_K). */
  depth?: number;
  /** How far down the ranking the caller reads (SearchOptions.reach): the mentions' arrangement works on that many. */
  reach?: number;
  /** A stage after the lexical ranking (the association graph's expansion, src/graph/expand.ts). */
  expand?: (ranked: Ranked[], terms: readonly string[]) => Ranked[];
}

export interface RecallResult {
  recalled: Recalled[];
  /** Entries of the asked kinds whose own text holds a query term. */
  total: number;
}

/**
 * Keeps the recall index in step with the two logs (brain.jsonl for learnings and preferences,
 * episodes.jsonl for episodes) and persists it as a derived file, `.brain/<log>.recall.bin`
 * (src/recall/index-file.ts; the JSON file of version 5, `.recall.json`, is removed when it is written).
 *
 * The file records, for each log, the byte offset it covers and a fingerprint of the log at that offset
 * (inode, hashes of the 4 KiB at each end). On load a log that grew is caught up incrementally — only the
 * appended tail is read and indexed; a log that was truncated, replaced or edited (a fingerprint mismatch),
 * or an unreadable file (truncated, corrupted: its body's hash differs), means a rebuild from the folded
 * state. Deleting the file costs only time.
 */
/** 9: read in place (index-file.ts). 8: per-term document frequencies stored, the hash covers the header too (index-file.ts). 7: irregular past forms indexed as their verb (analyze.ts). 6: binary (index-file.ts). 5: every searchable type, spelled-out kinds, passages (JSON). */
const VERSION = INDEX_FILE_VERSION;
/** Save after at most this many documents were indexed since the last save (core/save-policy.ts). */
const SAVE_AFTER = 500;

type Check = LogFingerprint;
/** The kinds looked up by id in the fold (the others are episodes, or found by `state.find`). */
type ByIdKind = Exclude<Kind, "episode" | "identity" | "user">;
const INDEX_KIND = "recall.bin";
/** The stamp remembering that the index file matched its hash, with the file's stat (file-check.ts). */
export const CHECKED_KIND = "recall.checked";
/** The index file of version 5 and before, removed once the binary one is written. */
const OLD_INDEX_KIND = "recall.json";

export function recallIndexPath(logPath: string): string {
  return derivedPath(logPath, INDEX_KIND);
}

/** Fingerprint of a log up to `offset` if it is still generation `builtFrom` (see DerivedFiles). */
function fingerprint(
  files: DerivedFiles | null,
  offset: number,
  builtFrom: string | undefined,
): Check | null {
  return files && offset > 0 && builtFrom !== undefined ? files.fingerprint(offset, builtFrom) : null;
}

/** Collects what the index needs from the brain.jsonl tail: searchable entries and tombstones. */
class TailSink implements ScanSink {
  readonly recs: Rec[] = [];
  rec(rec: Rec): void {
    if (INDEXED.has(rec.type)) this.recs.push(rec);
  }
  bad(_b: BadLine): void {}
  unknownType(): void {}
  warning(): void {}
}

export type IndexStatus = "none" | "loaded" | `rebuilt (${string})`;

export class Recall {
  readonly episodes: EpisodeLog;
  readonly #brain: EventStore;
  readonly #brainFiles: DerivedFiles | null;
  readonly #episodeFiles: DerivedFiles | null;
  readonly #indexPath: string | null;
  #index: RecallIndex | null = null;
  #brainMark: Position = START;
  #episodeMark: Position = START;
  #unsaved = 0;
  #brainGeneration: string | undefined;
  #episodesGeneration: string | undefined;
  status: IndexStatus = "none";
  /** Meaning-based matching fused into the ranking, when embeddings are configured (src/recall/embeddings/). */
  semantic: SemanticFusion | null = null;

  /** `files`: the two logs' derived files, where the index is kept; null keeps it in memory only. */
  constructor(
    brain: EventStore,
    episodes: EpisodeLog,
    files: { brain: DerivedFiles; episodes: DerivedFiles } | null,
    /** A long-lived process: the index file read whole and closed (stored-index.ts `wholeFile`). */
    private readonly resident = false,
  ) {
    this.#brain = brain;
    this.episodes = episodes;
    this.#brainFiles = files?.brain ?? null;
    this.#episodeFiles = files?.episodes ?? null;
    this.#indexPath = files ? files.brain.path(INDEX_KIND) : null;
  }

  get indexPath(): string | null {
    return this.#indexPath;
  }

  /** The index, covering everything appended to either log so far (loading or rebuilding it first). */
  sync(state: FoldState, brainPos: Position): RecallIndex {
    this.episodes.refresh();
    const id = this.#brain.identity();
    if (
      this.#index &&
      ((this.#brainGeneration !== undefined && id.generation !== this.#brainGeneration) ||
        id.size < this.#brainMark.offset)
    ) {
      this.#index = null; // brain.jsonl was replaced (compaction, restore): start over
    }
    this.#brainGeneration = id.generation;
    this.#episodesGeneration = this.episodes.store.identity().generation;
    if (!this.#index) {
      const why = this.#load();
      if (why !== null) {
        this.#rebuild(state, brainPos, why);
        return this.#index as unknown as RecallIndex;
      }
    }
    if (this.episodes.lastForgetLine > this.#episodeMark.line) {
      // Episodes were forgotten since it was built: their text (and their neighbours' context) must go.
      this.#rebuild(state, brainPos, "forgotten episodes");
      return this.#index as unknown as RecallIndex;
    }
    const index = this.#index as RecallIndex;
    // brain.jsonl: index the tail appended since the index last looked.
    if (id.size > this.#brainMark.offset) {
      const sink = new TailSink();
      const r = this.#brain.scan(this.#brainMark, sink);
      this.#brainMark = r.end;
      for (const rec of sink.recs) {
        if (rec.type === "tombstone") index.remove(String(rec.entry.target_id ?? ""));
        else index.putEntry(rec);
      }
      this.#unsaved += sink.recs.length;
    }
    const newer = this.episodes.since(this.#episodeMark.line);
    if (newer.length) {
      index.putEpisodes(newer, this.episodes);
      this.#unsaved += newer.length;
    }
    this.#episodeMark = this.episodes.position;
    if (index.deadRatio > 0.5 && index.size > 1000) {
      this.#rebuild(state, brainPos, "superseded documents");
      return this.#index as unknown as RecallIndex;
    }
    return index;
  }

  /**
   * Entries ranked by relevance to `query` (see rank.ts), best first; entries removed or superseded since
   * they were indexed are dropped. `matched` is the share of the query's terms the entry's own text
   * contains (0–1).
   */
  query(state: FoldState, brainPos: Position, query: string, q: RecallQuery): RecallResult {
    const index = this.sync(state, brainPos);
    const qterms = [...new Set(terms(query))];
    if (qterms.length === 0) return { recalled: [], total: 0 };
    const named = new Set(qterms.filter((t) => index.speakers.has(t)));
    // A named speaker says who, not what: the name counts only when the query has nothing else.
    const mute = named.size > 0 && qterms.some((t) => !named.has(t)) ? named : new Set<string>();
    const {
      hits,
      total,
      terms: searched,
    } = index.search(
      qterms.filter((t) => !mute.has(t)),
      q.kinds,
      q.depth,
    );
    const wantEpisodes = !q.kinds || q.kinds.includes("episode");
    prefetch(state, hits);
    const lexical = rank({
      hits,
      named,
      dates: wantEpisodes ? queryDates(query) : [],
      neighbours: (id) => (wantEpisodes ? this.episodes.neighbourInfo(id) : []),
      between: (from, to) => this.episodes.between(from, to),
      prior: (id, kind) => {
        if (kind === "preference") {
          const r = state.get("preference", id);
          return r ? 0.5 + importancePoints(r.flags) / (2 * IMPORTANCE_POINTS.high) : 0.5;
        }
        if (kind === "episode") return episodePrior(this.episodes.projectOf(id) || undefined, q.cwd);
        if (kind !== "learning") return 0.5;
        const r = state.get("learning", id);
        return r ? scoreRec(r, q.cwd, q.nowMs) / MAX_SCORE : 0;
      },
      speakerTerm: (sp) => processTerm(firstName(sp)),
    });
    const widened = q.expand ? q.expand(lexical, qterms) : lexical;
    const semantic = this.semantic ? this.semantic.fuse(widened, query, state, this.episodes) : widened;
    // The arrangement weighs the same few thousand terms many times a query: each looked up in the index once.
    const weight = memoWeight(index);
    const wanted = new Map(searched.map((t) => [t, weight(t)]));
    const fused = wantEpisodes
      ? rerankByWindow(semantic, (id) => this.episodes.get(id)?.entry.text as string | undefined, wanted)
      : semantic;
    const { ranked, earlier } = wantEpisodes
      ? arrangeMentions(
          fused,
          mentionInfoOf(hits, searched, weight, this.episodes),
          {
            aggregate: asksForMany(query),
            alternatives: alternativesOf(query).map((a) => bitsOf(terms(a), searched)),
            lookup: (ts) => index.search(ts, ["episode"], RESTATEMENT_DEPTH).hits.map((h) => h.id),
            weight,
            floor: commonFloor(index.meanLength),
          },
          reachTuning(q.reach),
        )
      : { ranked: fused, earlier: new Map<string, number>() };
    // A question about the present: the first lines newest first (present-order.ts).
    const shown =
      wantEpisodes && asksAboutNow(query)
        ? newestFirst(ranked, (r) => this.episodes.get(r.id)?.entry)
        : ranked;
    const matched = new Map(hits.map((h) => [h.id, h.matched]));
    const counted = Math.max(1, qterms.length - mute.size);
    const recalled: Recalled[] = [];
    for (const r of shown) {
      const rec = this.#lookup(state, r.kind, r.id);
      if (!rec) continue;
      const later = earlier.get(r.id);
      recalled.push({
        rec,
        kind: r.kind,
        score: r.score,
        matched: (matched.get(r.id) ?? 0) / counted,
        ...(later !== undefined ? { earlier: later } : {}),
      });
    }
    return { recalled, total };
  }

  /** How much a query term tells (rarer weighs more), for focusing previews on what the query needs. */
  termWeight(term: string): number {
    return this.#index?.weight(term) ?? 1;
  }

  /** The live record a document stands for (undefined when removed or superseded since indexed). */
  #lookup(state: FoldState, kind: Kind, id: string): Rec | undefined {
    if (kind === "episode") return this.episodes.get(id);
    if (kind === "identity" || kind === "user") {
      const r = state.find(id);
      return r?.type === kind ? r : undefined;
    }
    return state.get(kind, id);
  }

  /** Null when loaded; else why it could not be (and must be rebuilt). */
  #load(): string | null {
    if (!this.#indexPath) return "in memory";
    const stamp = (this.#brainFiles as DerivedFiles).path(CHECKED_KIND);
    const logs = { brain: this.#brainFiles, episodes: this.#episodeFiles };
    const got = loadIndexFile(this.#indexPath, stamp, logs, this.resident);
    if (typeof got === "string") return got;
    this.#index = got.index;
    this.#brainMark = got.brain;
    this.#episodeMark = got.episodes;
    this.status = "loaded";
    return null;
  }

  #rebuild(state: FoldState, brainPos: Position, why: string): void {
    const index = new RecallIndex();
    for (const type of SEARCH_TYPES) for (const r of state.list(type)) index.putEntry(r);
    index.putAllEpisodes(this.episodes);
    this.#index = index;
    this.#brainMark = brainPos;
    this.#episodeMark = this.episodes.position;
    this.#unsaved = Math.max(1, index.size);
    this.status = `rebuilt (${why})`;
  }

  /** Write the index file if enough changed since it was last written (or `force`). Never throws. */
  save(force = false): boolean {
    if (!this.#index || !this.#indexPath || this.#unsaved === 0) return false;
    if (!force && this.status === "loaded" && !worthSaving(this.#unsaved, this.#index.size, SAVE_AFTER))
      return false;
    try {
      const episodesPos = this.#episodeMark;
      // Fingerprints of the logs as they were when indexed: none (no save) if either was replaced since.
      const brain = fingerprint(this.#brainFiles, this.#brainMark.offset, this.#brainGeneration);
      const episodes = fingerprint(this.#episodeFiles, episodesPos.offset, this.#episodesGeneration);
      if ((!brain && this.#brainMark.offset > 0) || (!episodes && episodesPos.offset > 0)) return false;
      const marks = {
        brain: { position: this.#brainMark, check: brain },
        episodes: { position: episodesPos, check: episodes },
      };
      const chunks = encodeIndex({ version: VERSION, marks }, this.#index.bm25.parts(), this.#index.speakers);
      // A cache: not fsynced (a torn file fails its hash and is rebuilt).
      if (!writeFileAtomic(this.#indexPath, chunks, { durable: false })) return false;
      if (this.#brainFiles) fs.rmSync(this.#brainFiles.path(OLD_INDEX_KIND), { force: true });
      this.#unsaved = 0;
      this.status = "loaded";
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The ranking asks for each hit's record (its prior, then the record itself): on a fold snapshot read in place,
 * the hits of each type are read together first (src/store/jsonl/snapshot-base.ts `prefetch`).
 */
function prefetch(state: FoldState, hits: readonly Hit[]): void {
  const byKind = new Map<ByIdKind, string[]>();
  for (const h of hits) {
    if (h.kind === "episode" || h.kind === "identity" || h.kind === "user") continue;
    const ids = byKind.get(h.kind);
    if (ids) ids.push(h.id);
    else byKind.set(h.kind, [h.id]);
  }
  for (const [kind, ids] of byKind) state.prefetch(kind, ids);
}

/** `index.weight`, each term computed once (the index does not change during a query). */
function memoWeight(index: RecallIndex): (term: string) => number {
  const known = new Map<string, number>();
  return (t) => {
    let w = known.get(t);
    if (w === undefined) {
      w = index.weight(t);
      known.set(t, w);
    }
    return w;
  };
}

/**
 * An episode learned in the project the query comes from ranks a little above one from another project
 * (the ranker scales by 0.8 + 0.4 × prior: 1.1 here, 0.9 elsewhere); untagged episodes stay neutral.
 */
export function episodePrior(project: unknown, cwd: string): number {
  if (typeof project !== "string" || project === "") return 0.5;
  return isInside(cwd, project) ? 0.75 : 0.25;
}
