/**
 * The graph is derived: caught up piece by piece — in one process or across reopenings that load its saved
 * file — it is the graph a rebuild from the three logs gives, exactly (nodes, weights, edges, ticks). Random
 * histories of memories added, changed and removed, turns, prompts (with their decay ticks), touches,
 * detector judgements, clock jumps and late writes; the graph is looked at, saved and reopened at random
 * points along the way. Real files on disk, written through the engine; the rebuild reads the logs a few
 * records at a time (src/graph/stream.ts), so it crosses the ends of its chunks.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { canonical } from "../../src/graph/serialize.ts";
import { fc } from "../support/fc.ts";

const WORDS = [
  "deploy",
  "staging",
  "postgres",
  "backup",
  "lunch",
  "pnpm",
  "gate",
  "schema",
  "forest",
  "camping",
];
const words = fc
  .uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
  .map((w) => w.join(" "));

type Op =
  | { op: "learn"; text: string; pref: boolean }
  | { op: "update"; pick: number; text: string }
  | { op: "remove"; pick: number }
  | { op: "turns"; session: string; texts: string[] }
  | { op: "prompt"; text: string; session: string }
  | { op: "touch"; path: string }
  | { op: "detect"; pick: number; confidence: number }
  | { op: "clock"; ms: number }
  | { op: "late"; text: string; ms: number }
  | { op: "look" }
  | { op: "reopen" };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("learn" as const), text: words, pref: fc.boolean() }),
  fc.record({ op: fc.constant("update" as const), pick: fc.nat(), text: words }),
  fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant("turns" as const),
    session: fc.constantFrom("s1", "s2"),
    texts: fc.array(words, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ op: fc.constant("prompt" as const), text: words, session: fc.constantFrom("s1", "s2") }),
  fc.record({ op: fc.constant("touch" as const), path: fc.constantFrom("/srv/app/a.ts", "/srv/app/b.ts") }),
  fc.record({
    op: fc.constant("detect" as const),
    pick: fc.nat(),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ op: fc.constant("clock" as const), ms: fc.integer({ min: 0, max: 3 * 86_400_000 }) }),
  fc.record({ op: fc.constant("late" as const), text: words, ms: fc.integer({ min: 1, max: 86_400_000 }) }),
  fc.record({ op: fc.constant("look" as const) }),
  fc.record({ op: fc.constant("reopen" as const) }),
);

async function run(dir: string, ops: Op[], chunk: number): Promise<void> {
  let now = Date.parse("2026-05-01T00:00:00Z");
  const open = () =>
    Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      fsync: false,
      now: () => new Date(now),
    });
  let brain = open();
  const ids: string[] = [];
  let n = 0;
  const pick = (i: number) => ids[i % ids.length] as string;
  for (const o of ops) {
    n++;
    switch (o.op) {
      case "learn": {
        const r = await brain.act({
          action: "add",
          type: o.pref ? "preference" : "learning",
          text: `${o.text} n${n}`,
          ...(o.pref ? { category: "x" } : {}),
        });
        ids.push(String((r.data as { id: string }).id));
        break;
      }
      case "update":
        if (ids.length)
          await brain.act({ action: "update", id: pick(o.pick), text: `${o.text} u${n}` }).catch(() => {});
        break;
      case "remove":
        if (ids.length) await brain.act({ action: "remove", id: pick(o.pick) }).catch(() => {});
        break;
      case "turns":
        await brain.ingestTurns(
          o.texts.map((t, i) => ({
            session: o.session,
            turn: `${n}.${i}`,
            speaker: "user",
            text: `${t} t${n}`,
            date: "2026-05-01",
          })),
          "test",
        );
        break;
      case "prompt":
        brain.graph.prompt(o.text, [], o.session);
        break;
      case "touch":
        brain.graph.touch("path", o.path);
        break;
      case "detect":
        if (ids.length) brain.graph.detected(pick(o.pick), "correction", o.confidence);
        break;
      case "clock":
        now += o.ms;
        break;
      case "late": {
        // Another writer's entry stamped before what the graph applied: a rebuild must follow.
        const saved = now;
        now -= o.ms;
        await brain.act({ action: "add", type: "learning", text: `${o.text} late${n}` });
        now = saved;
        break;
      }
      case "look":
        brain.graph.graph();
        break;
      case "reopen":
        brain.close();
        brain = open();
        break;
    }
  }
  const incremental = canonical(brain.graph.graph());
  brain.close();
  fs.rmSync(join(dir, ".brain", "brain.jsonl.graph.json"), { force: true });
  const fresh = open();
  fresh.graph.projection.readChunk = chunk; // the rebuild reads the logs a few records at a time
  const rebuilt = fresh.graph.graph();
  assert.match(fresh.graph.projection.status, /^rebuilt/);
  assert.deepEqual(incremental, canonical(rebuilt));
}

describe("rebuild = incremental", () => {
  test("any history, caught up at any points, reopened at any points, is the graph a rebuild gives", async () => {
    const root = fs.mkdtempSync(join(tmpdir(), "brain-graph-prop-"));
    let i = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(op, { minLength: 1, maxLength: 30 }),
          fc.integer({ min: 1, max: 5 }),
          async (ops, chunk) => {
            const dir = join(root, String(i++));
            fs.mkdirSync(dir);
            await run(dir, ops, chunk);
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
