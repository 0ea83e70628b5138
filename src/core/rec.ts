import type { BaseEntry } from "./types.ts";

/**
 * One version of an entry as read from the log. The parsed object is created lazily so a snapshot can hold
 * tens of thousands of raw lines without paying JSON.parse for the ones a command never looks at.
 */
export class Rec {
  readonly id: string;
  readonly type: string;
  /** 1-based physical line number in brain.jsonl this version came from (0 when not from a file). */
  readonly line: number;
  /** `created` as epoch milliseconds (NaN when missing or unparseable). */
  readonly createdMs: number;
  #raw: string | undefined;
  #entry: BaseEntry | undefined;
  /** Cached dedup key (normalised text), computed on first use. */
  norm: string | undefined;

  constructor(id: string, type: string, line: number, createdMs: number, raw?: string, entry?: BaseEntry) {
    this.id = id;
    this.type = type;
    this.line = line;
    this.createdMs = createdMs;
    this.#raw = raw;
    this.#entry = entry;
  }

  static fromEntry(entry: BaseEntry, line = 0, raw?: string): Rec {
    return new Rec(entry.id, entry.type, line, Date.parse(entry.created), raw, entry);
  }

  get entry(): BaseEntry {
    if (this.#entry === undefined) this.#entry = JSON.parse(this.#raw as string) as BaseEntry;
    return this.#entry;
  }

  get raw(): string {
    if (this.#raw === undefined) this.#raw = JSON.stringify(this.#entry);
    return this.#raw;
  }

  get parsed(): boolean {
    return this.#entry !== undefined;
  }
}
