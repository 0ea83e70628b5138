/**
 * A sorted section of the fold snapshot held in memory (src/store/jsonl/snapshot-base.ts): lines
 * `key \t rest \n`, sorted by the key's bytes. A command that looks up many ids (a search ranks up to
 * 2 000 hits, each needing its record) reads the section once and searches it here in plain JavaScript,
 * where each step of the search over the paged file costs a few native calls and page-cache look-ups.
 */
const NL = 10;
const TAB = 9;

/** `key` against the key of the line starting at `p` (as Buffer.compare: negative when the line's sorts first). */
function compareAt(buf: Uint8Array, p: number, key: Uint8Array): number {
  for (let i = 0; ; i++) {
    const a = p + i < buf.length ? (buf[p + i] as number) : NL;
    const endA = a === TAB || a === NL;
    const endB = i === key.length;
    if (endA || endB) return endA && endB ? 0 : endA ? -1 : 1;
    const d = a - (key[i] as number);
    if (d !== 0) return d;
  }
}

export class SortedLines {
  readonly #buf: Buffer;

  constructor(buf: Buffer) {
    this.#buf = buf;
  }

  /** The text after the key (to the line's end) of each line whose key is `key`, in order. */
  find(key: Uint8Array): string[] {
    const out: string[] = [];
    const b = this.#buf;
    let lo = 0;
    let hi = b.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      let p = mid;
      while (p > lo && b[p - 1] !== NL) p--;
      if (compareAt(b, p, key) < 0) {
        const nl = b.indexOf(NL, p);
        lo = nl < 0 ? b.length : nl + 1;
      } else hi = p;
    }
    for (let p = lo; p < b.length && compareAt(b, p, key) === 0; ) {
      const tab = p + key.length;
      const nl = b.indexOf(NL, tab);
      const end = nl < 0 ? b.length : nl;
      out.push(b.toString("latin1", tab + 1, end));
      p = end + 1;
    }
    return out;
  }
}
