import type { Settings } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import type { FoldState } from "../core/fold.ts";
import { dedupText } from "../core/text.ts";
import { type BaseEntry, DEDUP_TYPES } from "../core/types.ts";
import type { EventStore } from "../store/event-store.ts";
import { lineProblem } from "../store/scan.ts";
import type { FoldedLog } from "./folded-log.ts";
import { gateModules } from "./lazy.ts";

/** One write through the gate: the values a caller gave, and the entries they become under the lock. */
export interface GateWrite<R> {
  /** What the write is: the lock's purpose, and the word in messages ("add", "import", "restore"). */
  purpose: string;
  /**
   * The values as the caller gave them (a tool call's parameters, an imported entry's fields). Guarded before
   * the lock — size and secrets; a secret is refused, or redacted in place under `secrets: "redact"` — so
   * everything `plan` builds from them is guarded.
   */
  values: Record<string, unknown>[];
  /**
   * Under the lock, against the fold as it is now: the entries to append and the caller's result. New content
   * comes only from `values` (and from entries already in the log); `refused` holds the values the guards
   * refused (only with `onRefused`), which the plan leaves out.
   */
  plan(state: FoldState, refused: ReadonlySet<Record<string, unknown>>): { entries: BaseEntry[]; result: R };
  /**
   * Batch writes (import, migrate): a value or entry the gate refuses is reported here and left out, and the
   * rest is written. Without it, the first refusal fails the whole write (a tool call).
   */
  onRefused?(what: Record<string, unknown>, error: BrainError): void;
  /** Run every check against the current state and append nothing (a dry run reports what would happen). */
  dryRun?: boolean;
}

/** Fields the guards never look at: they name the write, they are not stored content. */
const NOT_CONTENT = new Set(["action", "type", "id"]);

/**
 * The one way a brain entry is written: validate → guards (size, field count, secrets) → dedup → append.
 * Every path that appends to brain.jsonl — the `brain` tool's actions, restore, import, migrate, the learner —
 * goes through `write`, so none can store what `add` refuses. Each entry is also serialised and read back
 * the way the scanner reads a line, so no acknowledged write can become a bad line.
 */
export class WriteGate {
  readonly #store: EventStore;
  readonly #folded: FoldedLog;
  readonly #settings: Settings;

  constructor(store: EventStore, folded: FoldedLog, settings: Settings) {
    this.#store = store;
    this.#folded = folded;
    this.#settings = settings;
  }

  async write<R>(w: GateWrite<R>): Promise<R> {
    const [{ validateEntry }, { guardWrite }] = await gateModules();
    const refused = new Set<Record<string, unknown>>();
    const refuse = (what: Record<string, unknown>, err: unknown) => {
      if (!w.onRefused || !(err instanceof BrainError)) throw err;
      w.onRefused(what, err);
    };
    for (const v of w.values) {
      const content: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) if (!NOT_CONTENT.has(k)) content[k] = x;
      try {
        await guardWrite(content, this.#settings);
        Object.assign(v, content); // redactions land in the caller's values
      } catch (err) {
        refuse(v, err);
        refused.add(v);
      }
    }
    // Work that grows with the brain happens before the lock; under it we only read the tail and append.
    this.#folded.state.warmDedup();
    const run = () => {
      this.#folded.refresh();
      const state = this.#folded.state;
      const { entries, result } = w.plan(state, refused);
      const lines: string[] = [];
      const texts = new Set<string>();
      for (const e of entries) {
        try {
          lines.push(this.#check(e, state, texts, validateEntry));
        } catch (err) {
          refuse(e, err);
        }
      }
      if (lines.length > 0 && !w.dryRun) {
        this.#store.append(lines);
        this.#folded.refresh();
      }
      return result;
    };
    return w.dryRun ? run() : this.#store.withLock(run, w.purpose);
  }

  /** The entry's line, once it passed every check (the schema, the limits, reading back, dedup). */
  #check(
    e: BaseEntry,
    state: FoldState,
    texts: Set<string>,
    validateEntry: (e: Record<string, unknown>) => BaseEntry,
  ): string {
    validateEntry(e as Record<string, unknown>);
    this.#checkLimits(e);
    const line = JSON.stringify(e);
    const problem = lineProblem(line);
    if (problem) throw new BrainError("INVALID", `${e.type} ${e.id} would not read back: ${problem}`);
    this.#checkDuplicate(e, state, texts);
    return line;
  }

  /** A new learning or preference whose normalised text is already stored (or twice in this write). */
  #checkDuplicate(e: BaseEntry, state: FoldState, texts: Set<string>): void {
    if (!DEDUP_TYPES.has(e.type) || state.find(e.id)) return;
    const norm = dedupText(e);
    if (state.hasText(norm) || texts.has(norm))
      throw new BrainError("DUPLICATE", `Duplicate ${e.type}: already stored`);
    texts.add(norm);
  }

  /** Size of each field and number of fields of the entry as it will be stored. */
  #checkLimits(e: BaseEntry): void {
    const fields = Object.keys(e);
    if (fields.length > this.#settings.maxEntryFields)
      throw new BrainError(
        "INVALID",
        `${e.type} has ${fields.length} fields; the limit is ${this.#settings.maxEntryFields} (maxEntryFields in config)`,
      );
    for (const k of fields) {
      if (NOT_CONTENT.has(k) || k === "created") continue;
      const v = e[k];
      const size = typeof v === "string" ? v.length : (JSON.stringify(v)?.length ?? 0);
      if (size > this.#settings.maxEntryChars)
        throw new BrainError(
          "INVALID",
          `field "${k}" is ${size} characters${typeof v === "string" ? "" : " as JSON"}; the limit is ${this.#settings.maxEntryChars} (maxEntryChars in config)`,
          { field: k },
        );
    }
  }
}
