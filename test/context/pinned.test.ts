/**
 * Pinned memories (src/context/sources/pinned.ts): a `pinned: true` learning or preference is in every
 * context — with or without a query, however many newer learnings compete — within the budget, listed by
 * --explain; memory lines end with their short id.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { explain } from "../../src/core/budget/render.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { fc } from "../support/fc.ts";
import { daysAgo, now } from "./_fixtures.ts";

const PIN = "Never force-push the release branch";

function open(extra: BaseEntry[] = []): Brain {
  const entries: BaseEntry[] = [
    { id: "f00dcafe", type: "learning", text: PIN, pinned: true, created: daysAgo(400) },
    {
      id: "beefbeef",
      type: "preference",
      category: "Code",
      text: "Tabs",
      pinned: true,
      created: daysAgo(300),
    },
    { id: "0ddba11a", type: "preference", category: "Code", text: "Early returns", created: daysAgo(1) },
    ...extra,
  ];
  const store = new MemoryStore(`${entries.map((e) => JSON.stringify(e)).join("\n")}\n`);
  return Brain.open({ store, seedDefault: false, now, cwd: "/work" });
}

const many = (n: number): BaseEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `c${i.toString(16).padStart(7, "0")}`,
    type: "learning",
    text: `Fresh learning number ${i} about the deploy pipeline and its many stages`,
    importance: "high",
    created: daysAgo(0),
  }));

describe("pinned memories", () => {
  test("a pinned learning and preference open every context, once, with whole ids (a cacheable block); --explain lists them", () => {
    const brain = open(many(300));
    for (const query of [undefined, "deploy pipeline stages"]) {
      const r = brain.context({ budget: 1000, explain: true, ...(query ? { query } : {}) });
      const block = r.blocks.find((b) => b.id === "pinned");
      assert.ok(block, r.text);
      assert.equal(block.cacheable, true);
      assert.match(block.text, /^## Pinned memories\n/);
      assert.ok(block.text.includes(`- ${PIN} #f00dcafe`), block.text);
      assert.ok(block.text.includes("- [Code] Tabs #beefbeef"), block.text);
      assert.equal(r.text.split(PIN).length, 2, "shown once");
      assert.ok(r.tokens <= 1000);
      const lines = explain(r).split("\n");
      assert.ok(
        lines.some((l) => /^kept {2}pinned +f00dcafe /.test(l)),
        lines.join("\n"),
      );
      // Other memory lines carry their ids too: whole in the cacheable Preferences, short in Learnings.
      assert.match(r.text, /- \[Code\] Early returns #0ddba11a$/m);
      assert.match(r.text, /- Fresh learning number \d+ .* #c\w{3,}$/m);
    }
  });

  test("a new entry sharing an id prefix with a pinned or preference entry leaves the cacheable prefix alone", () => {
    const cacheable = (b: Brain) =>
      b
        .context({ budget: 2000 })
        .blocks.filter((x) => x.cacheable)
        .map((x) => x.text)
        .join("\n\n");
    const before = cacheable(open());
    const twin: BaseEntry = { id: "f00dcaf0", type: "learning", text: "Twin id prefix", created: daysAgo(0) };
    const pref: BaseEntry = { id: "0ddba11b", type: "learning", text: "Another twin", created: daysAgo(0) };
    const after = open([twin, pref]);
    assert.equal(cacheable(after), before);
    assert.match(
      after.context({ budget: 2000 }).text,
      /- Twin id prefix #f00dcaf0$/m,
      "volatile lines: short id",
    );
  });

  test("property: within the budget, and from 300 tokens up the pin is always there", () => {
    fc.assert(
      fc.property(fc.integer({ min: 60, max: 3000 }), fc.integer({ min: 0, max: 400 }), (budget, n) => {
        const r = open(many(n)).context({ budget, explain: true });
        assert.ok(r.tokens <= budget, `${r.tokens} > ${budget}`);
        if (budget >= 300) assert.ok(r.injectedIds.includes("f00dcafe"), `budget ${budget}: ${r.text}`);
      }),
      { numRuns: 40 },
    );
  });
});
