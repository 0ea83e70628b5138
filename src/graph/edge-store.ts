import type { Edge } from "./types.ts";

/**
 * The edges' numbers (weight, last strengthened, creation order), a slot each in three typed arrays; a node's
 * adjacency map holds the slot, and a slot freed by an unlinked edge is reused by the next one. An object per
 * edge (with its numbers boxed) was most of what building a large brain's graph left for the collector —
 * every turn adds ~50 edges and most are pruned — and the heap grows with that garbage (issue 24: the server's
 * memory at a million turns). The numbers live outside the JS heap, so they neither count as garbage nor are
 * traced at every full collection.
 */
export class EdgeStore {
  w = new Float64Array(1024);
  used = new Float64Array(1024);
  serial = new Float64Array(1024);
  readonly #free: number[] = [];
  #next = 0;

  /** A slot holding these numbers. */
  alloc(w: number, used: number, serial: number): number {
    let s = this.#free.pop();
    if (s === undefined) {
      s = this.#next++;
      if (s >= this.w.length) this.#grow();
    }
    this.w[s] = w;
    this.used[s] = used;
    this.serial[s] = serial;
    return s;
  }

  /** The slot's edge is gone: the slot may be handed out again. */
  free(s: number): void {
    this.#free.push(s);
  }

  /** The slot's numbers as a plain object (views and tests; the graph itself reads the arrays). */
  edge(s: number): Edge {
    return { w: this.w[s] as number, used: this.used[s] as number, serial: this.serial[s] as number };
  }

  #grow(): void {
    const cap = this.w.length * 2;
    const grow = (old: Float64Array) => {
      const x = new Float64Array(cap);
      x.set(old);
      return x;
    };
    this.w = grow(this.w);
    this.used = grow(this.used);
    this.serial = grow(this.serial);
  }
}
