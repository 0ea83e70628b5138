/**
 * Memories that keep being used do not decay (issue 23, src/learn/use.ts): the learner updates a memory the
 * session's typed prompts brought back (same id, `used` counted up, `created` refreshed), at most once a week
 * each; Rho's `decay`, reading only brain.jsonl, then keeps it while an unused one as old goes. Also through
 * the real `brain learn`.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { defaultBrain } from "../../src/core/defaults.ts";
import type { Turn } from "../../src/core/episode.ts";
import { Brain } from "../../src/engine/brain.ts";
import { recordUse, USE_EVERY_DAYS } from "../../src/learn/use.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { brain, freshSandbox, readLines, show, writeConfig } from "../support/cli.ts";
import { project, queueTranscript, S1, turn } from "./_support.ts";

const OLD = "2026-01-01T00:00:00.000Z";
const DAY = 86_400_000;
const USED = "a1b2c3d4";
const UNUSED = "b2c3d4e5";

function open(now: { t: Date }): Brain {
  const lines = [
    ...defaultBrain(new Date(OLD)),
    {
      id: USED,
      type: "learning",
      text: "The kite staging cluster listens on port 8443",
      source: "auto",
      created: OLD,
    },
    {
      id: UNUSED,
      type: "learning",
      text: "Invoices are rendered by the papyrus service",
      source: "auto",
      created: OLD,
    },
  ];
  const store = new MemoryStore(`${lines.map((e) => JSON.stringify(e)).join("\n")}\n`);
  return Brain.open({ store, seedDefault: false, now: () => now.t });
}

const prompt = (text: string): Turn => ({ speaker: "user", role: "user", text }) as Turn;
function entry(b: Brain, id: string): Record<string, unknown> | undefined {
  b.refresh();
  return b.state.find(id)?.entry as Record<string, unknown> | undefined;
}

describe("use restarts a memory's decay clock", () => {
  it("used once a week at most; the used memory survives decay, the unused one as old does not", async () => {
    const now = { t: new Date(Date.parse(OLD) + 100 * DAY) };
    const b = open(now);
    const turns = [prompt("which port does the kite staging cluster listen on?")];
    assert.equal(await recordUse(b, turns, { now: now.t }), 1);
    assert.equal(entry(b, USED)?.used, 1);
    assert.equal(entry(b, USED)?.created, now.t.toISOString(), "the clock restarted");
    assert.equal(entry(b, UNUSED)?.used, undefined);

    now.t = new Date(now.t.getTime() + (USE_EVERY_DAYS - 1) * DAY);
    assert.equal(await recordUse(b, turns, { now: now.t }), 0, "not again within a week");
    now.t = new Date(now.t.getTime() + 2 * DAY);
    assert.equal(await recordUse(b, turns, { now: now.t }), 1, "again after a week");
    assert.equal(entry(b, USED)?.used, 2);
    assert.equal(
      await recordUse(b, [prompt("can you use a for loop here")], { now: now.t }),
      0,
      "nothing relevant, nothing used",
    );

    const decay = await b.act({ action: "decay" });
    const decayed = (decay.data as { decayed: string[] }).decayed;
    assert.ok(decayed.includes(UNUSED), JSON.stringify(decay));
    assert.ok(!decayed.includes(USED), JSON.stringify(decay));
  });
});

describe("through brain learn", () => {
  it("a session whose prompt brings an old memory back updates it once", async (t) => {
    const sb = freshSandbox(t, "brain-use-");
    const p = project(sb);
    writeConfig(sb, { curator: { threshold: 0 } });
    fs.mkdirSync(join(sb.dir, "brain"), { recursive: true });
    const lines = [
      {
        id: USED,
        type: "learning",
        text: "The kite staging cluster listens on port 8443",
        source: "auto",
        created: OLD,
      },
    ];
    fs.writeFileSync(sb.brainPath, lines.map((e) => `${JSON.stringify(e)}\n`).join(""));
    const transcript = join(sb.dir, "s1.jsonl");
    fs.writeFileSync(
      transcript,
      turn(S1, "user", "which port does the kite staging cluster listen on?", p.cwd) +
        turn(S1, "assistant", "8443, per the memory.", p.cwd),
    );
    queueTranscript(sb.brainPath, transcript, p.cwd);
    const learn = await brain(sb, ["learn", "--json"]);
    assert.equal(learn.code, 0, show(learn));
    const updates = readLines(sb.brainPath).filter((e) => e.id === USED);
    assert.equal(updates.length, 2, JSON.stringify(updates));
    assert.equal(updates[1]?.used, 1);
    assert.notEqual(updates[1]?.created, OLD);
  });
});
