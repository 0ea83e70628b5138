/**
 * The model-free path (issue 11 step 3), through the real CLI and the MCP tool: the learner's INSTANT
 * detectors and SELECTION curator put candidates in the inbox (`.brain/inbox.jsonl`, never brain.jsonl);
 * `brain inbox` lists, edits, accepts and rejects them; `autoAccept` stores them at once; `brain curator
 * stats` shows the curator's state. MCP: the official SDK client over the in-memory transport.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { addCandidates, candidateId } from "../../src/learn/inbox.ts";
import { BrainHome } from "../../src/store/home.ts";
import { startMcp } from "../mcp/_support.ts";
import { brain, freshSandbox, readLines, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { project, queueTranscript, S1, turn } from "./_support.ts";

/** A correction ("no, use pnpm here") and a rule the user states twice (proposed once). */
function session(sb: Sandbox, cwd: string): string {
  const transcript = join(sb.dir, "s1.jsonl");
  fs.writeFileSync(
    transcript,
    [
      turn(S1, "user", "no, use pnpm here", cwd),
      turn(
        S1,
        "assistant",
        "You're right. This repository pins pnpm through the packageManager field and a pnpm-lock.yaml, so npm would write a second lock file. I'll switch every install command to pnpm.",
        cwd,
      ),
      turn(S1, "user", "Always run the linter before committing.", cwd),
      turn(S1, "assistant", "Understood.", cwd),
      turn(S1, "user", "Please always run the linter before committing code.", cwd),
      turn(S1, "assistant", "Will do.", cwd),
    ].join(""),
  );
  return transcript;
}

interface Item {
  id: string;
  type: string;
  text: string;
  reason: string;
  status: string;
}

async function inbox(sb: Sandbox): Promise<Item[]> {
  const r = await brain(sb, ["inbox", "--json"]);
  assert.equal(r.code, 0, show(r));
  return (JSON.parse(r.stdout) as { items: Item[] }).items;
}

const learnings = (sb: Sandbox) =>
  readLines(sb.brainPath).filter((e) => e.type === "learning" || e.type === "preference");

describe("the inbox (model-free learning)", () => {
  it("candidates wait in the inbox; edit, accept and reject them with `brain inbox`", async (t) => {
    const sb = freshSandbox(t, "brain-inbox-");
    const p = project(sb);
    writeConfig(sb, { curator: { threshold: 0 } });
    queueTranscript(sb.brainPath, session(sb, p.cwd), p.cwd);
    assert.equal((await brain(sb, ["init"])).code, 0, "the default brain, written");
    const before = fs.readFileSync(sb.brainPath, "utf8");

    const learn = await brain(sb, ["learn", "--json"]);
    assert.equal(learn.code, 0, show(learn));
    assert.ok((JSON.parse(learn.stdout) as { inboxed: number }).inboxed >= 2, learn.stdout);
    assert.equal(fs.readFileSync(sb.brainPath, "utf8"), before, "nothing reaches brain.jsonl unreviewed");

    const items = await inbox(sb);
    const pref = items.find((i) => i.reason === "rule");
    const corr = items.find((i) => i.reason === "correction");
    assert.ok(pref && corr, JSON.stringify(items));
    assert.equal(items.length, 2, "the rule said twice is proposed once");
    assert.equal(pref.text, "Always run the linter before committing.");
    assert.equal(corr.text, "Use pnpm here.");

    const edit = await brain(sb, ["inbox", "edit", corr.id, "--text", "This repo uses pnpm, never npm"]);
    assert.equal(edit.code, 0, show(edit));
    const accept = await brain(sb, ["inbox", "accept", corr.id]);
    assert.equal(accept.code, 0, show(accept));
    assert.match(
      accept.stdout,
      /^Accepted i[0-9a-f]{7}: stored learning [0-9a-f]{8}: This repo uses pnpm, never npm$/m,
    );
    const reject = await brain(sb, ["inbox", "reject", pref.id]);
    assert.equal(reject.code, 0, show(reject));

    const stored = learnings(sb);
    assert.deepEqual(
      stored.map((e) => [e.type, e.text, e.source]),
      [["learning", "This repo uses pnpm, never npm", "auto"]],
    );
    assert.deepEqual(
      stored.map((e) => [e.sourceSession, e.sourceProject, typeof e.sourceTurn]),
      [[S1, p.root, "string"]],
      "where it was learned: the session, the project and the turn (seed 002)",
    );
    const left = await inbox(sb);
    assert.ok(!left.some((i) => i.id === corr.id || i.id === pref.id), JSON.stringify(left));

    const twice = await brain(sb, ["inbox", "accept", corr.id]);
    assert.notEqual(twice.code, 0);
    assert.match(twice.stderr, /already accepted/);
    const missing = await brain(sb, ["inbox", "reject", "i0000000"]);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /No inbox item/);

    const stats = await brain(sb, ["curator", "stats", "--json"]);
    assert.equal(stats.code, 0, show(stats));
    const s = JSON.parse(stats.stdout) as { threshold: number; seen: number; promoted: number; mode: string };
    assert.equal(s.threshold, 0);
    assert.equal(s.mode, "tfidf", "seeded from the stored memories (the default behaviours)");
    assert.ok(s.seen >= 2 && s.promoted === s.seen, stats.stdout);
  });

  it("autoAccept stores passing candidates at once; at the default threshold the curator lets through fewer", async (t) => {
    const sb = freshSandbox(t, "brain-inbox-");
    const p = project(sb);
    writeConfig(sb, { curator: { threshold: 0 }, autoAccept: true });
    fs.writeFileSync(join(p.root, "package.json"), JSON.stringify({ scripts: { lint: "biome check" } }));
    const transcript = session(sb, p.cwd);
    fs.appendFileSync(transcript, turn(S1, "user", "Remember: run pnpm lint before every commit.", p.cwd));
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const learn = await brain(sb, ["learn", "--json"]);
    assert.equal(learn.code, 0, show(learn));
    const out = JSON.parse(learn.stdout) as { memories: number; inboxed: number };
    assert.equal(out.inboxed, 0);
    assert.ok(out.memories >= 2, learn.stdout);
    assert.ok(learnings(sb).every((e) => e.source === "auto"));
    assert.ok(
      learnings(sb).every((e) => e.sourceSession === S1 && e.sourceProject === p.root && e.sourceTurn),
      "every auto-stored memory says where it came from",
    );
    const lint = learnings(sb).find((e) => String(e.text).includes("pnpm lint"));
    assert.deepEqual(lint?.anchors, ["script:lint"], JSON.stringify(learnings(sb)));
    assert.deepEqual(await inbox(sb), []);
  });
});

describe("the brain_inbox MCP tool", () => {
  it("lists, accepts and rejects candidates", async (t) => {
    const f = await startMcp("brain-inbox-mcp-");
    t.after(() => f.close());
    const file = f.brain.store.file as string;
    const text = "Integration tests need the docker compose stack running";
    const other = "Release notes are written in CHANGELOG.md by hand";
    addCandidates(BrainHome.ofLog(file), "2026-03-01T12:00:00.000Z", [
      {
        id: candidateId("learning", text),
        type: "learning",
        text,
        reason: "pattern",
        score: 0.9,
        evidence: ["1"],
      },
      {
        id: candidateId("learning", other),
        type: "learning",
        text: other,
        reason: "pattern",
        score: 0.9,
        evidence: ["2"],
      },
    ]);
    const call = async (args: Record<string, unknown>) =>
      (await f.client.callTool({ name: "brain_inbox", arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
        structuredContent: Record<string, unknown>;
      };
    const list = await call({ action: "list" });
    assert.equal(list.isError, undefined, list.content[0]?.text);
    assert.equal((list.structuredContent.items as unknown[]).length, 2);

    const acc = await call({ action: "accept", id: candidateId("learning", text) });
    assert.equal(acc.isError, undefined, acc.content[0]?.text);
    assert.match(
      acc.content[0]?.text ?? "",
      /^Accepted i[0-9a-f]{7}: stored as [0-9a-f]{8}: Integration tests/,
    );
    const rej = await call({ action: "reject", id: candidateId("learning", other) });
    assert.equal(rej.isError, undefined, rej.content[0]?.text);
    const bad = await call({ action: "accept" });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0]?.text ?? "", /requires id/);

    f.brain.refresh();
    assert.deepEqual(
      f.brain.state.list("learning").map((r) => [r.entry.text, r.entry.source]),
      [[text, "auto"]],
    );
    assert.equal(((await call({ action: "list" })).structuredContent.items as unknown[]).length, 0);
  });
});
