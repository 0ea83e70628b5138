import type { EventStore } from "./event-store.ts";
import { type Position, type ScanSink, scanSource } from "./scan.ts";

/** The event store in a Buffer: same framing and scan as the file store, for tests and embedding. */
export class MemoryStore implements EventStore {
  #data: Buffer;
  readonly location = "memory";

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

  identity(): { generation: number; size: number } {
    return { generation: this.#generation, size: this.#data.length };
  }

  /** Replace the whole content (simulates a compaction or an edited file). */
  replace(text: string): void {
    this.#data = Buffer.from(text, "utf8");
    this.#generation++;
  }

  size(): number {
    return this.#data.length;
  }

  withLock<T>(fn: () => T): T {
    return fn();
  }

  append(lines: string[]): { terminatedTorn: boolean } {
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
