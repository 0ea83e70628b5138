/**
 * The resident server builds a missing graph in slices (GraphFacet.warm), so it answers prompts meanwhile:
 * while the build runs the prompt step shows no graph lines (and builds nothing at once), and the graph it
 * ends with is the one a synchronous rebuild of the same logs gives.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { GRAPH_HEADER } from "../../src/engine/graph.ts";
import { toJson } from "../../src/graph/serialize.ts";

const PROMPT =
  "we want to release the new checkout flow with the payment retries to staging tonight, migrations?";

function open(path: string) {
  return Brain.open({ path, seedDefault: false, fsync: false, now: () => new Date("2026-05-01T00:00:00Z") });
}

/** Closes `brain`: the graph it ended with is the one a synchronous rebuild of the same logs gives. */
function assertAsRebuilt(brain: Brain, path: string): void {
  const built = JSON.stringify(toJson(brain.graph.graph()));
  brain.close();
  const other = open(path);
  other.graph.drop();
  assert.equal(JSON.stringify(toJson(other.graph.graph())), built);
  other.close();
}

/** A brain of `texts` and 20 checkout notes whose graph file is gone (and its event log, with `noEvents`). */
async function withoutGraph(
  t: { after: (fn: () => void) => void },
  texts: string[] = [],
  noEvents = false,
): Promise<{ path: string; graphFile: string; eventLog: string }> {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-warm-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "brain.jsonl");
  const first = open(path);
  for (const text of texts) await first.act({ action: "add", type: "learning", text });
  for (let i = 0; i < 20; i++)
    await first.act({
      action: "add",
      type: "learning",
      text: `Checkout retries note ${i}: payment flow staging`,
    });
  const graphFile = first.graph.projection.path as string;
  const eventLog = first.graph.events.file as string;
  first.close();
  fs.rmSync(graphFile, { force: true });
  if (noEvents) fs.rmSync(eventLog, { force: true }); // a fresh brain: no prompt recorded yet
  return { path, graphFile, eventLog };
}

test("a graph built in slices lets prompts through meanwhile and ends as the synchronous rebuild", async (t) => {
  const { path } = await withoutGraph(t, [
    "Staging deploys run the migrations first",
    "The staging database is backed up with pg_dump before migrations",
  ]);
  const brain = open(path);
  let pauses = 0;
  let during = "";
  await brain.graph.warm({
    due: () => true,
    pause: async () => {
      pauses++;
      if (pauses === 1) {
        assert.equal(brain.graph.building, true);
        during = brain.promptMemories(PROMPT, { maxChars: 2000 }).text;
      }
    },
  });
  assert.ok(pauses > 10, `paused ${pauses} times`);
  assert.ok(!during.includes(GRAPH_HEADER), "no graph lines while it is built");
  assert.equal(brain.graph.building, false);
  assert.ok(brain.promptMemories(PROMPT, { maxChars: 2000 }).text.includes(GRAPH_HEADER));
  assertAsRebuilt(brain, path);
});

test("a prompt that creates the graph's event log while the graph is built in slices does not stop the build", async (t) => {
  const { path, graphFile, eventLog } = await withoutGraph(t, [], true);
  const brain = open(path);
  let pauses = 0;
  await brain.graph.warm({
    due: () => true,
    pause: async () => {
      // The first hook arrives while the graph is built: its prompt is recorded, creating the event log.
      if (++pauses === 1) brain.promptMemories(PROMPT, { maxChars: 2000 });
    },
  });
  assert.ok(fs.existsSync(eventLog), "the prompt was recorded");
  assert.ok(
    fs.existsSync(graphFile),
    `the graph was built and saved (status: ${brain.graph.projection.status})`,
  );
  assertAsRebuilt(brain, path);
});

test("a build in slices told it is cancelled (the server stopping) stops at its next pause, building nothing", async (t) => {
  const { path, graphFile } = await withoutGraph(t);
  const brain = open(path);
  let pauses = 0;
  let stopping = false;
  await brain.graph.warm({
    due: () => true,
    pause: async () => {
      if (++pauses === 3) stopping = true;
    },
    cancelled: () => stopping,
  });
  assert.equal(pauses, 3, "no slice after the one that saw the stop");
  assert.equal(brain.graph.building, false);
  assert.equal(brain.graph.projection.status, "none");
  assert.ok(!fs.existsSync(graphFile), "nothing built, nothing saved");
  brain.close();
});
