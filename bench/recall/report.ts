/** Tallies and tables for bench:recall: per variant, budget, method, category and metric, a mean over questions. */

export const METHODS = ["recency", "bm25", "brain"] as const;
export type Method = (typeof METHODS)[number];
export const METRICS = ["evidence", "answer"] as const;
export type Metric = (typeof METRICS)[number];

export const CATEGORY: Record<string, string> = {
  1: "multi-hop",
  2: "temporal",
  3: "open-domain",
  4: "single-hop",
  5: "adversarial",
  all: "**overall**",
};
const ROWS = ["1", "2", "3", "4", "5", "all"];

export interface Cell {
  mean: number;
  n: number;
}

export class Tallies {
  readonly #sum = new Map<string, { sum: number; n: number }>();

  static key(variant: string, budget: number, method: string, metric: Metric, category: string): string {
    return `${variant}|${budget}|${method}|${metric}|${category}`;
  }

  /** Adds one question's value under its category and under "all". */
  add(variant: string, budget: number, method: string, metric: Metric, category: number, v: number): void {
    for (const c of [String(category), "all"]) {
      const k = Tallies.key(variant, budget, method, metric, c);
      const t = this.#sum.get(k) ?? { sum: 0, n: 0 };
      t.sum += v;
      t.n++;
      this.#sum.set(k, t);
    }
  }

  get(variant: string, budget: number, method: string, metric: Metric, category: string): Cell | null {
    const t = this.#sum.get(Tallies.key(variant, budget, method, metric, category));
    return t ? { mean: t.sum / t.n, n: t.n } : null;
  }

  /** Nested plain object: variant → budget → method → metric → category → {mean, n}. */
  toJSON(variants: readonly string[], budgets: readonly number[], methods: readonly string[]) {
    const out: Record<string, Record<string, Record<string, Record<string, Record<string, Cell>>>>> = {};
    for (const v of variants)
      for (const b of budgets)
        for (const m of methods)
          for (const metric of METRICS)
            for (const c of ROWS) {
              const cell = this.get(v, b, m, metric, c);
              if (!cell) continue;
              out[v] ??= {};
              out[v][b] ??= {};
              out[v][b][m] ??= {};
              out[v][b][m][metric] ??= {};
              out[v][b][m][metric][c === "all" ? "overall" : (CATEGORY[c] ?? c)] = cell;
            }
    return out;
  }

  /** Markdown table of one variant: evidence recall and answer-in-context side by side. */
  table(variant: string, budgets: readonly number[], methods: readonly string[]): string {
    const fmt = (c: Cell | null) => (c ? c.mean.toFixed(3) : "-");
    const head = `| budget | category | n | ${methods.join(" | ")} | n (ans) | ${methods.join(" | ")} |`;
    const rule = `|---:|---|---:|${methods.map(() => "---:|").join("")}---:|${methods.map(() => "---:|").join("")}`;
    const lines = [
      `evidence recall (left) and answer-in-context (right), variant ${variant}`,
      "",
      head,
      rule,
    ];
    for (const b of budgets)
      for (const c of ROWS) {
        const ev = methods.map((m) => this.get(variant, b, m, "evidence", c));
        const ans = methods.map((m) => this.get(variant, b, m, "answer", c));
        const n = (cells: (Cell | null)[]) => cells.find((x) => x)?.n ?? 0;
        lines.push(
          `| ${b} | ${CATEGORY[c] ?? c} | ${n(ev)} | ${ev.map(fmt).join(" | ")} | ${n(ans)} | ${ans.map(fmt).join(" | ")} |`,
        );
      }
    return lines.join("\n");
  }
}
