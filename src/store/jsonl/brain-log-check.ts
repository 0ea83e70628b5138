import * as fs from "node:fs";

const WINDOW = 1 << 20;

/**
 * Whether a non-empty file is a brain log: at least one line in its first MiB is a JSON object with a
 * string `type` and `id`. A write through `--brain package.json` must not add a line to someone's
 * package.json. Undecidable cases (no complete line in the window) count as a brain log.
 */
export function looksLikeBrainLog(fd: number, size: number): boolean {
  const n = Math.min(size, WINDOW);
  const buf = Buffer.alloc(n);
  const got = fs.readSync(fd, buf, 0, n, 0);
  const text = buf.toString("utf8", 0, got);
  const lines = text.split("\n");
  if (got < size) lines.pop(); // the last line may be cut by the window
  if (lines.length === 0) return true;
  let seen = 0;
  for (const raw of lines) {
    const line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (line.trim() === "") continue;
    seen++;
    try {
      const v = JSON.parse(line) as Record<string, unknown> | null;
      if (v && typeof v === "object" && typeof v.type === "string" && typeof v.id === "string") return true;
    } catch {
      /* not an entry */
    }
  }
  return seen === 0;
}
