/**
 * The learner's detector judgements reach the graph (seed 003): with autoAccept, a stored correction gets a
 * `detect` event carrying the detector's confidence, and the graph weighs the memory by it (0.5–0.85); a
 * detected preference weighs 0.7. Through the real CLI (`brain learn`, `brain graph show`).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { project, queueTranscript, S1, turn } from "../learn/_support.ts";
import { brain, freshSandbox, readLines, show, writeConfig } from "../support/cli.ts";

test("a correction stored by the learner is weighed in the graph by its confidence", async (t) => {
  const sb = freshSandbox(t, "brain-graph-learn-");
  const p = project(sb);
  writeConfig(sb, { curator: { threshold: 0 }, autoAccept: true });
  const transcript = join(sb.dir, "s1.jsonl");
  fs.writeFileSync(
    transcript,
    [
      turn(S1, "user", "no, use pnpm here", p.cwd),
      turn(
        S1,
        "assistant",
        "You're right. This repository pins pnpm through the packageManager field and a pnpm-lock.yaml, so npm would write a second lock file. I'll switch every install command to pnpm.",
        p.cwd,
      ),
    ].join(""),
  );
  queueTranscript(sb.brainPath, transcript, p.cwd);
  const learn = await brain(sb, ["learn", "--json"]);
  assert.equal(learn.code, 0, show(learn));
  const correction = readLines(sb.brainPath).find((e) => String(e.text ?? "").startsWith("Correction:"));
  assert.ok(correction, "the correction was stored");
  const events = fs
    .readFileSync(join(dirname(sb.brainPath), ".brain", "graph-events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { t: string; node?: string; confidence?: number; reason?: string });
  const detect = events.find((e) => e.t === "detect" && e.node === `m:${correction.id}`);
  assert.ok(detect, JSON.stringify(events));
  assert.equal(detect.reason, "correction");
  const c = detect.confidence as number;
  assert.ok(c >= 0.5 && c <= 0.85, String(c));
  const shown = await brain(sb, ["graph", "show", `m:${correction.id}`, "--json"]);
  assert.equal(shown.code, 0, show(shown));
  assert.equal(JSON.parse(shown.stdout).weight, Math.round(c * 1000) / 1000);
});
