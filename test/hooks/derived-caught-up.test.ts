/**
 * Hooks are short processes: a derived file (the association graph, the recall index) that a hook does not
 * write back leaves its catch-up to every later hook. With a fixed threshold of 500 records, a small brain's
 * graph file stayed at the first prompt while each prompt added a use event, so every prompt re-applied all
 * of them (src/core/save-policy.ts). Built CLI, real files: after a run of prompts the saved graph is at most
 * a sixteenth of its records behind the logs (before: all ten prompts' events behind).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { TAIL_SHARE } from "../../src/core/save-policy.ts";
import { brainOk, freshSandbox, show } from "../support/cli.ts";
import { common, runHook } from "./_support.ts";

const lines = (file: string) => fs.readFileSync(file, "utf8").split("\n").filter(Boolean).length;

test("prompt hooks keep a small brain's graph file caught up (at most a sixteenth behind)", async (t) => {
  const sb = freshSandbox(t);
  const env = { BRAIN_SERVE_AUTOSTART: "0" };
  await brainOk(sb, ["init"]);
  const dir = join(dirname(sb.brainPath), ".brain");
  for (let i = 0; i < 10; i++) {
    const r = await runHook(
      sb,
      "user-prompt-submit",
      { ...common(sb, sb.dir, "UserPromptSubmit"), prompt: `how do we run the tests, take ${i}?` },
      { env },
    );
    assert.equal(r.code, 0, show(r));
  }
  const saved = JSON.parse(fs.readFileSync(join(dir, "brain.jsonl.graph.json"), "utf8"));
  const events = lines(join(dir, "graph-events.jsonl"));
  const covered = Object.values(saved.marks as Record<string, { position: { line: number } }>).reduce(
    (n, m) => n + m.position.line,
    0,
  );
  const behind = events - saved.marks.events.position.line;
  assert.ok(events >= 10, `one use event a prompt: ${events}`);
  // The last prompt's own event is appended after its catch-up: one more than the tail it left unsaved.
  assert.ok(
    (behind - 1) * TAIL_SHARE < covered + behind,
    `${behind} events behind of ${covered + behind} records`,
  );
});
