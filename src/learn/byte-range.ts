import * as fs from "node:fs";

/**
 * The complete lines of `path` from byte `from`, at most `max` bytes (or one line, if a single line is
 * longer): a line still being written (no newline yet) is left for the next read. `bytes` is how far the
 * returned text reaches; `lines` how many lines it holds.
 */
export function readLines(
  path: string,
  from: number,
  max: number,
): { text: string; bytes: number; lines: number } {
  const fd = fs.openSync(path, "r");
  try {
    const size = fs.fstatSync(fd).size;
    if (size <= from) return { text: "", bytes: 0, lines: 0 };
    let want = Math.min(size - from, Math.max(1, max));
    for (;;) {
      const buf = Buffer.alloc(want);
      let got = 0;
      while (got < want) {
        const n = fs.readSync(fd, buf, got, want - got, from + got);
        if (n === 0) break;
        got += n;
      }
      const end = buf.subarray(0, got).lastIndexOf(10);
      if (end >= 0) {
        const slice = buf.subarray(0, end + 1);
        let lines = 0;
        for (const b of slice) if (b === 10) lines++;
        return { text: slice.toString("utf8"), bytes: end + 1, lines };
      }
      // No newline within the budget: one line longer than it, read whole, or an unfinished last line.
      if (from + got >= size) return { text: "", bytes: 0, lines: 0 };
      want = Math.min(size - from, want * 2);
    }
  } finally {
    fs.closeSync(fd);
  }
}
