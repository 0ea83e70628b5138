/**
 * Seed 001's neurons and synapses (a `memory.json`, as ../shared/fixtures/her-memory.json has them — copied
 * here) into the graph's own log, for issue 27's import: nodes with their strength and last use, edges with
 * their weight; a concept becomes the brain's own concept of those words; unreadable keys are reported.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";

const neurons = {
  self: { kind: "self", strength: 1, lastUsed: "2026-05-01T10:05:00.000Z" },
  "path:/srv/app/src/theme": { kind: "path", strength: 0.6, lastUsed: "2026-05-01T10:03:00.000Z" },
  "concept:dark mode": { kind: "concept", strength: 0.8, lastUsed: "2026-05-01T10:04:00.000Z" },
  "url:https://example.org/contrast": { kind: "url", strength: 0.4, lastUsed: "2026-05-01T10:05:00.000Z" },
  "mood:sunny": { kind: "mood", strength: 0.5 },
};
const synapses = {
  "self|path:/srv/app/src/theme": { weight: 0.5, lastUsed: "2026-05-01T10:03:00.000Z" },
  "concept:dark mode|path:/srv/app/src/theme": { weight: 0.7, lastUsed: "2026-05-01T10:04:00.000Z" },
  "concept:dark mode|url:https://example.org/contrast": { weight: 0.3, lastUsed: "2026-05-01T10:05:00.000Z" },
  "nothing-here": { weight: 0.3 },
};

test("a memory.json's neurons and synapses become nodes and edges, kept across a rebuild", (t) => {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-her-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const now = Date.parse("2026-05-02T00:00:00Z");
  const open = () =>
    Brain.open({
      path: join(dir, "brain.jsonl"),
      seedDefault: false,
      fsync: false,
      now: () => new Date(now),
    });
  const brain = open();
  const r = brain.graph.importHer(neurons, synapses);
  assert.equal(r.recorded, 3 + 3);
  assert.deepEqual(r.skipped, ["mood:sunny", "nothing-here"]);
  const check = (b: Brain) => {
    const theme = b.graph.show("p:/srv/app/src/theme");
    assert.ok(theme);
    assert.equal(theme.weight, 0.6);
    assert.equal(theme.used, "2026-05-01T10:03:00.000Z");
    const dark = b.graph.show("c:dark mode");
    assert.equal(dark?.weight, 0.8);
    assert.equal(dark?.title, "dark mode");
    const links = new Map(dark?.neighbours.map((n) => [n.ref, n.link]));
    assert.equal(links.get("p:/srv/app/src/theme"), 0.7);
    assert.equal(links.get("u:https://example.org/contrast"), 0.3);
    assert.equal(b.graph.show("self")?.neighbours[0]?.ref, "p:/srv/app/src/theme");
  };
  check(brain);
  brain.close();
  fs.rmSync(join(dir, ".brain", "brain.jsonl.graph.json"));
  check(open());
});
