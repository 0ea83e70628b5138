/**
 * `brain.mind`: the writes of an agent loop (tick, reflect, replan, explored, chat, goals) and what it reads
 * to decide. Each write is one locked append to `.brain/mind.jsonl`; the state a decision sees follows the
 * rules written in src/mind/ (affect, plan advance, last error, caps), and another process sees the same.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { defaultAffect, step } from "../../src/mind/affect.ts";
import { JsonlLogFile } from "../../src/store/jsonl/log-file.ts";
import { mindBrain } from "./_support.ts";

describe("brain.mind writes", () => {
  it("writes a tick — thought, action, log line, affect — in ONE locked append of the mind log", (t) => {
    const mb = mindBrain(t);
    const mind = mb.brain.mind;
    const appends: string[][] = [];
    const original = JsonlLogFile.prototype.append;
    JsonlLogFile.prototype.append = function (this: JsonlLogFile, lines: string[]) {
      if (this.path === mb.home.file("mind")) appends.push(lines);
      return original.call(this, lines);
    };
    t.after(() => {
      JsonlLogFile.prototype.append = original;
    });
    mind.tick({
      action: { type: "read_file", what: "README.md", summary: "the layout" },
      outcome: "success",
      thought: "read first",
      innerThought: "calm",
    });
    assert.equal(appends.length, 1);
    assert.deepEqual(
      appends[0]?.map((l) => JSON.parse(l).label),
      ["thought", "inner", "action", "log", "tick"],
    );
    assert.deepEqual(
      mb.lines().map((l) => l.n),
      [1, 2, 3, 4, 5],
    );
  });

  it("updates affect by the rules, advances the plan on success only, sets and clears the last error", (t) => {
    const mind = mindBrain(t).brain.mind;
    mind.replan(["find the theme", "add a palette", "test contrast"]);
    const ok = mind.tick({ action: "read_file", outcome: "success", novel: true });
    assert.deepEqual(ok.affect, step(defaultAffect(), { outcome: "success", novel: true }));
    assert.equal(ok.plan?.current, 1);
    const bad = mind.tick({ action: "write_file", error: "ENOENT: no such file" });
    assert.equal(bad.outcome, "failure");
    assert.equal(bad.plan?.current, 1, "a failure does not advance the plan");
    assert.equal(bad.lastError, "ENOENT: no such file");
    const again = mind.tick({ action: "write_file", error: "ENOENT: no such file" });
    assert.deepEqual(again.affect, step(bad.affect, { outcome: "failure", repeated: true }));
    const calm = mind.tick({ action: "think", outcome: "neutral" });
    assert.equal(calm.lastError, "", "a tick without an error clears it");
    mind.tick({ outcome: "success" });
    mind.tick({ outcome: "success" });
    const done = mind.tick({ outcome: "success" });
    assert.equal(done.plan?.current, 3, "the plan stops at its end");
    assert.equal(done.tick, 7);
    const d = mind.decisionContext();
    assert.equal(d.plan?.done, true);
    assert.equal(d.plan?.next, null);
  });

  it("cuts the last error to 200 characters and the last user message to 500", (t) => {
    const mind = mindBrain(t).brain.mind;
    mind.tick({ error: "e".repeat(201) });
    assert.equal(mind.state().lastError.length, 200);
    mind.chat("user", "u".repeat(501));
    assert.equal(mind.state().lastUserMessage.length, 500);
  });

  it("reflects: a self-summary, proposed goals (not twice), facts and self-instructions (the newest 10)", (t) => {
    const mind = mindBrain(t).brain.mind;
    mind.goal.add("Ship dark mode");
    mind.reflect({
      selfSummary: "I read before I write.",
      goals: ["ship dark mode", "Keep contrast at AA"],
      facts: ["The app keeps state in SQLite", "The app keeps state in SQLite"],
      selfInstructions: Array.from({ length: 12 }, (_, i) => `rule ${i}`),
    });
    mind.reflect({ selfInstructions: ["rule 3"] });
    const s = mind.state();
    assert.equal(s.selfSummary, "I read before I write.");
    assert.deepEqual(
      s.goals.map((g) => [g.text, g.by ?? "user"]),
      [
        ["Ship dark mode", "user"],
        ["Keep contrast at AA", "reflect"],
      ],
    );
    assert.deepEqual(
      s.facts.map((f) => f.text),
      ["The app keeps state in SQLite"],
    );
    assert.deepEqual(
      s.selfInstructions.map((i) => i.text),
      ["rule 2", "rule 4", "rule 5", "rule 6", "rule 7", "rule 8", "rule 9", "rule 10", "rule 11", "rule 3"],
    );
  });

  it("completes a goal by id, id prefix or text; an unknown one is NOT_FOUND", (t) => {
    const mind = mindBrain(t).brain.mind;
    const a = mind.goal.add("first goal");
    const b = mind.goal.add("second goal");
    const c = mind.goal.add("third goal");
    assert.equal(mind.goal.complete(a.id).status, "done");
    assert.equal(mind.goal.complete(b.id.slice(0, 4)).id, b.id);
    assert.equal(mind.goal.complete("  THIRD   goal ").id, c.id);
    assert.deepEqual(mind.goal.list(), []);
    assert.equal(mind.goal.list(true).length, 3);
    assert.throws(() => mind.goal.complete("no such goal"), { code: "NOT_FOUND" });
  });

  it("keeps at most 20 goals, letting the oldest done ones go first", (t) => {
    const mind = mindBrain(t).brain.mind;
    const first = mind.goal.add("goal 0");
    mind.goal.complete(first.id);
    for (let i = 1; i <= 20; i++) mind.goal.add(`goal ${i}`);
    const goals = mind.state().goals;
    assert.equal(goals.length, 20);
    assert.ok(!goals.some((g) => g.id === first.id), "the done goal went first");
    mind.goal.add("goal 21");
    assert.equal(mind.state().goals[0]?.text, "goal 2", "then the oldest active one");
  });

  it("replans with at most planSteps steps, and refuses an empty plan", (t) => {
    const mind = mindBrain(t, { caps: { planSteps: 3 } }).brain.mind;
    const p = mind.replan(["a", "b", " ", "c", "d"]);
    assert.deepEqual(p.steps, ["a", "b", "c"]);
    assert.equal(p.current, 0);
    assert.throws(() => mind.replan([" "]), { code: "INVALID" });
  });

  it("tells paths from URLs, keeps each once (the newest), and logs each exploration", (t) => {
    const mb = mindBrain(t);
    const mind = mb.brain.mind;
    mind.explored("/srv/app/README.md", "project overview");
    mind.explored("https://example.org/contrast", "WCAG ratios");
    mind.explored("/srv/app/src", "two files");
    mind.explored("/srv/app/README.md", "read again");
    const s = mind.state();
    assert.deepEqual([...s.exploredPaths.keys()], ["/srv/app/src", "/srv/app/README.md"]);
    assert.equal(s.exploredPaths.get("/srv/app/README.md")?.summary, "read again");
    assert.deepEqual([...s.exploredUrls.keys()], ["https://example.org/contrast"]);
    assert.deepEqual(
      mb
        .lines()
        .filter((l) => l.label === "log")
        .map((l) => l.kind),
      ["explore_path", "explore_url", "explore_path", "explore_path"],
    );
  });

  it("keeps the user model's last 10 messages; the last one is the last user message", (t) => {
    const mind = mindBrain(t).brain.mind;
    for (let i = 0; i < 12; i++) mind.chat(i % 2 ? "assistant" : "user", `message ${i}`);
    const s = mind.state();
    assert.equal(s.lastUserMessage, "message 10");
    assert.deepEqual(s.userMessages, [
      "message 0",
      "message 2",
      "message 4",
      "message 6",
      "message 8",
      "message 10",
    ]);
    assert.equal(s.chat.length, 12);
  });

  it("shows another process what this one wrote (the view folds what was appended)", (t) => {
    const mb = mindBrain(t);
    mb.brain.mind.goal.add("Ship dark mode");
    mb.brain.mind.tick({ thought: "the theme lives in src/theme", outcome: "success" });
    mb.close();
    const other = mb.reopen().mind;
    assert.equal(other.decisionContext().primaryGoal?.text, "Ship dark mode");
    other.tick({ thought: "second", outcome: "neutral" });
    assert.deepEqual(mb.brain.mind.decisionContext().thoughts, ["second", "the theme lives in src/theme"]);
  });
});

describe("brain.mind.decisionContext", () => {
  it("shows what seed 001's decideAction reads, in its counts", (t) => {
    const mind = mindBrain(t).brain.mind;
    mind.goal.add("Ship dark mode");
    mind.goal.add("Keep contrast at AA", "reflect");
    mind.replan(["find the theme", "add a dark palette"]);
    mind.chat("user", "please add a dark mode");
    for (let i = 0; i < 8; i++)
      mind.tick({
        action: { type: "read_file", what: `file${i}.ts`, summary: `summary ${i}` },
        thought: `thought ${i}`,
        innerThought: `inner ${i}`,
        outcome: "neutral",
      });
    mind.tick({
      action: { type: "list_dir", what: "src/theme", summary: "palette.ts, index.ts" },
      outcome: "neutral",
      thought: "found the theme",
    });
    mind.reflect({
      facts: ["f1", "f2", "f3", "f4"],
      selfInstructions: Array.from({ length: 9 }, (_, i) => `r${i}`),
      selfSummary: "careful",
    });
    for (let i = 0; i < 7; i++) mind.explored(`/srv/app/p${i}`);
    for (let i = 0; i < 4; i++) mind.explored(`https://example.org/u${i}`);
    mind.tick({ error: "boom" });
    const d = mind.decisionContext({ query: "theme palette" });
    assert.equal(d.primaryGoal?.text, "Ship dark mode");
    assert.equal(d.lastUserMessage, "please add a dark mode");
    assert.equal(d.lastError, "boom");
    assert.equal(d.plan?.next, "find the theme");
    assert.equal(d.goals.length, 2);
    assert.equal(d.episodes.length, 5);
    assert.equal(d.episodes[0]?.what, "src/theme", "the episode about the theme ranks first");
    assert.deepEqual(
      d.facts.map((f) => f.text),
      ["f4", "f3", "f2"],
    );
    assert.equal(d.selfInstructions.length, 7);
    assert.deepEqual(d.thoughts, ["found the theme", "thought 7", "thought 6", "thought 5", "thought 4"]);
    assert.deepEqual(d.innerThoughts, ["inner 7", "inner 6", "inner 5"]);
    assert.deepEqual(
      d.explored.paths.map((p) => p.ref),
      ["/srv/app/p6", "/srv/app/p5", "/srv/app/p4", "/srv/app/p3", "/srv/app/p2"],
    );
    assert.equal(d.explored.urls.length, 3);
    assert.equal(d.self.summary, "careful");
    assert.equal(d.self.counts.ticks, 10);
    assert.equal(d.self.counts.thoughts, 9);
    assert.match(
      d.text,
      /^Primary goal: Ship dark mode\nLast user message: please add a dark mode\nLast error: boom\nPlan: step 1 of 2: find the theme/,
    );
    assert.match(d.text, /Affect: joy .* \| dopamine /);
  });

  it("is empty for a new mind, and the mind log is not created by reading", (t) => {
    const mb = mindBrain(t);
    const d = mb.brain.mind.decisionContext();
    assert.equal(d.text, "");
    assert.equal(d.ticks, 0);
    assert.deepEqual(mb.lines(), []);
  });
});
