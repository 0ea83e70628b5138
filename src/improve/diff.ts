/**
 * A unified line diff of a file before and after a proposed change, for review (`brain proposals show`, the
 * viewer's Proposals view). Longest common subsequence over lines; a file past `MAX_LINES` is shown as its
 * changed tail only (an append's diff never needs more).
 */
const MAX_LINES = 2000;
const CONTEXT = 3;

type Op = { t: " " | "-" | "+"; line: string };

function lcsOps(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const dp: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      (dp[i] as Uint32Array)[j] =
        a[i] === b[j]
          ? ((dp[i + 1] as Uint32Array)[j + 1] as number) + 1
          : Math.max((dp[i + 1] as Uint32Array)[j] as number, (dp[i] as Uint32Array)[j + 1] as number);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ t: " ", line: a[i] as string });
      i++;
      j++;
    } else if (((dp[i + 1] as Uint32Array)[j] as number) >= ((dp[i] as Uint32Array)[j + 1] as number))
      ops.push({ t: "-", line: a[i++] as string });
    else ops.push({ t: "+", line: b[j++] as string });
  }
  while (i < n) ops.push({ t: "-", line: a[i++] as string });
  while (j < m) ops.push({ t: "+", line: b[j++] as string });
  return ops;
}

const lines = (s: string) => (s === "" ? [] : s.replace(/\n$/, "").split("\n"));

/** `--- name` / `+++ name` and the changed lines with three lines of context; "" when nothing changes. */
export function unifiedDiff(name: string, before: string, after: string): string {
  let a = lines(before);
  let b = lines(after);
  // Same head, long files: diff only from where they part (an append's common case).
  let skip = 0;
  while (skip < a.length && skip < b.length && a[skip] === b[skip]) skip++;
  const keep = Math.max(0, skip - CONTEXT);
  a = a.slice(keep);
  b = b.slice(keep);
  if (a.length > MAX_LINES || b.length > MAX_LINES) {
    a = a.slice(0, MAX_LINES);
    b = b.slice(0, MAX_LINES);
  }
  const ops = lcsOps(a, b);
  if (!ops.some((o) => o.t !== " ")) return "";
  const show = new Set<number>();
  ops.forEach((o, k) => {
    if (o.t === " ") return;
    for (let d = -CONTEXT; d <= CONTEXT; d++) if (k + d >= 0 && k + d < ops.length) show.add(k + d);
  });
  const out = [`--- ${name}`, `+++ ${name}`];
  let last = -2;
  ops.forEach((o, k) => {
    if (!show.has(k)) return;
    if (k !== last + 1) out.push(`@@ line ${keep + k + 1} @@`);
    out.push(`${o.t}${o.line}`);
    last = k;
  });
  return out.join("\n");
}
