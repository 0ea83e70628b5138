/**
 * Limits that keep one write or one tool result from flooding the log or the agent's context:
 *  - maxEntryChars (default 8000, configurable) bounds every value a write stores — text fields, nested
 *    values by their JSON length, removal reasons, reminder errors — with a message naming the field and the
 *    limit; the CLI exits 2;
 *  - list (and search through list) returns at most 100 entries by default and at most 1000 with `limit`,
 *    says how to get the next page, and paging with `offset` visits every entry exactly once;
 *    Brain.search caps its hits the same way; a bad limit or offset is a clear error.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BrainError } from "../../src/core/errors.ts";
import { Brain } from "../../src/engine/brain.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { cli, show, tempDir } from "./support/harness.ts";

const code = (e: unknown) => (e instanceof BrainError ? e.code : `not a BrainError: ${String(e)}`);

test("maxEntryChars bounds every stored value, naming the field and the limit", async () => {
  const store = new MemoryStore();
  const brain = Brain.open({ store, settings: { maxEntryChars: 100 } });
  const l = await brain.act({ action: "add", type: "learning", text: "x".repeat(100) });
  const r = await brain.act({ action: "add", type: "reminder", text: "r", cadence: "6h", enabled: true });
  const before = store.text;
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [
      { action: "add", type: "learning", text: "y".repeat(101) },
      "text",
      /is 101 characters; the limit is 100/,
    ],
    [{ action: "add", type: "task", description: "d".repeat(500) }, "description", /is 500 characters/],
    [{ action: "update", id: l.data?.id, text: "z".repeat(101) }, "text", /the limit is 100/],
    [
      { action: "add", type: "task", description: "t", tags: ["t".repeat(120)] },
      "tags",
      /as JSON; the limit is 100/,
    ],
    // A nested value is measured as JSON (an unknown parameter is refused before any value is looked at).
    [
      {
        action: "add",
        type: "reminder",
        text: "n",
        enabled: true,
        cadence: { kind: "interval", every: "6h", note: "q".repeat(120) },
      },
      "cadence",
      /as JSON/,
    ],
    [
      { action: "add", type: "context", project: "p", path: "/p", content: "c".repeat(101) },
      "content",
      /101/,
    ],
    [{ action: "remove", id: l.data?.id, reason: "r".repeat(101) }, "reason", /the limit is 100/],
    [{ action: "reminder_run", id: r.data?.id, result: "error", error: "e".repeat(101) }, "error", /100/],
  ];
  for (const [p, field, re] of cases) {
    await assert.rejects(brain.act(p), (e: Error) => {
      assert.equal(code(e), "INVALID", JSON.stringify(p).slice(0, 80));
      assert.match(e.message, new RegExp(`^field "${field}" is \\d+ characters`), e.message);
      assert.match(e.message, re);
      assert.match(e.message, /maxEntryChars/);
      assert.equal((e as BrainError).details?.field, field);
      return true;
    });
  }
  assert.equal(store.text, before, "nothing written by a refused write");

  const defaults = Brain.open({ store: new MemoryStore() });
  await defaults.act({ action: "add", type: "learning", text: "a".repeat(8000) });
  await assert.rejects(
    defaults.act({ action: "add", type: "learning", text: "b".repeat(8001) }),
    /limit is 8000/,
  );
});

test("the CLI takes maxEntryChars from the config file and exits 2 with the field named", async (t) => {
  const dir = tempDir(t);
  const config = join(dir, "config.json");
  fs.writeFileSync(config, JSON.stringify({ maxEntryChars: 50 }));
  const path = join(dir, "brain.jsonl");
  const env = { HOME: dir, BRAIN_CONFIG: config };
  const ok = await cli(["--brain", path, "add", "type=learning", `text=${"a".repeat(50)}`], env);
  assert.equal(ok.code, 0, show(ok));
  const r = await cli(["--brain", path, "add", "type=learning", `text=${"a".repeat(51)}`], env);
  assert.equal(r.code, 2, show(r));
  assert.match(r.stderr, /field "text" is 51 characters; the limit is 50 \(maxEntryChars in config\)/);
});

/** A brain with `n` learnings (and a few other entries), written as lines: fast to build. */
function bigBrain(n: number): { brain: Brain; ids: string[] } {
  const created = "2026-01-01T00:00:00.000Z";
  const ids = Array.from({ length: n }, (_, i) => `l${String(i).padStart(7, "0")}`);
  const lines = ids.map((id, i) =>
    JSON.stringify({ id, type: "learning", text: `${i % 3 === 0 ? "alpha" : "beta"} note ${i}`, created }),
  );
  lines.push(
    JSON.stringify({ id: "p0000001", type: "preference", text: "alpha pref", category: "Code", created }),
  );
  lines.push(JSON.stringify({ id: "t0000001", type: "task", description: "alpha task", created }));
  const brain = Brain.open({ store: new MemoryStore(`${lines.join("\n")}\n`), seedDefault: false });
  return { brain, ids };
}

type Page = {
  total: number;
  shown: number;
  offset: number;
  groups: { type: string; entries: { id: string }[] }[];
};
const page = async (brain: Brain, p: Record<string, unknown>) => {
  const r = await brain.act({ action: "list", ...p });
  return { data: r.data as unknown as Page, message: r.message };
};
const idsOf = (p: Page) => p.groups.flatMap((g) => g.entries.map((e) => e.id));

test("list is capped (100 by default, 1000 at most) and offset pages through every entry exactly once", async () => {
  const { brain, ids } = bigBrain(2345);
  const first = await page(brain, { type: "learning" });
  assert.equal(first.data.total, 2345);
  assert.equal(first.data.shown, 100, "100 by default");
  assert.deepEqual(idsOf(first.data), ids.slice(0, 100));
  assert.match(first.message, /\(showing 1–100 of 2345; use offset=100 for more\)/);
  assert.ok(first.message.split("\n").length < 110, "the text result is bounded too");

  assert.equal(
    (await page(brain, { type: "learning", limit: 5000 })).data.shown,
    1000,
    "limit capped at 1000",
  );
  assert.equal((await page(brain, { type: "learning", limit: "5000" })).data.shown, 1000, "as a string too");

  for (const limit of [1000, 100, 333]) {
    const seen: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const p = (await page(brain, { type: "learning", limit, offset })).data;
      if (p.shown === 0) {
        assert.equal(offset >= 2345, true);
        break;
      }
      assert.ok(p.shown <= limit);
      seen.push(...idsOf(p));
    }
    assert.deepEqual(seen, ids, `limit ${limit}: every learning exactly once, in order`);
  }

  // Across types (no type given) the pages run through the groups in listing order.
  const all: string[] = [];
  for (let offset = 0; offset < 3000; offset += 1000) {
    all.push(...idsOf((await page(brain, { limit: 1000, offset })).data));
  }
  assert.equal(all.length, 2347);
  assert.equal(new Set(all).size, 2347, "no entry twice across types");

  // A query (what `brain search` runs) is paginated the same way.
  const matching = ids.filter((_, i) => i % 3 === 0);
  const q = await page(brain, { type: "learning", query: "alpha" });
  assert.equal(q.data.total, matching.length);
  assert.equal(q.data.shown, 100);
  const seen: string[] = [];
  for (let offset = 0; offset < matching.length; offset += 250) {
    seen.push(...idsOf((await page(brain, { type: "learning", query: "alpha", limit: 250, offset })).data));
  }
  assert.deepEqual(seen, matching);

  const past = await page(brain, { type: "learning", offset: 99999 });
  assert.equal(past.data.shown, 0);
  assert.match(past.message, /No learning entries at offset=99999 \(2345 in total\)/);
});

test("a bad limit or offset is a clear error", async () => {
  const { brain } = bigBrain(10);
  for (const [field, value] of [
    ["limit", -1],
    ["limit", 2.5],
    ["limit", "abc"],
    ["offset", -5],
    ["offset", 1.5],
    ["offset", "x"],
    ["offset", Number.NaN],
    ["limit", Number.POSITIVE_INFINITY],
  ] as const) {
    await assert.rejects(brain.act({ action: "list", [field]: value }), (e: Error) => {
      assert.equal(code(e), "INVALID", `${field}=${String(value)}`);
      assert.match(e.message, new RegExp(`field "${field}" must be a whole number`));
      return true;
    });
  }
});

test("Brain.search returns at most 1000 hits however many are asked for", () => {
  const { brain } = bigBrain(2345);
  assert.equal(brain.search("note").hits.length, 10, "10 by default");
  const r = brain.search("note", { limit: 1_000_000 });
  assert.ok(r.total >= 1000, `${r.total} matches`);
  assert.equal(r.hits.length, 1000);
});
