/**
 * Memories anchored to the code (issue 23; src/learn/anchors.ts, src/project/anchors.ts, src/context/stale.ts):
 * a memory that names a file, a symbol, a script or a package records the anchor when it is learned; before it
 * is shown the anchor is re-checked; a gone anchor marks the memory "possibly stale" and ranks it down.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { HOLD, rankDownStale } from "../../src/context/stale.ts";
import type { Item } from "../../src/core/budget/types.ts";
import { defaultBrain } from "../../src/core/defaults.ts";
import { Brain } from "../../src/engine/brain.ts";
import { extractAnchors } from "../../src/learn/anchors.ts";
import { AnchorCheck, staleNote } from "../../src/project/anchors.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { fc } from "../support/fc.ts";

const dirs: string[] = [];
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A git project with a source file, a package.json with a script and a dependency, and a Makefile. */
function project(): string {
  const root = fs.mkdtempSync(join(tmpdir(), "brain-anchors-"));
  dirs.push(root);
  fs.mkdirSync(join(root, ".git"));
  fs.mkdirSync(join(root, "src", "db"), { recursive: true });
  fs.writeFileSync(join(root, "src", "db", "pool.ts"), "export function createPool() {\n  return 1;\n}\n");
  fs.writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ scripts: { "db:migrate": "sqitch deploy" }, dependencies: { kysely: "1" } }),
  );
  fs.writeFileSync(join(root, "Makefile"), "deploy:\n\techo hi\n");
  return root;
}

describe("anchors: recorded when a memory is learned", () => {
  it("a file, a symbol in it, a script, a make target and a dependency the text names", () => {
    const root = project();
    const a = extractAnchors(
      "Pools come from `createPool` in src/db/pool.ts; migrate with pnpm db:migrate, ship with make deploy; queries use kysely.",
      root,
    );
    assert.deepEqual(a.sort(), [
      "file:src/db/pool.ts",
      "make:deploy",
      "package:kysely",
      "script:db:migrate",
      "symbol:createPool@src/db/pool.ts",
    ]);
  });

  it("only what exists now: a missing file, an unknown script, a version and a path outside are not anchors", () => {
    const root = project();
    const a = extractAnchors(
      "See src/db/missing.ts, run npm run nope, needs node 20.11.1, read /etc/hosts",
      root,
    );
    assert.deepEqual(a, []);
    assert.deepEqual(extractAnchors("src/db/pool.ts", undefined), [], "no project, no anchors");
  });
});

describe("anchors: re-checked before a memory is shown", () => {
  it("each kind is reported gone once it is gone, and only in the project it was learned in", () => {
    const root = project();
    const anchors = extractAnchors(
      "`createPool` in src/db/pool.ts, pnpm db:migrate, make deploy, kysely",
      root,
    );
    const entry = { anchors, sourceProject: root };
    assert.deepEqual(new AnchorCheck(root).gone(entry), [], "all hold");
    fs.writeFileSync(join(root, "src", "db", "pool.ts"), "export function makePool() {}\n");
    fs.writeFileSync(join(root, "package.json"), JSON.stringify({ scripts: {}, dependencies: {} }));
    fs.writeFileSync(join(root, "Makefile"), "ship:\n\techo hi\n");
    assert.deepEqual(new AnchorCheck(root).gone(entry).sort(), [
      "make:deploy",
      "package:kysely",
      "script:db:migrate",
      "symbol:createPool@src/db/pool.ts",
    ]);
    fs.rmSync(join(root, "src", "db", "pool.ts"));
    assert.ok(new AnchorCheck(root).gone(entry).includes("file:src/db/pool.ts"));
    const other = project();
    assert.deepEqual(new AnchorCheck(other).gone(entry), [], "another project's paths say nothing here");
  });

  it("the check is bounded: past its budget an anchor is taken as holding", () => {
    const root = project();
    const check = new AnchorCheck(root, 2);
    const entry = { anchors: ["file:a", "file:b", "file:c", "file:d"], sourceProject: root };
    assert.deepEqual(check.gone(entry), ["file:a", "file:b"]);
  });

  it("the note says what is gone and asks for a review", () => {
    assert.equal(staleNote([]), "");
    assert.match(
      staleNote(["file:src/x.ts"]),
      /^\(possibly stale: src\/x\.ts is gone — check it, then update or remove it\) $/u,
    );
    assert.match(staleNote(["symbol:foo@src/x.ts"]), /foo is no longer in src\/x\.ts/u);
  });
});

describe("stale memories ranked down (context/stale.ts)", () => {
  const item = (id: string): Item => ({ text: `- memory ${id}`, entryIds: [id] });
  it("a permutation; the holding items keep their order; a stale one comes after HOLD holding ones or at the end", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 60 }), (staleFlags) => {
        const items = staleFlags.map((_, i) => item(`m${i}`));
        const isStale = (id: string) => staleFlags[Number(id.slice(1))] === true;
        const out = [...rankDownStale(items, (id) => (isStale(id) ? "(possibly stale) " : ""))];
        assert.equal(out.length, items.length);
        assert.deepEqual(out.map((o) => o.entryIds[0]).sort(), items.map((o) => o.entryIds[0]).sort());
        const holding = out.filter((o) => !isStale(o.entryIds[0] as string)).map((o) => o.entryIds[0]);
        assert.deepEqual(
          holding,
          items.filter((o) => !isStale(o.entryIds[0] as string)).map((o) => o.entryIds[0]),
        );
        for (const [pos, o] of out.entries()) {
          const id = o.entryIds[0] as string;
          if (!isStale(id)) continue;
          assert.match(o.text, /^- \(possibly stale\) memory/u);
          const orig = Number(id.slice(1));
          const holdingAfter = staleFlags.slice(orig + 1).filter((s) => !s).length;
          const before = out.slice(0, pos).filter((p) => !isStale(p.entryIds[0] as string));
          const holdingBefore = before.filter(
            (p) => Number((p.entryIds[0] as string).slice(1)) > orig,
          ).length;
          assert.equal(holdingBefore, Math.min(HOLD, holdingAfter), `stale ${id} at ${pos}`);
        }
      }),
    );
  });
});

describe("through the brain: a memory whose file is gone is marked and ranked down", () => {
  const at = "2026-01-01T00:00:00.000Z";
  function open(root: string): Brain {
    const lines = [
      ...defaultBrain(new Date(at)),
      {
        id: "a1b2c3d4",
        type: "learning",
        text: "Connection pools for the billing database come from src/db/pool.ts",
        anchors: ["file:src/db/pool.ts"],
        sourceProject: root,
        created: at,
      },
      {
        id: "b2c3d4e5",
        type: "learning",
        text: "Connection pools for the billing database are capped at 20",
        created: at,
      },
    ];
    const store = new MemoryStore(`${lines.map((e) => JSON.stringify(e)).join("\n")}\n`);
    return Brain.open({ store, seedDefault: false, now: () => new Date(at), cwd: root });
  }
  const prompt = "where do connection pools for the billing database come from?";

  it("while the file exists the memory is shown first, unmarked", () => {
    const root = project();
    const m = open(root).promptMemories(prompt, { cwd: root });
    assert.equal(m.hits[0]?.id, "a1b2c3d4", m.text);
    assert.doesNotMatch(m.text, /possibly stale/u);
  });

  it("once the file is gone: marked possibly stale, ranked below the memory that holds, in prompt and context", () => {
    const root = project();
    fs.rmSync(join(root, "src", "db", "pool.ts"));
    const brain = open(root);
    const m = brain.promptMemories(prompt, { cwd: root });
    assert.deepEqual(
      m.hits.map((h) => h.id),
      ["b2c3d4e5", "a1b2c3d4"],
      m.text,
    );
    assert.match(m.text, /\(possibly stale: src\/db\/pool\.ts is gone[^)]*\) Connection pools/u);
    const ctx = brain.context({ cwd: root, query: prompt, budget: 4000 }).text;
    assert.match(ctx, /possibly stale: src\/db\/pool\.ts is gone/u, ctx);
    assert.ok(ctx.indexOf("capped at 20") < ctx.indexOf("come from src/db/pool.ts"), ctx);
  });
});
