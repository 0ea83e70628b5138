/**
 * Paired tallies for bench/recall-variants.ts: per variant and category, the baseline and Brain scored on the
 * same questions in the same run — n, the two means, and the paired wins (Brain yes, baseline no) and losses.
 */
export interface Row {
  n: number;
  base: number;
  brain: number;
  wins: number;
  losses: number;
}

export class Paired {
  readonly #rows = new Map<string, Map<string, Row>>();

  add(variant: string, category: string, base: number, brain: number): void {
    const v = this.#rows.get(variant) ?? new Map<string, Row>();
    this.#rows.set(variant, v);
    const row = v.get(category) ?? { n: 0, base: 0, brain: 0, wins: 0, losses: 0 };
    row.n++;
    row.base += base;
    row.brain += brain;
    if (brain > base) row.wins++;
    if (brain < base) row.losses++;
    v.set(category, row);
  }

  rows(variant: string): [string, Row][] {
    return [...(this.#rows.get(variant) ?? new Map<string, Row>())];
  }

  toJSON(): Record<string, Record<string, Row & { baseMean: number; brainMean: number }>> {
    const out: Record<string, Record<string, Row & { baseMean: number; brainMean: number }>> = {};
    for (const [v, rows] of this.#rows) {
      out[v] = {};
      for (const [c, r] of rows) out[v][c] = { ...r, baseMean: r.base / r.n, brainMean: r.brain / r.n };
    }
    return out;
  }

  /** Markdown table of one variant: categories in the order first added, then any extra checks. */
  table(variant: string, base = "bm25", label = "brain"): string {
    const f = (x: number, n: number) => (n ? (x / n).toFixed(3) : "-");
    const lines = [`| category | n | ${base} | ${label} | wins | losses |`, "|---|---:|---:|---:|---:|---:|"];
    const rows = this.rows(variant).sort(
      (a, b) => Number(a[0] === "**overall**") - Number(b[0] === "**overall**"),
    );
    for (const [c, r] of rows)
      lines.push(`| ${c} | ${r.n} | ${f(r.base, r.n)} | ${f(r.brain, r.n)} | ${r.wins} | ${r.losses} |`);
    return lines.join("\n");
  }
}
