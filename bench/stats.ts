/** Small statistics and table helpers shared by the benchmarks. */

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function ms(v: number): string {
  if (v < 1) return `${v.toFixed(3)} ms`;
  if (v < 10) return `${v.toFixed(2)} ms`;
  if (v < 1000) return `${v.toFixed(1)} ms`;
  return `${(v / 1000).toFixed(2)} s`;
}

/** A Markdown table: one column per key of `headers`, in that order. */
export function table<K extends string>(headers: Record<K, string>, rows: Record<K, string>[]): string {
  const keys = Object.keys(headers) as K[];
  const width = (k: K) => Math.max(...[headers, ...rows].map((r) => r[k].length));
  const line = (r: Record<K, string>) => `| ${keys.map((k) => r[k].padEnd(width(k))).join(" | ")} |`;
  const sep = `|${keys.map((k) => "-".repeat(width(k) + 2)).join("|")}|`;
  return [line(headers), sep, ...rows.map(line)].join("\n");
}
