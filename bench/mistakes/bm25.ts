/**
 * Baseline (b): a tiny plain BM25 (Okapi, k1 1.2, b 0.75; terms by the repo's analyzer, src/recall/
 * analyze.ts) over the turns of the sessions before this one — every prompt, assistant text, command with its
 * output or error, and edit — queried with the failing call's command and error text. What it shows the
 * model is its best turns, packed greedily into the failure hint's own size (800 characters).
 */
import { processTerm, tokenize } from "../../src/recall/analyze.ts";

const terms = (s: string) =>
  tokenize(s)
    .map((t) => processTerm(t))
    .filter((t): t is string => typeof t === "string" && t.length > 0);

export class PlainBm25 {
  private docs: { text: string; tf: Map<string, number>; len: number }[] = [];
  private df = new Map<string, number>();
  private total = 0;

  add(text: string): void {
    const ts = terms(text);
    const tf = new Map<string, number>();
    for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    this.docs.push({ text, tf, len: ts.length });
    this.total += ts.length;
  }

  /** The best turns for `query`, packed into `chars` (one per line), or "" when no turn shares a term. */
  answer(query: string, chars = 800): string {
    const n = this.docs.length;
    if (n === 0) return "";
    const avg = this.total / n;
    const q = [...new Set(terms(query))];
    const scored: { text: string; s: number }[] = [];
    for (const d of this.docs) {
      let s = 0;
      for (const t of q) {
        const f = d.tf.get(t);
        if (!f) continue;
        const df = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        s += (idf * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * d.len) / avg));
      }
      if (s > 0) scored.push({ text: d.text, s });
    }
    scored.sort((a, b) => b.s - a.s);
    let out = "";
    for (const x of scored) {
      const line = `- ${x.text.replace(/\s+/g, " ")}`;
      if (out.length + line.length + 1 > chars) continue;
      out += (out ? "\n" : "") + line;
    }
    return out;
  }
}
