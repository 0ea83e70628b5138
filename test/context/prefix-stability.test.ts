/**
 * Prefix stability (issue 3): when only learnings change between two turns, the cacheable blocks — the
 * provider's prefix cache — are byte-identical; and the Anthropic rendering puts `cache_control` on the
 * last cacheable block only.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, test } from "node:test";
import type { ContextResult } from "../../src/context/build.ts";
import { toAnthropic, toOpenAI } from "../../src/core/budget/render.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { fc } from "../support/fc.ts";
import { brainSpecArb, materialise } from "./_arbitraries.ts";
import {
  behavior,
  cleanup,
  daysAgo,
  learning,
  now,
  preference,
  REPRESENTATIVE_FILES,
  representativeEntries,
  tempBrain,
  tempRoot,
} from "./_fixtures.ts";

const prefix = (r: ContextResult) =>
  r.blocks
    .filter((b) => b.cacheable)
    .map((b) => b.text)
    .join("\n\n");
const volatile = (r: ContextResult) =>
  r.blocks
    .filter((b) => !b.cacheable)
    .map((b) => b.text)
    .join("\n\n");

async function addLearning(t: ReturnType<typeof tempBrain>, text: string): Promise<void> {
  const res = await t.brain.act({ action: "add", type: "learning", text });
  assert.equal(res.ok, true, JSON.stringify(res));
}

/** Append log lines directly (what another process writing the brain looks like). */
function append(t: ReturnType<typeof tempBrain>, ...entries: BaseEntry[]): void {
  fs.appendFileSync(t.path, entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
}

describe("prefix stability: only learnings changed → identical cacheable prefix", () => {
  test("representative brain: adding a learning leaves the cacheable blocks byte-identical", async () => {
    const t = tempBrain(representativeEntries(), REPRESENTATIVE_FILES);
    try {
      const a = t.brain.context({ budget: 2000 });
      await addLearning(t, "A brand new learning about caching prefixes");
      const b = t.brain.context({ budget: 2000 });
      assert.ok(prefix(a).length > 0);
      assert.equal(prefix(b), prefix(a));
      assert.notEqual(volatile(b), volatile(a), "the learning must show in the volatile part");
      assert.ok(b.text.includes("A brand new learning about caching prefixes"));
    } finally {
      cleanup(t);
    }
  });

  test("a brain whose behaviours and preferences are cut by the budget: still byte-identical", async () => {
    const entries: BaseEntry[] = [
      ...Array.from({ length: 60 }, (_, i) =>
        behavior(`b${i}`, "do", `Behaviour ${i} with enough padding to need real room in the budget`),
      ),
      ...Array.from({ length: 30 }, (_, i) =>
        preference(`p${i}`, "Code", `Preference ${i} with padding text`),
      ),
      learning("l1", "The first learning", { created: daysAgo(1) }),
    ];
    const t = tempBrain(entries);
    try {
      for (const budget of [300, 1000, 2500]) {
        const a = t.brain.context({ budget });
        assert.ok(
          a.blocks.find((x) => x.id === "behavior")?.text.includes("more omitted"),
          "behaviours must be cut for this test to mean anything",
        );
        append(
          t,
          learning(`l-${budget}`, `Another, longer learning for budget ${budget} ${"pad ".repeat(30)}`),
        );
        const b = t.brain.context({ budget });
        assert.equal(prefix(b), prefix(a), `cacheable prefix changed at budget ${budget}`);
      }
    } finally {
      cleanup(t);
    }
  });

  test("property: random brains, add, edit or remove learnings → cacheable prefix unchanged (150 runs)", () => {
    fc.assert(
      fc.property(
        brainSpecArb(150),
        fc.array(fc.string({ minLength: 1, maxLength: 400 }), { minLength: 1, maxLength: 20 }),
        fc.nat(),
        (spec, texts, pick) => {
          const root = tempRoot();
          try {
            const t = tempBrain(materialise(spec.raws, root), spec.files, { root });
            const a = t.brain.context({ budget: spec.budget });
            append(t, ...texts.map((x, i) => learning(`new${i}`, x, { created: daysAgo(i % 3) })));
            assert.equal(prefix(t.brain.context({ budget: spec.budget })), prefix(a), "after adding");
            const old = t.brain.state.list("learning");
            const victim = old[pick % Math.max(1, old.length)];
            if (victim) {
              append(t, { ...victim.entry, text: `${String(victim.entry.text)} (edited)` });
              append(t, {
                id: `ts-${victim.id}`,
                type: "tombstone",
                target_id: victim.id,
                target_type: "learning",
                reason: "test",
                created: daysAgo(0),
              });
              assert.equal(prefix(t.brain.context({ budget: spec.budget })), prefix(a), "after edit/remove");
            }
          } finally {
            cleanup({ root });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("anthropic: cache_control marks the end of the stable prefix", () => {
  test("exactly one block carries cache_control: the last cacheable one; openai splits at the same point", () => {
    const t = tempBrain(representativeEntries(), REPRESENTATIVE_FILES);
    try {
      for (const budget of [300, 2000]) {
        const r = t.brain.context({ budget });
        const sys = toAnthropic(r).system;
        assert.equal(sys.length, r.blocks.length);
        const marked = sys.map((s, i) => (s.cache_control ? i : -1)).filter((i) => i >= 0);
        const lastStable = r.blocks.map((b) => b.cacheable).lastIndexOf(true);
        assert.ok(lastStable >= 0);
        assert.deepEqual(marked, [lastStable]);
        assert.deepEqual(sys[lastStable]?.cache_control, { type: "ephemeral" });
        assert.ok(r.blocks.slice(0, lastStable + 1).every((b) => b.cacheable));
        assert.ok(r.blocks.slice(lastStable + 1).every((b) => !b.cacheable));
        assert.equal(r.blocks[lastStable]?.id, "brain-file:AGENTS.md", "AGENTS.md is the last stable block");
        assert.deepEqual(
          sys.map((s) => s.text),
          r.blocks.map((b) => b.text),
        );
        const msgs = toOpenAI(r).messages;
        assert.deepEqual(
          msgs.map((m) => m.content),
          [prefix(r), volatile(r)],
        );
      }
    } finally {
      cleanup(t);
    }
  });

  test("a brain with only volatile blocks (no brain directory) gets no cache_control at all", () => {
    const store = new MemoryStore();
    store.withLock(() => store.append([JSON.stringify(learning("l1", "only a learning"))]), "test");
    const brain = Brain.open({ store, seedDefault: false, now, cwd: "/" });
    const r = brain.context({ budget: 500 });
    assert.ok(r.blocks.length > 0);
    assert.ok(r.blocks.every((b) => !b.cacheable));
    assert.ok(toAnthropic(r).system.every((s) => s.cache_control === undefined));
    assert.equal(toOpenAI(r).messages.length, 1);
  });
});
