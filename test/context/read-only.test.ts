/**
 * Building a context is a read (issue 9 §1): it writes nothing in the brain directory, the paths it used are
 * recorded only by the explicit `Brain.recordRecent`, and the engine reads the log once per request.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import type { EventStore } from "../../src/store/event-store.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import type { Position, ScanResult, ScanSink } from "../../src/store/scan.ts";
import { cleanup, learning, now, tempBrain, tempRoot, writeFiles } from "./_fixtures.ts";

/** Every file under `dir` with its size and modification time (what a write would change). */
function listing(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const st = fs.statSync(join(dir, name));
    out.set(name, `${st.size}:${st.mtimeMs}`);
  }
  return out;
}

function repoWithRules(root: string): string {
  const repo = join(root, "repo");
  fs.mkdirSync(join(repo, ".git"), { recursive: true });
  writeFiles(repo, {
    ".cursor/rules/tsx.mdc": '---\nglobs: "**/*.tsx"\n---\nMARK-cursor-tsx\n',
    "CLAUDE.md": "MARK-claude\n",
    "web/App.tsx": "export {};\n", // recent paths keep only files that exist
  });
  return repo;
}

describe("context is a read", () => {
  test("building contexts (files, query, recover, explain) leaves every file in the brain directory as it was", () => {
    const root = tempRoot();
    const repo = repoWithRules(root);
    const t = tempBrain(
      [learning("l1", "prefer small tsx components")],
      { "PLAN.md": "# Plan\n\n1. go\n" },
      { root, cwd: repo },
    );
    try {
      // A brain opened the way surfaces open it (snapshot on), with a recent list to recover from.
      const brain = Brain.open({ path: t.path, seedDefault: false, now, cwd: repo });
      brain.recordRecent([{ path: join(repo, "web/App.tsx"), kind: "file" }]);
      const before = listing(t.dir);
      const a = brain.context({ files: ["web/App.tsx"], query: "tsx components" });
      const b = brain.context({ recover: true, explain: true });
      assert.ok(
        a.text.includes("MARK-cursor-tsx") && b.text.includes("MARK-cursor-tsx"),
        "the rule was attached",
      );
      assert.deepEqual(listing(t.dir), before);
    } finally {
      cleanup(t);
    }
  });

  test("recordRecent writes the paths a context used: files named and attached rules that survived the budget", () => {
    const root = tempRoot();
    const repo = repoWithRules(root);
    const t = tempBrain([], {}, { root, cwd: repo });
    try {
      const r = t.brain.context({ files: ["web/App.tsx"] });
      assert.deepEqual(r.used, [
        { path: join(repo, "web/App.tsx"), kind: "file" },
        { path: join(repo, ".cursor/rules/tsx.mdc"), kind: "rule" },
      ]);
      t.brain.recordRecent(r.used);
      const recent = JSON.parse(fs.readFileSync(join(t.dir, ".brain", "recent.json"), "utf8")) as {
        path: string;
        kind: string;
        at: string;
      }[];
      assert.deepEqual(
        recent.map((x) => `${x.kind}:${x.path}`),
        [`file:${join(repo, "web/App.tsx")}`, `rule:${join(repo, ".cursor/rules/tsx.mdc")}`],
      );
      assert.equal(recent[0]?.at, now().toISOString());
      assert.ok(
        t.brain.context({ recover: true }).text.includes(`- rule ${join(repo, ".cursor/rules/tsx.mdc")}`),
      );
    } finally {
      cleanup(t);
    }
  });
});

/** An EventStore that counts how often the log is read. */
/** Counts the looks at the log: every read starts by asking its identity (then scans only if it grew). */
class CountingStore implements EventStore {
  scans = 0;
  constructor(readonly inner: EventStore) {}
  get location() {
    return this.inner.location;
  }
  scan(from: Position, sink: ScanSink): ScanResult {
    return this.inner.scan(from, sink);
  }
  size() {
    return this.inner.size();
  }
  withLock<T>(fn: () => T, purpose: string): T {
    return this.inner.withLock(fn, purpose);
  }
  append(lines: string[]) {
    return this.inner.append(lines);
  }
  createIfMissing(lines: string[]) {
    return this.inner.createIfMissing(lines);
  }
  identity() {
    this.scans++;
    return this.inner.identity();
  }
  get dir() {
    return this.inner.dir;
  }
  get file() {
    return this.inner.file;
  }
  sibling(name: string) {
    return this.inner.sibling(name);
  }
  purge(drop: (value: Record<string, unknown>) => boolean, purpose: string) {
    return this.inner.purge(drop, purpose);
  }
}

describe("one read of the log per request", () => {
  test("context() reads the log once; with a query, no more than recall() alone", async () => {
    const store = new CountingStore(new MemoryStore());
    const brain = Brain.open({ store, now, cwd: "/work/p" });
    await brain.act({ action: "add", type: "learning", text: "the deploy script lives in ops/deploy.sh" });
    brain.context({ query: "deploy" }); // warm the recall index

    let n = store.scans;
    brain.context({});
    assert.equal(store.scans - n, 1, "a context without a query folds once");

    n = store.scans;
    brain.recall("deploy script");
    const recallScans = store.scans - n;
    n = store.scans;
    const r = brain.context({ query: "deploy script" });
    assert.ok(r.text.includes("ops/deploy.sh"));
    assert.equal(store.scans - n, recallScans, "context with a query refreshes once, as recall does");
  });
});
