import * as fs from "node:fs";

const WINDOW = 1 << 20;

/**
 * Whether a non-empty file is a brain log: at least one line in its first MiB is a JSON object with a
 * string `type` and `id` (or the start of one cut by a crash). A write through `--brain package.json` must
 * not add a line to someone's package.json. Undecidable cases (no complete line in the window) count as a
 * brain log.
 */
export function looksLikeBrainLog(fd: number, size: number): boolean {
  const n = Math.min(size, WINDOW);
  const buf = Buffer.alloc(n);
  const got = fs.readSync(fd, buf, 0, n, 0);
  const text = buf.toString("utf8", 0, got);
  const lines = text.split("\n");
  lines.pop(); // unterminated: cut by the window, or a torn write — no evidence either way
  let seen = 0;
  for (const raw of lines) {
    const line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (line.trim() === "") continue;
    seen++;
    try {
      const v = JSON.parse(line) as Record<string, unknown> | null;
      if (v && typeof v === "object" && typeof v.type === "string" && typeof v.id === "string") return true;
    } catch {
      if (line.startsWith('{"')) return true; // a torn entry (a crash mid-write), terminated later
    }
  }
  return seen === 0;
}
