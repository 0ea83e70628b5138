/**
 * What BM25 reads and writes per document while scoring a posting, packed in one 32-byte record per document
 * (bm25.ts): the score being summed, the text and context lengths, and the masks of query terms met (any
 * field, text field) — plus a byte per document for its kind (0: removed). Kept in separate arrays of a
 * million entries each, a posting cost a cache miss (and a page walk) in six or seven of them: scoring is
 * bound by memory, not arithmetic, and a query over common words scores hundreds of thousands of postings.
 * Here a posting touches one record. The lengths are the same numbers as `Bm25.lenT` / `lenC` (doubles), so
 * scores are identical.
 */
export class DocTable {
  /** Record d: f64[4d] running score, f64[4d + 1] text length, f64[4d + 2] context length. */
  f64: Float64Array = new Float64Array(0);
  /** Record d: u32[8d + 6] mask of query terms met in any field, u32[8d + 7] in the text field. */
  u32: Uint32Array = new Uint32Array(0);
  /** Kind code + 1 of document d; 0 when removed. */
  live: Uint8Array = new Uint8Array(0);

  /**
   * Use `f64` (4 per document, the layout above; its score and mask slots 0) and `live` as the table, in
   * place: an index file's bytes (src/recall/stored-index.ts), written in this layout so a load copies nothing.
   */
  adopt(f64: Float64Array, live: Uint8Array): void {
    if (f64.length !== 4 * live.length) throw new Error("document records do not match");
    this.f64 = f64;
    this.u32 = new Uint32Array(f64.buffer, f64.byteOffset, 2 * f64.length);
    this.live = live;
  }

  /** Room for documents [0, n): grown by an eighth beyond what is asked (appends come one turn at a time). */
  reserve(n: number): void {
    const cap = this.live.length;
    if (n <= cap) return;
    const next = Math.max(n, cap + Math.max(1024, cap >> 3));
    const buf = new ArrayBuffer(next * 32);
    const f64 = new Float64Array(buf);
    f64.set(this.f64);
    this.f64 = f64;
    this.u32 = new Uint32Array(buf);
    const live = new Uint8Array(next);
    live.set(this.live);
    this.live = live;
  }

  set(d: number, kind: number, lenT: number, lenC: number, alive: boolean): void {
    if (kind < 0 || kind > 254 || !Number.isInteger(kind))
      throw new Error(`document kind out of range: ${kind}`);
    this.reserve(d + 1);
    this.f64[4 * d + 1] = lenT;
    this.f64[4 * d + 2] = lenC;
    this.live[d] = alive ? kind + 1 : 0;
  }

  remove(d: number): void {
    this.live[d] = 0;
  }
}
