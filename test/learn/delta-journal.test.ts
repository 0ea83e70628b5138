/**
 * The learning pass's journal (src/learn/delta-journal.ts), as a class: for any memory an interrupted learner
 * was storing (a new text, a near-duplicate that reinforces a stored one, a key/value fact) and whether or not
 * the write happened before it stopped, the restarted pass leaves the brain as one uninterrupted store would:
 * the memory once, reinforced once — never twice, never not at all. The kill windows themselves are exercised
 * through real processes in interrupted.test.ts.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { DeltaJournal, type DeltaRecord, storeJournaled } from "../../src/learn/delta-journal.ts";
import {
  applyPlan,
  MemoryIndex,
  type MemoryItem,
  planMemory,
  storeMemory,
} from "../../src/learn/memory-store.ts";
import { fc } from "../support/fc.ts";

const STORED = "The staging server listens on port 8443 since the migration";
const ITEMS: MemoryItem[] = [
  { type: "learning", text: "Release notes are written in docs/CHANGES.md by hand" },
  { type: "learning", text: `${STORED}!` },
  { type: "preference", text: "Prefers pnpm over npm in every repository", category: "Tools" },
  { type: "identity", key: "role", value: "backend engineer" },
];
const promote = () => ({ promoted: true, score: 1 });

function freshBrain(dir: string): Brain {
  fs.mkdirSync(dir, { recursive: true });
  return Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir, snapshot: false });
}

/** What a brain holds, ids aside: each live entry's type, text or key/value, and reinforcement count. */
function contents(b: Brain): string[] {
  b.refresh();
  return (["learning", "preference", "identity"] as const)
    .flatMap((t) =>
      b.state
        .list(t)
        .map(
          (r) =>
            `${t}|${String(r.entry.text ?? `${r.entry.key}=${r.entry.value}`)}|${Number(r.entry.reinforced ?? 0)}`,
        ),
    )
    .sort();
}

describe("the learning pass's journal", () => {
  it("any item, stored or not before the learner stopped: after the restart it is there once, as without the stop", async (t) => {
    const root = fs.mkdtempSync(join(tmpdir(), "brain-journal-"));
    t.after(() => fs.rmSync(root, { recursive: true, force: true }));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ITEMS), fc.boolean(), async (item, written) => {
        n++;
        const calm = freshBrain(join(root, `calm-${n}`));
        const cut = freshBrain(join(root, `cut-${n}`));
        try {
          for (const b of [calm, cut]) await b.act({ action: "add", type: "learning", text: STORED });
          await storeMemory(calm, item, MemoryIndex.of(calm), promote);

          // The interrupted learner: the plan recorded, then (or not) written, then the process gone.
          const first = MemoryIndex.of(cut);
          const plan = planMemory(cut, item, first, promote);
          assert.notEqual(plan.kind, "gated");
          if (plan.kind === "gated") return;
          const record: DeltaRecord = { fresh: [], answer: { items: [item] }, outcomes: [], applying: plan };
          if (written) await applyPlan(cut, plan, first);

          let saves = 0;
          const journal = new DeltaJournal(JSON.parse(JSON.stringify(record)), () => saves++);
          const o = await storeJournaled(cut, MemoryIndex.of(cut), journal, 0, item, promote);
          assert.deepEqual(contents(cut), contents(calm));
          assert.equal(o.kind, plan.kind === "reinforce" ? "reinforced" : "added");
          assert.equal(journal.outcome(0)?.kind, o.kind, "recorded as done");
          assert.equal(saves, written ? 0 : 1, "a write already made is not recorded again");
        } finally {
          calm.close();
          cut.close();
        }
      }),
      { numRuns: 16 },
    );
  });
});
