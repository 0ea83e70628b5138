/** The tables of `npm run bench:learn` beyond the pure parts: hook timings and the LoCoMo model-free path. */
import * as fs from "node:fs";
import { cpus, loadavg } from "node:os";
import { DEFAULT_SETTINGS } from "../../src/config.ts";
import { TOP_K } from "../../src/recall/index.ts";
import { PROMPT_DEPTH } from "../../src/recall/prompt-memories.ts";
import {
  type ConversationRun,
  coverage,
  feedConversation,
  loadLocomo,
  precision,
  randomExchanges,
} from "./locomo.ts";
import { stopHookBench, stopToStoredBench } from "./loop.ts";

function table(head: string[], rows: string[][]): void {
  for (const row of [head, head.map(() => "---"), ...rows]) console.log(`| ${row.join(" | ")} |`);
  console.log("");
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const TUNE = [0, 1, 2, 3, 4];
/** The inbox a user is asked to review: about one candidate per session. */
const REVIEW_BUDGET = 1;

/** Mean over conversations of (a)'s figures for a choice of candidates per conversation. */
function row(
  name: string,
  runs: ConversationRun[],
  pick: (r: ConversationRun, i: number) => { evidence: string[] }[],
): string[] {
  let n = 0;
  let sessions = 0;
  let cov = 0;
  let prec = 0;
  runs.forEach((r, i) => {
    const p = pick(r, i);
    n += p.length;
    sessions += r.sessions;
    cov += coverage(r, p);
    prec += precision(r, p);
  });
  const k = runs.length || 1;
  return [name, (n / (sessions || 1)).toFixed(2), pct(cov / k), n ? pct(prec / k) : "—"];
}

export async function loopReport(o: {
  only: string;
  runs: number;
  mb: number;
  dataset: string;
}): Promise<void> {
  console.log(`\nload average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (wall-clock times)\n`);
  if (o.only === "all" || o.only === "hooks") {
    const head = ["case", "runs", "p50", "p90 / p99"];
    table(head, [...(await stopHookBench(o.runs, o.mb)), ...(await stopToStoredBench(o.runs * 2))]);
  }
  if (!(o.only === "all" || o.only === "locomo")) return;
  if (!fs.existsSync(o.dataset)) {
    console.log(`LoCoMo not found at ${o.dataset}: skipped`);
    return;
  }
  const data = loadLocomo(o.dataset);
  const feed = async (t: number, questions = false) => {
    const out: ConversationRun[] = [];
    for (const c of data) out.push(await feedConversation(c, t, { questions }));
    return out;
  };
  // Threshold 0: every detector candidate reaches the inbox with the score the curator gave it.
  const all = await feed(0);
  const tune = all.filter((_, i) => TUNE.includes(i));
  // Calibrate on the tune conversations only: the lowest threshold whose inbox stays within the review budget.
  let calibrated = 1;
  for (let t = 0; t <= 1.0001; t += 0.01) {
    const n = tune.reduce((s, r) => s + r.candidates.filter((c) => c.score >= t).length, 0);
    const sessions = tune.reduce((s, r) => s + r.sessions, 0);
    if (n / sessions <= REVIEW_BUDGET) {
      calibrated = Math.round(t * 100) / 100;
      break;
    }
  }
  const atCal = await feed(calibrated);
  const atDefault = await feed(DEFAULT_SETTINGS.curatorThreshold, true);
  const head = [
    "candidates (model-free)",
    "per session",
    "observations covered",
    "on an observation's exchange",
  ];
  for (const [split, keep] of [
    ["tune (conversations 1–5)", (i: number) => TUNE.includes(i)],
    ["check (conversations 6–10)", (i: number) => !TUNE.includes(i)],
  ] as const) {
    const sel = <T>(xs: T[]) => xs.filter((_, i) => keep(i));
    const [a, c, d] = [sel(all), sel(atCal), sel(atDefault)];
    console.log(`LoCoMo, ${split}:\n`);
    table(head, [
      row("nothing", a, () => []),
      row("every turn (each exchange)", a, (r) => [...r.exchanges.keys()].map((id) => ({ evidence: [id] }))),
      row("INSTANT detectors, curator off", a, (r) => r.candidates),
      row("  as many exchanges at random", a, (r, i) => randomExchanges(r, r.candidates.length, i + 1)),
      row(`curator at ${calibrated} (calibrated on tune)`, c, (r) => r.candidates),
      row("  as many exchanges at random", c, (r, i) => randomExchanges(r, r.candidates.length, i + 1)),
      row(`curator at ${DEFAULT_SETTINGS.curatorThreshold} (default)`, d, (r) => r.candidates),
      row("  as many exchanges at random", d, (r, i) => randomExchanges(r, r.candidates.length, i + 1)),
    ]);
  }
  const passed = (rs: ConversationRun[]) => rs.reduce((s, r) => s + r.candidates.length, 0);
  console.log(
    `Curator pass rate over all 10 conversations: ${pct(passed(atCal) / passed(all))} at ${calibrated}, ` +
      `${pct(passed(atDefault) / passed(all))} at ${DEFAULT_SETTINGS.curatorThreshold} (of ${passed(all)} detector candidates)\n`,
  );
  const qs = atDefault.flatMap((r) => r.questions);
  const share = (n: number) => `${n}/${qs.length} = ${pct(n / qs.length)}`;
  console.log(
    `(b) questions (adversarial aside) whose evidence turn reaches the prompt hook's output: ` +
      `${share(qs.filter((q) => q.visible).length)} (ranking the ${PROMPT_DEPTH} best lexical matches, the ` +
      `hook's default); ${share(qs.filter((q) => q.deep).length)} ranking ${TOP_K}\n`,
  );
}
