import { DocTable } from "./doc-table.ts";
import type { StoredIndex } from "./stored-index.ts";

/** What the index keeps of one document besides its postings. */
export interface DocInfo {
  id: string;
  kind: number;
  session: string | undefined;
  speaker: string | undefined;
  date: number | undefined;
  lenT: number;
  lenC: number;
}

/**
 * The documents of a BM25 index (bm25.ts), numbered in the order they were added: those loaded from an index
 * file stay in it (src/recall/stored-index.ts: an id is decoded when asked), those added since are arrays
 * beside them. Lengths and liveness live in the scoring records (doc-table.ts) — for loaded documents, the
 * file's own bytes. The id → number map is built on first use (a search never needs it; an append does).
 */
export class Bm25Docs {
  readonly table = new DocTable();
  readonly #stored: StoredIndex | null;
  /** Documents [0, n0) are the stored ones. */
  readonly #n0: number;
  readonly #ids: string[] = [];
  readonly #kind: number[] = [];
  readonly #session: (string | undefined)[] = [];
  readonly #speaker: (string | undefined)[] = [];
  readonly #date: (number | undefined)[] = [];
  #byId: Map<string, number> | null = null;

  constructor(stored: StoredIndex | null = null) {
    this.#stored = stored;
    this.#n0 = stored?.n ?? 0;
    if (stored) this.table.adopt(stored.rec, stored.liveCode);
  }

  get size(): number {
    return this.#n0 + this.#ids.length;
  }

  id(d: number): string {
    return d < this.#n0 ? (this.#stored as StoredIndex).id(d) : (this.#ids[d - this.#n0] as string);
  }

  kind(d: number): number {
    return d < this.#n0
      ? ((this.#stored as StoredIndex).kind[d] as number)
      : (this.#kind[d - this.#n0] as number);
  }

  session(d: number): string | undefined {
    return d < this.#n0 ? (this.#stored as StoredIndex).sessionOf(d) : this.#session[d - this.#n0];
  }

  speaker(d: number): string | undefined {
    return d < this.#n0 ? (this.#stored as StoredIndex).speakerOf(d) : this.#speaker[d - this.#n0];
  }

  date(d: number): number | undefined {
    if (d >= this.#n0) return this.#date[d - this.#n0];
    const v = (this.#stored as StoredIndex).date[d] as number;
    return Number.isNaN(v) ? undefined : v;
  }

  lenT(d: number): number {
    return this.table.f64[4 * d + 1] as number;
  }

  lenC(d: number): number {
    return this.table.f64[4 * d + 2] as number;
  }

  alive(d: number): boolean {
    return this.table.live[d] !== 0;
  }

  /** The live documents' numbers by id. */
  byId(): Map<string, number> {
    if (!this.#byId) {
      this.#byId = new Map();
      for (let d = 0; d < this.size; d++) if (this.alive(d)) this.#byId.set(this.id(d), d);
    }
    return this.#byId;
  }

  /** Add a document (live); its number. */
  push(doc: DocInfo, alive = true): number {
    const d = this.size;
    this.#ids.push(doc.id);
    this.#kind.push(doc.kind);
    this.#session.push(doc.session);
    this.#speaker.push(doc.speaker);
    this.#date.push(doc.date);
    this.table.set(d, doc.kind, doc.lenT, doc.lenC, alive);
    if (alive) this.#byId?.set(doc.id, d);
    return d;
  }

  /** Mark document d superseded. */
  remove(d: number): void {
    this.#byId?.delete(this.id(d));
    this.table.remove(d);
  }
}
