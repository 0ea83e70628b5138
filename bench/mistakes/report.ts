/** The repeated-mistakes bench's table (bench/mistakes.ts): class x arm, and the ledger's own figures. */
export type Arm = "ledger" | "prompt" | "bm25";

export interface Outcome {
  arm: Arm;
  family: string;
  class: string;
  part: "tune" | "check";
  role: "recur" | "distractor" | "first";
  fix?: string[];
  /** Something was shown at the failure moment (the failure hint; BM25's best turns). */
  hinted: boolean;
  /** What was shown at the failure moment names the fix. */
  atFailure: boolean;
  /** The next prompt's hook output names the fix (null: not measured for this arm or role). */
  atPrompt: boolean | null;
  hint: string;
  /** A hint not naming this fix that names another family's fix (set by the bench). */
  wrong?: boolean;
}

export interface Totals {
  cycles: { ledgerLines: number; opportunities: number; proposed: number; duplicates: number }[];
  failureHookMs: Record<"ledger" | "prompt", number[]>;
  okHookMs: Record<"ledger" | "prompt", number[]>;
}

const frac = (k: number, n: number) => (n ? `${k}/${n} (${Math.round((100 * k) / n)} %)` : "–");
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

function row(label: string, os: Outcome[]): string {
  const rec = (arm: Arm) => os.filter((o) => o.arm === arm && o.role === "recur");
  const led = rec("ledger");
  const pr = rec("prompt");
  const bm = rec("bm25");
  const n = led.length;
  const count = (xs: Outcome[], f: (o: Outcome) => boolean) => xs.filter(f).length;
  return `| ${label} | ${n} | ${frac(
    count(led, (o) => o.atFailure),
    n,
  )} | ${frac(
    count(led, (o) => o.atPrompt === true),
    n,
  )} | ${frac(
    count(led, (o) => o.atFailure || o.atPrompt === true),
    n,
  )} | ${count(led, (o) => o.wrong === true)} / ${count(led, (o) => o.hinted && !o.atFailure && !o.wrong)} | ${frac(
    count(pr, (o) => o.atPrompt === true),
    pr.length,
  )} | ${count(pr, (o) => o.hinted)} | ${frac(
    count(bm, (o) => o.atFailure),
    bm.length,
  )} | ${count(bm, (o) => o.wrong === true)} / ${count(bm, (o) => o.hinted && !o.atFailure && !o.wrong)} |`;
}

export function report(os: Outcome[], t: Totals, o: { seed: number; part: string; arms: Arm[] }): string {
  const classes = [...new Set(os.map((x) => x.class))];
  const out = [
    `Repeated mistakes — part ${o.part}, seed ${o.seed}`,
    "",
    "Recurrences: the fix named at the failure moment (PostToolUseFailure's additionalContext), at the next prompt",
    "(UserPromptSubmit's output), either. A hint that does not name the fix: wrong when it names another family's",
    'fix instead, else "no fix named" (e.g. it cites the file edited, not the change).',
    "",
    "| class | n | ledger: at failure | ledger: next prompt | ledger: either | ledger: wrong / no fix named | prompt hook alone: next prompt | prompt hook alone: hint at failure | BM25: at failure | BM25: wrong / no fix named |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...classes.map((c) =>
      row(
        c,
        os.filter((x) => x.class === c),
      ),
    ),
    row("**all**", os),
    "",
  ];
  const dis = (arm: Arm) => os.filter((x) => x.arm === arm && x.role === "distractor");
  out.push(
    `Distractors (a failure with no known fix: must get no hint): ledger ${frac(dis("ledger").filter((x) => x.hinted).length, dis("ledger").length)} hinted, prompt hook alone ${frac(dis("prompt").filter((x) => x.hinted).length, dis("prompt").length)}, BM25 ${frac(dis("bm25").filter((x) => x.hinted).length, dis("bm25").length)}.`,
    "",
  );
  const c = t.cycles;
  const lines = c.map((x) => x.ledgerLines);
  out.push(
    `Ledger and cycle (all ${c.length} sessions, both parts; one \`brain improve\` after each):`,
    `- ledger lines per session: mean ${mean(lines).toFixed(1)}, min ${Math.min(...lines)}, max ${Math.max(...lines)}`,
    `- opportunities per cycle: mean ${mean(c.map((x) => x.opportunities)).toFixed(2)}, max ${Math.max(...c.map((x) => x.opportunities))}`,
    `- proposals per cycle: mean ${mean(c.map((x) => x.proposed)).toFixed(2)}, total ${c.reduce((a, x) => a + x.proposed, 0)}`,
    `- duplicates suppressed (opportunities an earlier cycle handled): total ${c.reduce((a, x) => a + x.duplicates, 0)}`,
    `- hook wall time, ms (median / mean; spawned bin, busy shared machine): PostToolUseFailure ledger ${median(t.failureHookMs.ledger).toFixed(0)} / ${mean(t.failureHookMs.ledger).toFixed(0)}, hints off ${median(t.failureHookMs.prompt).toFixed(0)} / ${mean(t.failureHookMs.prompt).toFixed(0)}; PostToolUse ${median(t.okHookMs.ledger).toFixed(0)} / ${mean(t.okHookMs.ledger).toFixed(0)} vs ${median(t.okHookMs.prompt).toFixed(0)} / ${mean(t.okHookMs.prompt).toFixed(0)}`,
    "",
  );
  return out.join("\n");
}
