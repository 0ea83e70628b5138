import { dedupText } from "./text.ts";
import type { BaseEntry } from "./types.ts";

/**
 * One version of an entry as read from the log. The parsed object is created lazily so a snapshot can hold
 * tens of thousands of raw lines without paying JSON.parse for the ones a command never looks at.
 */
export const MANUAL = 1;
export const PROJECT = 2;
/** `importance: "high"` / `"low"` (absent or "medium": neither bit). */
export const HIGH = 4;
export const LOW = 8;
/** `pinned: true`: shown in every context, never decays. */
export const PINNED = 16;

/** The flag bits of an entry's scoring fields (one place: the constructor, the scanner, the snapshot). */
export function flagsOf(o: Record<string, unknown>): number {
  return (
    (o.source === "manual" ? MANUAL : 0) |
    (o.scope === "project" ? PROJECT : 0) |
    (o.importance === "high" ? HIGH : o.importance === "low" ? LOW : 0) |
    (o.pinned === true ? PINNED : 0)
  );
}

export class Rec {
  readonly id: string;
  readonly type: string;
  /** 1-based physical line number in brain.jsonl this version came from (0 when not from a file). */
  readonly line: number;
  /** `created` as epoch milliseconds (NaN when missing or unparseable). */
  readonly createdMs: number;
  #raw: string | undefined;
  #entry: BaseEntry | undefined;
  /** Reads the raw line when first asked (a record found by id in a snapshot: its line is read only if used). */
  #load: (() => string) | undefined;
  /** Cached dedup key (normalised text), computed on first use. */
  norm: string | undefined;
  /** Scoring inputs kept unparsed (see flagsOf): source "manual", scope "project", importance, pinned. */
  readonly flags: number;
  /** A learning's projectPath, when it has one. */
  readonly projectPath: string | undefined;

  constructor(
    id: string,
    type: string,
    line: number,
    createdMs: number,
    raw?: string,
    entry?: BaseEntry,
    flags?: number,
    projectPath?: string,
    load?: () => string,
  ) {
    this.id = id;
    this.type = type;
    this.line = line;
    this.createdMs = createdMs;
    this.#raw = raw;
    this.#entry = entry;
    this.#load = raw === undefined && entry === undefined ? load : undefined;
    if (flags === undefined && entry) {
      this.flags = flagsOf(entry);
      this.projectPath = typeof entry.projectPath === "string" ? entry.projectPath : undefined;
    } else {
      this.flags = flags ?? 0;
      this.projectPath = projectPath;
    }
  }

  static fromEntry(entry: BaseEntry, line = 0, raw?: string): Rec {
    return new Rec(
      entry.id,
      entry.type,
      line,
      typeof entry.created === "string" ? Date.parse(entry.created) : Number.NaN,
      raw,
      entry,
    );
  }

  get entry(): BaseEntry {
    if (this.#entry === undefined) this.#entry = JSON.parse(this.raw) as BaseEntry;
    return this.#entry;
  }

  get raw(): string {
    if (this.#raw === undefined) {
      const load = this.#load;
      this.#load = undefined;
      this.#raw = load ? load() : JSON.stringify(this.#entry);
    }
    return this.#raw;
  }

  /** The entry, parsed without keeping the object (for one-off passes over every record). */
  peek(): BaseEntry {
    return this.#entry ?? (JSON.parse(this.raw) as BaseEntry);
  }

  get parsed(): boolean {
    return this.#entry !== undefined;
  }
}

/** A record's dedup key (its normalised text, core/text.ts), computed once and kept on the record. */
export function normOf(rec: Rec): string {
  if (rec.norm === undefined) rec.norm = dedupText(rec.peek());
  return rec.norm;
}
