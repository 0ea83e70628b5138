/**
 * The graph through the engine: the prompt step beside the prompt's memories (within the size it is given),
 * seed 003's decay tick every 10 interactions as an event of the graph's own log, the settings keys, and a
 * purge reaching the graph's log and its derived file.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { parseSettings } from "../../src/config.ts";
import { Brain } from "../../src/engine/brain.ts";
import { GRAPH_HEADER } from "../../src/engine/graph.ts";

function open(t: { after: (fn: () => void) => void }, settings = {}) {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-graph-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  let now = Date.parse("2026-05-01T00:00:00Z");
  const brain = Brain.open({
    path: join(dir, "brain.jsonl"),
    seedDefault: false,
    fsync: false,
    now: () => new Date(now),
    settings,
  });
  return { dir, brain, tick: (ms: number) => (now += ms) };
}

const events = (dir: string) =>
  fs
    .readFileSync(join(dir, ".brain", "graph-events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { t: string; keys?: string[]; hit?: string[] });

async function seed(brain: Brain) {
  await brain.act({ action: "add", type: "learning", text: "Staging deploys run the migrations first" });
  await brain.act({
    action: "add",
    type: "learning",
    text: "The staging database is backed up with pg_dump before migrations",
  });
}

/** A long prompt: the memories share too few of its words to be shown by relevance, the graph links them. */
const PROMPT =
  "we want to release the new checkout flow with the payment retries to staging tonight, migrations?";

describe("the prompt step", () => {
  test("graph lines follow the prompt's memories, under their own header, within maxChars", async (t) => {
    const { brain } = open(t);
    await seed(brain);
    const m = brain.promptMemories(PROMPT, { maxChars: 2000 });
    const [memories, graph] = m.text.split(GRAPH_HEADER);
    assert.match(graph ?? "", /\[m:[0-9a-f]+\] .*pg_dump|\[m:[0-9a-f]+\] Staging deploys/);
    const small = brain.promptMemories(PROMPT, { maxChars: m.text.length - 1 });
    assert.ok(small.text.length <= m.text.length - 1);
    const none = brain.promptMemories(PROMPT, { maxChars: memories?.length ?? 0 });
    assert.ok(!none.text.includes(GRAPH_HEADER), "no room: no graph lines, the memories as they were");
  });

  test("graph.prompt=false: matches are still recorded, no lines", async (t) => {
    const { brain, dir } = open(t, { graph: { prompt: false } });
    await seed(brain);
    const m = brain.promptMemories("before staging migrations, anything?");
    assert.ok(!m.text.includes(GRAPH_HEADER));
    assert.equal(events(dir).filter((e) => e.t === "prompt").length, 1);
  });

  test("a prompt without keywords records nothing; a slash command is not a prompt", async (t) => {
    const { brain, dir } = open(t);
    await seed(brain);
    brain.promptMemories("?!");
    brain.promptMemories("/compact staging");
    assert.equal(fs.existsSync(join(dir, ".brain", "graph-events.jsonl")), false);
  });
});

describe("the prompt's graph event after the answer (BrainOptions.later: the server's)", () => {
  test("written when the caller lets it, or before the graph is next read; in order, none lost", async (t) => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-graph-"));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const queued: (() => void)[] = [];
    const brain = Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      fsync: false,
      later: (work) => queued.push(work),
    });
    await seed(brain);
    const prompts = () =>
      fs.existsSync(join(dir, ".brain", "graph-events.jsonl"))
        ? events(dir).filter((e) => e.t === "prompt")
        : [];
    brain.promptMemories("before staging migrations, anything?");
    assert.equal(prompts().length, 0, "not written with the answer");
    assert.equal(queued.length, 1);
    for (const w of queued.splice(0)) w();
    assert.equal(prompts().length, 1, "written when the work ran");
    brain.promptMemories("the staging database backup, pg_dump?");
    brain.promptMemories("migrations on staging tonight?");
    assert.equal(prompts().length, 2, "the third prompt's read of the graph wrote the second's event first");
    assert.equal(brain.graph.stats().status === "none", false);
    assert.deepEqual(
      prompts().map((e) => JSON.stringify(e.keys).includes("dump")),
      [false, true, false],
      "a read of the graph wrote them first, in order",
    );
    for (const w of queued.splice(0)) w();
    assert.equal(prompts().length, 3, "nothing written twice");
    brain.graph.touch("path", "src/deploy.ts");
    brain.close();
    assert.equal(events(dir).filter((e) => e.t === "touch").length, 1, "a close writes what is pending");
  });
});

describe("a hook process and a large graph", () => {
  test("over coldLoadBytes and not loaded: the prompt is recorded, no lines; loaded: lines", async (t) => {
    const { brain, dir } = open(t);
    await seed(brain);
    brain.graph.rebuild();
    brain.close();
    const cold = Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      fsync: false,
      settings: { graph: { ...brain.graph.settings.graph, coldLoadBytes: 100 } },
    });
    assert.ok(!cold.promptMemories(PROMPT).text.includes(GRAPH_HEADER), "the file is over 100 bytes");
    assert.equal(events(dir).length, 1, "the prompt was recorded all the same");
    assert.equal(cold.graph.projection.status, "none", "the graph was not loaded");
    cold.graph.graph();
    assert.ok(cold.promptMemories(PROMPT).text.includes(GRAPH_HEADER), "loaded: lines");
  });
});

describe("seed 003: a decay tick every 10 interactions", () => {
  test("every 10th prompt event is a decay tick; matched nodes were boosted", async (t) => {
    const { brain, dir, tick } = open(t);
    await seed(brain);
    for (let i = 1; i <= 25; i++) {
      tick(60_000);
      brain.promptMemories(`staging question ${i}`);
    }
    const log = events(dir);
    assert.equal(log.length, 25);
    assert.ok(log.every((e) => e.t === "prompt"));
    assert.equal(brain.graph.stats().decayTicks, 2, "after the 10th and the 20th");
    assert.equal(brain.graph.show("staging")?.weight, 1, "0.4 + 25 × 0.05, capped at 1");
  });
});

describe("settings", () => {
  test("autoContext (or autoContextEnabled) and graph.{minWeight,maxNodes,maxEdges,prompt,recall}", () => {
    const s = parseSettings(
      "x.json",
      JSON.stringify({ autoContext: true, graph: { minWeight: 0.5, maxNodes: 10 } }),
    );
    assert.equal(s.autoContext, true);
    assert.deepEqual(s.graph, {
      minWeight: 0.5,
      maxNodes: 10,
      maxEdges: 500_000,
      prompt: true,
      recall: false,
      coldLoadBytes: 256 * 1024,
    });
    assert.equal(parseSettings("x.json", "{}").autoContext, false, "default off");
    assert.equal(parseSettings("x.json", '{"autoContextEnabled": true}').autoContext, true);
    assert.throws(() => parseSettings("x.json", '{"graph": {"minWeight": 2}}'), /graph\.minWeight/);
    assert.throws(() => parseSettings("x.json", '{"graph": {"maxEdges": 0}}'), /graph\.maxEdges/);
    assert.throws(() => parseSettings("x.json", '{"autoContext": "yes"}'), /autoContext/);
  });

  test("caps from the settings reach the graph", async (t) => {
    const { brain } = open(t, { graph: { maxNodes: 6 } });
    await seed(brain);
    assert.ok(brain.graph.stats().nodes <= 6);
  });
});

describe("purge", () => {
  test("forgetting a session takes its events and a forgotten text's concepts out of the graph's log and file", async (t) => {
    const { brain, dir } = open(t);
    await seed(brain);
    await brain.ingestTurns(
      [
        {
          session: "s9",
          turn: "1",
          speaker: "user",
          text: "the vault passphrase is zanzibarquartz",
          date: "2026-05-01",
        },
      ],
      "test",
    );
    brain.promptMemories("zanzibarquartz staging?", { session: "s9" });
    brain.promptMemories("staging backups?", { session: "s1" });
    brain.close();
    assert.ok(events(dir).some((e) => e.keys?.includes("zanzibarquartz")));
    await brain.forgetEpisodes({ session: "s9" });
    const left = events(dir);
    assert.equal(left.length, 1, "the other session's prompt stays");
    brain.close();
    const grep = (p: string): boolean =>
      fs.statSync(p).isDirectory()
        ? fs.readdirSync(p).some((f) => grep(join(p, f)))
        : fs.readFileSync(p, "utf8").includes("zanzibarquartz");
    assert.equal(grep(dir), false, "no file of the brain holds the word");
    assert.equal(brain.graph.show("zanzibarquartz"), undefined);
  });
});
