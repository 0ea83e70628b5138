/**
 * Seed 001's caps: every collection keeps its newest up to its cap, whatever sequence of writes made it; a
 * compaction lets go of what the caps dropped without changing what the mind holds; compaction runs by
 * itself as the log grows, so the file stays about the size of the mind; a missing or invalid store starts
 * fresh. Small caps, just above which the writes go (the caps are configurable for exactly this).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, it } from "node:test";
import type { MindFacet } from "../../src/engine/mind.ts";
import type { MindState } from "../../src/mind/fold.ts";
import type { MindRecord } from "../../src/mind/records.ts";
import { dueForCompaction } from "../../src/mind/trim.ts";
import { foldRecords, fullKeep } from "../../src/mind/view.ts";
import { fc } from "../support/fc.ts";
import { mindBrain } from "./_support.ts";

const CAPS = {
  thoughts: 6,
  innerThoughts: 3,
  actions: 4,
  facts: 3,
  goals: 3,
  selfInstructions: 2,
  exploredPaths: 3,
  exploredUrls: 2,
  chat: 4,
  logs: 7,
  userMessages: 2,
  affectHistory: 5,
  sessions: 2,
};

type Op =
  | {
      k: "tick";
      thought: string;
      action: string;
      error: string;
      outcome: "success" | "failure" | "neutral";
      session: string;
    }
  | { k: "explored"; ref: string }
  | { k: "chat"; user: boolean; text: string; session: string }
  | { k: "goal"; text: string }
  | { k: "done"; which: number }
  | { k: "reflect"; fact: string; rule: string }
  | { k: "plan"; steps: number };

/** The writer's session ("": a loop without one); more sessions than the cap, so some are let go. */
const sessionArb = fc.constantFrom("", "", "s1", "s2", "s3");
const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta");
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    k: fc.constant("tick" as const),
    thought: word,
    action: word,
    error: fc.constantFrom("", "", "boom", "bang"),
    outcome: fc.constantFrom("success" as const, "failure" as const, "neutral" as const),
    session: sessionArb,
  }),
  fc.record({
    k: fc.constant("explored" as const),
    ref: fc.constantFrom(
      "/a",
      "/b",
      "/c",
      "/d",
      "/e",
      "https://x.org/1",
      "https://x.org/2",
      "https://x.org/3",
    ),
  }),
  fc.record({ k: fc.constant("chat" as const), user: fc.boolean(), text: word, session: sessionArb }),
  fc.record({ k: fc.constant("goal" as const), text: word }),
  fc.record({ k: fc.constant("done" as const), which: fc.nat(5) }),
  fc.record({ k: fc.constant("reflect" as const), fact: word, rule: word }),
  fc.record({ k: fc.constant("plan" as const), steps: fc.integer({ min: 1, max: 4 }) }),
);

function run(mind: MindFacet, ops: Op[]): void {
  for (const [i, op] of ops.entries()) step(mind, op, i);
}

function step(mind: MindFacet, op: Op, i: number): void {
  if (op.k === "tick")
    mind.tick(
      {
        thought: `${op.thought} ${i}`,
        action: op.action,
        outcome: op.outcome,
        ...(op.error ? { error: op.error } : {}),
      },
      op.session ? { session: op.session } : undefined,
    );
  else if (op.k === "explored") mind.explored(op.ref, `seen ${i}`);
  else if (op.k === "chat")
    mind.chat(
      op.user ? "user" : "assistant",
      `${op.text} ${i}`,
      op.session ? { session: op.session } : undefined,
    );
  else if (op.k === "goal") mind.goal.add(`${op.text} ${i}`);
  else if (op.k === "done") {
    const g = mind.goal.list()[op.which];
    if (g) mind.goal.complete(g.id);
  } else if (op.k === "reflect") mind.reflect({ facts: [`${op.fact} ${i}`], selfInstructions: [op.rule] });
  else mind.replan(Array.from({ length: op.steps }, (_, j) => `step ${j}`));
}

/** What the mind holds, without the bookkeeping a compaction changes (record counts, the last number). */
function content(s: MindState) {
  const { counts: _c, lastN: _n, lastAt: _a, ...rest } = s;
  return {
    ...rest,
    exploredPaths: [...s.exploredPaths],
    exploredUrls: [...s.exploredUrls],
    bySession: [...s.bySession],
    neurons: [...s.neurons],
    synapses: [...s.synapses],
  };
}

describe("mind caps", () => {
  it("keeps the newest of every collection up to its cap, and compaction changes none of it", (t) => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 20, maxLength: 70 }), (ops) => {
        const mb = mindBrain(t, { caps: { ...CAPS, thoughts: 1000, logs: 1000 } });
        const mind = mb.brain.mind;
        run(mind, ops);
        // Compare with a naive model of the thoughts, chat and explored paths written.
        const full = mind.full();
        const thoughts = ops.flatMap((o, i) => (o.k === "tick" ? [`${o.thought} ${i}`] : []));
        assert.deepEqual(
          full.thoughts.map((x) => x.text),
          thoughts.slice(-1000),
        );
        const chat = ops.flatMap((o, i) => (o.k === "chat" ? [`${o.text} ${i}`] : []));
        assert.deepEqual(
          full.chat.map((x) => x.text),
          chat.slice(-CAPS.chat),
        );
        const paths: string[] = [];
        for (const o of ops)
          if (o.k === "explored" && o.ref.startsWith("/"))
            paths.splice(0, paths.length, ...paths.filter((p) => p !== o.ref), o.ref);
        assert.deepEqual([...full.exploredPaths.keys()], paths.slice(-CAPS.exploredPaths));
        assert.ok(full.actions.length <= CAPS.actions && full.facts.length <= CAPS.facts);
        assert.ok(full.goals.length <= CAPS.goals && full.selfInstructions.length <= CAPS.selfInstructions);
        assert.ok(
          full.exploredUrls.size <= CAPS.exploredUrls && full.userMessages.length <= CAPS.userMessages,
        );
        assert.ok(
          full.history.length <= CAPS.affectHistory && full.innerThoughts.length <= CAPS.innerThoughts,
        );
        const before = content(full);
        const view = content(mind.state());
        mind.compact();
        assert.deepEqual(content(mind.full()), before, "compaction keeps what the mind holds");
        assert.deepEqual(content(mind.state()), view, "…and what its view shows");
        mb.close();
      }),
      { numRuns: 25 },
    );
  });

  it("compacts by itself as the log grows, so the file stays about the size of the mind", async (t) => {
    const mb = mindBrain(t, { caps: CAPS });
    const mind = mb.brain.mind;
    mind.replan(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]);
    const kept = CAPS.thoughts + CAPS.actions + CAPS.logs + CAPS.affectHistory + 1;
    for (let i = 0; i < 300; i++) {
      mind.tick({ thought: `t${i}`, action: "act", outcome: i % 50 === 0 ? "success" : "neutral" });
      // A loop that never lets the event loop turn: the write itself compacts, at the hard bound only.
      const lines = mb.lines().length;
      assert.ok(lines <= kept * 3 + 4 * 64 + 4, `${lines} lines for a mind of ${kept} records`);
    }
    assert.ok(mind.compactions > 0, "compacted at least once");
    mb.brain.persist(); // the end of a command: a due compaction runs
    const lines = mb.lines().length;
    assert.ok(lines <= kept * 1.5 + 64 + 4, `${lines} lines for a mind of ${kept} records`);
    const s = mind.state();
    assert.equal(s.ticks, 300);
    assert.equal(
      s.plan?.current,
      6,
      "plan steps advanced by ticks that were compacted away survive (checkpoint)",
    );
    assert.deepEqual(s.thoughts.map((x) => x.text).slice(-2), ["t298", "t299"]);
  });

  it("trims what a store holds beyond the caps when it is loaded (an imported memory over them)", (t) => {
    const mb = mindBrain(t, { caps: CAPS });
    const thoughts = Array.from({ length: 10 }, (_, i) => ({
      at: "2026-05-01T10:00:00.000Z",
      text: `t${i}`,
    }));
    mb.brain.mind.importHer({ thoughts });
    mb.close();
    const again = mb.reopen().mind;
    assert.deepEqual(
      again.full().thoughts.map((x) => x.text),
      ["t4", "t5", "t6", "t7", "t8", "t9"],
    );
    assert.deepEqual(again.decisionContext().thoughts, ["t9", "t8", "t7", "t6", "t5"]);
  });

  it("starts fresh when the store is missing, and from the log when its view is invalid", (t) => {
    const mb = mindBrain(t);
    assert.equal(mb.brain.mind.state().ticks, 0);
    mb.brain.mind.tick({ thought: "one", outcome: "success" });
    mb.brain.persist(true); // saves the view
    assert.ok(fs.existsSync(mb.home.file("mindView")));
    fs.writeFileSync(mb.home.file("mindView"), "{ not json");
    const again = mb.reopen().mind;
    assert.deepEqual(again.decisionContext().thoughts, ["one"]);
  });

  it("reports a line that is not a mind record and folds the rest", (t) => {
    const mb = mindBrain(t);
    mb.brain.mind.tick({ thought: "before", outcome: "neutral" });
    fs.appendFileSync(
      mb.home.file("mind"),
      '{"n":99,"at":"2026-05-01T10:00:00Z","label":"martian"}\nnot json\n',
    );
    mb.brain.mind.tick({ thought: "after", outcome: "neutral" });
    const again = mb.reopen().mind;
    assert.deepEqual(again.decisionContext().thoughts, ["after", "before"]);
    assert.equal(again.badLines.length, 2);
    assert.match(again.badLines[0]?.reason ?? "", /unknown label "martian"/);
  });

  it("a write never compacts while the log is under its hard bound: the compaction runs once the loop yields", async (t) => {
    const mb = mindBrain(t, { caps: CAPS });
    const mind = mb.brain.mind;
    const due = () => dueForCompaction(mind.state(), mind.limits.caps);
    for (let i = 0; i < 1000 && mind.compactions === 0 && !due(); i++)
      mind.tick({ thought: `t${i}`, action: "act" });
    assert.equal(mind.compactions, 0, "the tick that made it due did not compact");
    assert.ok(due(), "a compaction is due");
    const before = mb.lines().length;
    await new Promise((r) => setImmediate(r));
    assert.equal(mind.compactions, 1, "compacted when the event loop turned");
    assert.ok(mb.lines().length < before, "…and the log shrank");
  });

  it("any sequence of writes, yields and maintenance: the mind is the fold of everything ever written", async (t) => {
    // Ticks weigh most (four records each): the log passes due and overdue within a few hundred events.
    const event = fc.oneof(
      { weight: 6, arbitrary: opArb.filter((o) => o.k === "tick") },
      { weight: 6, arbitrary: opArb },
      { weight: 1, arbitrary: fc.constantFrom("yield" as const, "maintain" as const) },
    );
    let compactions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 60, maxLength: 300 }), async (events) => {
        const mb = mindBrain(t, { caps: CAPS });
        const mind = mb.brain.mind;
        const all: MindRecord[] = []; // every record ever appended, as if nothing were ever compacted
        const take = () => {
          const last = all.at(-1)?.n ?? 0;
          for (const r of mb.lines() as unknown as MindRecord[]) if (r.n > last) all.push(r);
        };
        for (const [i, e] of events.entries()) {
          if (e === "yield") await new Promise((r) => setImmediate(r));
          else if (e === "maintain") mind.maintain();
          else step(mind, e, i);
          take();
          const want = content(foldRecords(all, fullKeep(mind.limits.caps)));
          assert.deepEqual(content(mind.full()), want, `after event ${i}`);
        }
        compactions += mind.compactions;
        mb.close();
      }),
      { numRuns: 15 },
    );
    assert.ok(compactions > 0, "the sequences compacted the log");
  });
});
