import { Rec } from "../core/rec.ts";
import type { BaseEntry } from "../core/types.ts";

/** An episode whose entry is read back from the log on first use (episode-log.ts keeps no text). */
export class EpisodeRec extends Rec {
  readonly #load: () => { raw: string; entry: BaseEntry };
  #loaded: { raw: string; entry: BaseEntry } | undefined;
  constructor(id: string, line: number, createdMs: number, load: () => { raw: string; entry: BaseEntry }) {
    super(id, "episode", line, createdMs, undefined, undefined, 0, undefined);
    this.#load = load;
  }
  #get(): { raw: string; entry: BaseEntry } {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }
  override get entry(): BaseEntry {
    return this.#get().entry;
  }
  override get raw(): string {
    return this.#get().raw;
  }
  override peek(): BaseEntry {
    return this.#get().entry;
  }
  override get parsed(): boolean {
    return this.#loaded !== undefined;
  }
}
