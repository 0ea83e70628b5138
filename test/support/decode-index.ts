import type { Bm25Parts } from "../../src/recall/bm25-parts.ts";
import { StoredIndex } from "../../src/recall/stored-index.ts";

/** The whole index as plain arrays (every id and term decoded): what the lazy form is checked against. */
export function decodeIndex(buf: Buffer): { parts: Bm25Parts; speakers: Map<string, number> } {
  const s = new StoredIndex(buf);
  const { n, T } = s;
  const count = new Uint32Array(T);
  for (let y = 0; y < T; y++) count[y] = (s.start[y + 1] as number) - (s.start[y] as number);
  return {
    parts: {
      ids: Array.from({ length: n }, (_, d) => s.id(d)),
      kind: s.kind,
      session: Array.from({ length: n }, (_, d) => s.sessionOf(d)),
      speaker: Array.from({ length: n }, (_, d) => s.speakerOf(d)),
      date: Array.from(s.date, (d) => (Number.isNaN(d) ? undefined : d)),
      lenT: Array.from({ length: n }, (_, d) => s.rec[4 * d + 1] as number),
      lenC: Array.from({ length: n }, (_, d) => s.rec[4 * d + 2] as number),
      alive: Array.from(s.liveCode, (c) => c !== 0),
      terms: Array.from({ length: T }, (_, y) => s.term(y)),
      count,
      pd: s.pd,
      pt: s.pt,
      pc: s.pc,
      over: s.over,
      df: { text: s.dfT, ctx: s.dfC },
    },
    speakers: new Map(s.strings.speakerCounts),
  };
}
