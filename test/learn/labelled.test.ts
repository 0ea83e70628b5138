/**
 * Model-free learning on the labelled coding sessions (test/learn/labelled/), through the real hooks: each
 * check-split session is written as a Claude Code transcript, `brain hook stop` queues it and starts the
 * learner detached (the installed bin), and the inbox is read with `brain inbox --all --json` once the
 * learner is done. Four brains side by side (run at once): young (empty) and grown (40 memories: the curator in TF-IDF mode), with the curator at its
 * default threshold and without it (threshold 0: everything but duplicates). Goal (issue 23): precision and
 * recall of explicit requests and corrections ≥ 0.8 each, and no candidate from text the user never typed.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { runHook } from "../hooks/_support.ts";
import { brain, freshSandbox, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { waitSettled } from "../support/learner.ts";
import { loadLabelled } from "./labelled/format.ts";
import { grownMemories } from "./labelled/run.ts";
import { type Figures, line, type Proposed, precision, requestRecall, score } from "./labelled/score.ts";

const set = loadLabelled();
const check = set.sessions.filter((s) => s.split === "check");

async function through(t: { after: (fn: () => void) => void }, grown: boolean, curator: boolean) {
  const sb: Sandbox = freshSandbox(t, "brain-labelled-");
  writeConfig(sb, curator ? {} : { curator: { threshold: 0 } });
  fs.mkdirSync(join(sb.dir, "brain"), { recursive: true });
  if (grown) {
    const b = Brain.open({ path: sb.brainPath, seedDefault: false, fsync: false });
    for (const m of grownMemories()) await b.act({ action: "add", ...m });
    b.close();
  }
  for (const s of check) {
    const transcript = join(sb.dir, `${s.id}.jsonl`);
    fs.writeFileSync(transcript, s.records.map((r) => `${JSON.stringify(r)}\n`).join(""));
    const input = {
      session_id: s.records[0]?.sessionId,
      transcript_path: transcript,
      cwd: s.cwd,
      hook_event_name: "Stop",
      stop_hook_active: false,
    };
    // One Stop a session, as Claude Code fires it; a learner already running takes what is queued meanwhile.
    const stop = await runHook(sb, "stop", input);
    assert.equal(stop.code, 0, show(stop));
  }
  await waitSettled(sb.brainPath, 6000);
  const r = await brain(sb, ["inbox", "--all", "--json"]);
  assert.equal(r.code, 0, show(r));
  const items = (JSON.parse(r.stdout) as { items: { text: string; evidence: string[] }[] }).items;
  const proposed: Proposed[] = items.map((i) => ({ text: i.text, evidence: i.evidence }));
  return score(check, set.facts, proposed);
}

function expectGoal(f: Figures, what: string): void {
  assert.equal(f.untyped, 0, `${what}: candidates from text the user never typed: ${f.wrong.join(" | ")}`);
  assert.ok(precision(f) >= 0.8, `${what}: precision ${precision(f)}: ${f.wrong.join(" | ")}`);
  assert.ok(requestRecall(f) >= 0.8, `${what}: recall ${requestRecall(f)}: ${f.missed.join(" | ")}`);
}

describe("the labelled sessions through the real hooks (check split)", { concurrency: 4 }, () => {
  for (const grown of [false, true])
    for (const curator of [true, false]) {
      const what = `${grown ? "grown" : "young"} brain, ${curator ? "curator at 0.82" : "no curator"}`;
      it(`${what}: precision and recall ≥ 0.8, nothing from untyped text`, async (t) => {
        const f = await through(t, grown, curator);
        t.diagnostic(`${what}: ${line(f)}`);
        expectGoal(f, what);
      });
    }
});
