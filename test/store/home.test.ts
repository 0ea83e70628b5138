/**
 * One home for a brain's local files (issues 21 and 22): a brain.jsonl that is a symlink keeps every local
 * file beside its target, so the learner, the tools and the server all find the same inbox, queue and state
 * (the learner once wrote `.brain/inbox.jsonl` beside the link while `brain inbox` read beside the target, and
 * the user saw "nothing to review"). Checked for every named local file, and through the real surfaces.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addCandidates, candidateId } from "../../src/learn/inbox.ts";
import { BrainHome, LOCAL_FILES, type LocalFile } from "../../src/store/home.ts";
import { project, S1, stopInput, turn } from "../learn/_support.ts";
import { brain, brainOk, freshSandbox, show } from "../support/cli.ts";

function linked(dir: string): { target: string; link: string } {
  fs.mkdirSync(join(dir, "real"), { recursive: true });
  fs.mkdirSync(join(dir, "linkdir"), { recursive: true });
  const target = join(dir, "real", "brain.jsonl");
  const link = join(dir, "linkdir", "brain.jsonl");
  fs.symlinkSync(target, link); // dangling until the brain is created through it
  return { target, link };
}

test("every local file of a symlinked brain is named beside the target, whichever path names it", (t) => {
  const sb = freshSandbox(t, "brain-home-");
  const { target, link } = linked(sb.dir);
  const viaLink = BrainHome.ofLog(link);
  const viaTarget = BrainHome.ofLog(target);
  assert.equal(viaLink.dir, join(sb.dir, "real"));
  for (const f of Object.keys(LOCAL_FILES) as LocalFile[])
    assert.equal(viaLink.file(f), viaTarget.file(f), f);
  assert.equal(viaLink.lock("learner"), viaTarget.lock("learner"));
});

test("through the link: the hook's queue, the learner's state and the inbox are the target's", async (t) => {
  const sb = freshSandbox(t, "brain-home-");
  const { target, link } = linked(sb.dir);
  const env = { BRAIN_PATH: link, BRAIN_SERVE_AUTOSTART: "0" };
  await brainOk(sb, ["init"], { env });
  assert.ok(fs.existsSync(target) && fs.lstatSync(link).isSymbolicLink());
  const { cwd } = project(sb);
  const transcript = join(sb.dir, "t.jsonl");
  fs.writeFileSync(transcript, turn(S1, "user", "we deploy with make release", cwd));
  const stop = await brain(sb, ["hook", "stop"], { stdin: JSON.stringify(stopInput(transcript, cwd)), env });
  assert.equal(stop.code, 0, show(stop));
  await brainOk(sb, ["learn"], { env });
  const real = join(sb.dir, "real", ".brain");
  // The Stop hook may have started a learner in the background first (then `brain learn` left the work to
  // it): wait, a bounded number of polls, for the run's log line.
  for (let i = 0; i < 400 && !fs.existsSync(join(real, "learn-log.jsonl")); i++)
    await new Promise((r) => setTimeout(r, 25));
  for (const f of ["transcripts.jsonl", "learn-cursors.json", "learn-log.jsonl"])
    assert.ok(fs.existsSync(join(real, f)), `${f} beside the target`);
  assert.ok(!fs.existsSync(join(sb.dir, "linkdir", ".brain")), "nothing beside the link");
  // What the learner puts in the inbox (through the home the link resolves to) is what `brain inbox` lists.
  const text = "Releases are cut with make release";
  addCandidates(BrainHome.ofLog(link), "2026-03-01T12:00:00.000Z", [
    { id: candidateId("learning", text), type: "learning", text, reason: "test", score: 1, evidence: [] },
  ]);
  assert.match((await brainOk(sb, ["inbox"], { env })).stdout, /Releases are cut with make release/);
  assert.match(
    (await brainOk(sb, ["inbox"], { env: { ...env, BRAIN_PATH: target } })).stdout,
    /make release/,
  );
});
