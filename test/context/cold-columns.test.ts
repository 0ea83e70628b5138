/**
 * A cold `brain context` on a snapshot ranks from the snapshot's stored columns (core/columns.ts,
 * src/context/sources/cold.ts) plus what was appended since, reading only the records it shows. Property: for
 * random logs (updates, tombstones, pins, importance, scopes, ties and bad dates on `created`, ids sharing
 * prefixes, anchors, tasks and reminders due or not), a snapshot of any prefix with the rest appended gives
 * byte for byte the context a fresh fold of the whole log gives, in several directories and at clocks days
 * and weeks apart (nothing stored depends on the clock: scores are made per context).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { buildContext } from "../../src/context/build.ts";
import { storedColumns } from "../../src/core/cold.ts";
import type { FoldView } from "../../src/core/health.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { fc } from "../support/fc.ts";
import { snapshotWithTail } from "../support/snapshot-tail.ts";
import { NOW, tempRoot } from "./_fixtures.ts";

const DAY = 86_400_000;
let root: string;
let n = 0;
before(() => {
  root = tempRoot("bcold-");
  // A repository whose package.json has one script: an anchor "script:gone" is stale, "script:build" holds.
  fs.mkdirSync(join(root, "repo", ".git"), { recursive: true });
  fs.writeFileSync(join(root, "repo", "package.json"), JSON.stringify({ scripts: { build: "tsc" } }));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

const ids = fc.constantFrom(
  "abcd1234",
  "abcd12ff",
  "abce0000",
  "ab",
  "0a0a0a0a",
  "0a0a0a0b",
  "e1",
  "e2",
  "e3",
);
// Mostly valid dates (then the snapshot stores the learnings' rank groups), with ties; sometimes not a date.
const created = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      "2026-03-01T00:00:00.000Z",
      "2026-03-01T00:00:00Z",
      "2026-02-20T08:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
      "2025-06-01T00:00:00.000Z",
    ),
  },
  { weight: 1, arbitrary: fc.constant("not a date") },
);
const word = fc.constantFrom("uses pnpm", "deploy via staging", "", "  ", "tabs\tand\nlines", "émigré 🎉");

/** One log line: an entry of a ranked type (often a new id), an update of an id, or a tombstone. */
const entryArb = (repo: string): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .record({
      type: fc.constantFrom(
        "learning",
        "learning",
        "learning",
        "preference",
        "preference",
        "task",
        "reminder",
        "behavior",
        "identity",
      ),
      id: fc.oneof(
        ids,
        fc.integer({ min: 0, max: 0xffff }).map((k) => `f${k.toString(16).padStart(7, "0")}`),
      ),
      text: word,
      created,
      scope: fc.constantFrom(undefined, "project"),
      projectPath: fc.constantFrom(undefined, repo, `${repo}/sub`, "/elsewhere", ""),
      source: fc.constantFrom(undefined, "manual"),
      importance: fc.constantFrom(undefined, "high", "low", "medium"),
      pinned: fc.constantFrom(undefined, undefined, true),
      anchors: fc.constantFrom(undefined, undefined, ["script:gone"], ["script:build"]),
      category: fc.constantFrom("Code", "Tools", "code", "Ünicode", ""),
      status: fc.constantFrom("pending", "pending", "done", undefined),
      priority: fc.constantFrom("normal", "high", "urgent", "low", "odd", undefined),
      due: fc.constantFrom(null, "2026-02-27", "2026-03-01", "2026-03-09", "2026-03-01T06:00:00Z", "soon"),
      enabled: fc.boolean(),
      next_due: fc.constantFrom(null, "2026-02-01T00:00:00Z", "2026-03-20T00:00:00Z"),
      tomb: fc.nat(9),
    })
    .map((r) => {
      if (r.tomb === 0)
        return {
          id: `t-${r.id}`,
          type: "tombstone",
          target_id: r.id,
          target_type: r.type,
          created: r.created,
        };
      const base: Record<string, unknown> = { id: r.id, type: r.type, created: r.created };
      const opt = (k: string, v: unknown) => (v === undefined ? {} : { [k]: v });
      switch (r.type) {
        case "learning":
          return {
            ...base,
            text: r.text,
            ...opt("scope", r.scope),
            ...opt("projectPath", r.projectPath),
            ...opt("sourceProject", r.anchors ? repo : undefined),
            ...opt("source", r.source),
            ...opt("importance", r.importance),
            ...opt("pinned", r.pinned),
            ...opt("anchors", r.anchors),
          };
        case "preference":
          return {
            ...base,
            text: r.text,
            category: r.category,
            ...opt("importance", r.importance),
            ...opt("pinned", r.pinned),
            ...opt("anchors", r.anchors),
            ...opt("projectPath", r.anchors ? repo : undefined),
          };
        case "task":
          return {
            ...base,
            description: r.text,
            ...opt("status", r.status),
            ...opt("priority", r.priority),
            due: r.due,
            tags: ["x"],
          };
        case "reminder":
          return {
            ...base,
            text: r.text,
            enabled: r.enabled,
            ...opt("priority", r.priority),
            next_due: r.next_due,
            cadence: { kind: "daily" },
          };
        case "identity":
          return { ...base, key: r.category || "name", value: r.text };
        default:
          return { ...base, category: "do", text: r.text };
      }
    });

/** The log of `lines` with a snapshot of its first `cut` lines, loaded and the rest folded in (as start-up does). */
function cold(lines: string[], cut: number): { lazy: FoldView; whole: FoldView } {
  return snapshotWithTail(join(root, `log-${n++}`, "brain.jsonl"), lines, cut);
}

const answer = (v: FoldView, cwd: string, nowMs: number, budget: number, explain: boolean) =>
  JSON.stringify(buildContext(v.state, { cwd, budget, explain }, { brainDir: null, now: new Date(nowMs) }));

test("a context from the snapshot's columns and the appended tail is the context of a fresh fold", () => {
  const repo = join(root, "repo");
  let coldRuns = 0;
  let grouped = 0;
  fc.assert(
    fc.property(
      fc.array(entryArb(repo), { maxLength: 80 }),
      fc.option(fc.nat(), { freq: 2 }),
      fc.array(
        fc.tuple(fc.integer({ min: -3, max: 120 }), fc.constantFrom(repo, `${repo}/sub`, "/elsewhere")),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
      fc.integer({ min: 150, max: 4000 }),
      fc.boolean(),
      (entries, cutAt, asks, budget, explain) => {
        const lines = entries.map((e) => `${JSON.stringify(e as BaseEntry)}\n`);
        // Half the runs with no tail (the snapshot's stored orders in use), half cut anywhere.
        const cut = cutAt === null ? lines.length : cutAt % (lines.length + 1);
        const { lazy, whole } = cold(lines, cut);
        const stored = storedColumns(lazy.state, "learning");
        if (stored) coldRuns++;
        if (stored?.groups?.length) grouped++;
        for (const [days, cwd] of asks) {
          const at = NOW.getTime() + days * DAY + (days % 2) * 7 * 3_600_000;
          assert.equal(
            answer(lazy, cwd, at, budget, explain),
            answer(whole, cwd, at, budget, explain),
            `at day ${days} in ${cwd}, cut ${cut}`,
          );
        }
      },
    ),
    { numRuns: 200 },
  );
  // The property held on the stored path, not only on the fallback (a tail of anything but new ids).
  assert.ok(coldRuns > 50, `only ${coldRuns} runs used the stored columns`);
  assert.ok(grouped > 30, `only ${grouped} runs ranked from the stored groups`);
});

test("learnings of equal score and `created` in different rank groups keep their fold order", () => {
  const repo = join(root, "repo");
  const at = "2026-02-28T00:00:00.000Z";
  const learning = (id: string, path: string) =>
    `${JSON.stringify({ id, type: "learning", text: `from ${path}`, created: at, scope: "project", projectPath: path })}\n`;
  for (const paths of [
    [repo, `${repo}/sub`],
    [`${repo}/sub`, repo],
  ]) {
    const lines = paths.map((p, k) => learning(`a${k}`, p as string));
    const { lazy, whole } = cold(lines, lines.length);
    assert.ok(storedColumns(lazy.state, "learning")?.groups?.length === 2, "two rank groups");
    const cwd = `${repo}/sub`;
    const text = answer(lazy, cwd, NOW.getTime(), 2000, false);
    assert.equal(text, answer(whole, cwd, NOW.getTime(), 2000, false));
    assert.ok(text.includes(`from ${paths[0]}`) && text.includes(`from ${paths[1]}`), "both are shown");
  }
});
