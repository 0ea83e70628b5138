import { parseJson } from "../core/safe-json.ts";
import { assertSync, type EventStore, type PurgeReport } from "./event-store.ts";
import { type Position, type ScanSink, scanSource } from "./scan.ts";

/**
 * The event store in a Buffer: same framing and scan as the file store, for tests and embedding. It has
 * no directory, no snapshots and no maintenance. Its lock has the file store's semantics: `withLock` runs a
 * synchronous body exclusively (JavaScript runs one synchronous body at a time, so holding a flag for its
 * duration excludes every other writer), is reentrant within the body, refuses a body that returns a
 * promise, and `append` outside it throws.
 */
export class MemoryStore implements EventStore {
  #data: Buffer;
  #locked = false;
  readonly location = "memory";
  readonly dir = null;
  readonly file = null;

  constructor(initial = "") {
    this.#data = Buffer.from(initial, "utf8");
  }

  get text(): string {
    return this.#data.toString("utf8");
  }

  scan(from: Position, sink: ScanSink) {
    const data = this.#data;
    return scanSource(
      { size: data.length, read: (into, len, pos) => data.copy(into, 0, pos, pos + len) },
      from,
      sink,
    );
  }

  #generation = 1;

  identity(): { generation: string; size: number } {
    return { generation: String(this.#generation), size: this.#data.length };
  }

  /** Replace the whole content (simulates a compaction or an edited file). */
  replace(text: string): void {
    this.#data = Buffer.from(text, "utf8");
    this.#generation++;
  }

  size(): number {
    return this.#data.length;
  }

  readonly #siblings = new Map<string, MemoryStore>();

  /** The same sibling for the same name, so a log reopened by name finds what was appended to it. */
  sibling(name: string): MemoryStore {
    let s = this.#siblings.get(name);
    if (!s) {
      s = new MemoryStore();
      this.#siblings.set(name, s);
    }
    return s;
  }

  purge(drop: (value: Record<string, unknown>) => boolean, purpose: string): PurgeReport {
    return this.withLock(() => {
      const text = this.text;
      const lines = text.split("\n");
      const last = lines.pop() ?? ""; // what follows the last newline: "" or a torn tail
      let removed = 0;
      const kept = lines.filter((l) => {
        const p = parseJson(l);
        const hit =
          p.ok &&
          p.value !== null &&
          typeof p.value === "object" &&
          !Array.isArray(p.value) &&
          drop(p.value as Record<string, unknown>);
        if (hit) removed++;
        return !hit;
      });
      if (removed > 0) this.replace(kept.map((l) => `${l}\n`).join("") + last);
      return { removed, copies: 0 };
    }, purpose);
  }

  /** Whether a withLock body is running (for tests of the exclusion). */
  get locked(): boolean {
    return this.#locked;
  }

  withLock<T>(fn: () => T, _purpose?: string): T {
    if (this.#locked) return fn();
    this.#locked = true;
    try {
      return assertSync(fn());
    } finally {
      this.#locked = false;
    }
  }

  append(lines: string[]): { terminatedTorn: boolean } {
    if (!this.#locked) throw new Error("append outside the lock");
    if (lines.length === 0) return { terminatedTorn: false };
    const torn = this.#data.length > 0 && this.#data[this.#data.length - 1] !== 0x0a;
    const add = Buffer.from(`${torn ? "\n" : ""}${lines.join("\n")}\n`, "utf8");
    this.#data = Buffer.concat([this.#data, add]);
    return { terminatedTorn: torn };
  }

  /** Raw write, bypassing framing: lets tests simulate torn writes and corrupt lines. */
  writeRaw(text: string): void {
    this.#data = Buffer.concat([this.#data, Buffer.from(text, "utf8")]);
  }

  createIfMissing(lines: string[]): boolean {
    if (this.#data.length > 0) return false;
    this.#data = Buffer.from(lines.map((l) => `${l}\n`).join(""), "utf8");
    return true;
  }
}
