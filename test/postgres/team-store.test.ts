/**
 * The team store's own rules (issue 15): namespaces, the server-side dedup, read-modify-append of one id from
 * two handles, LISTEN/NOTIFY delivery, and a clear, credential-free error when the server is unreachable.
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import type { Rec } from "../../src/core/rec.ts";
import { Brain } from "../../src/engine/brain.ts";
import { START } from "../../src/store/event-store.ts";
import { PostgresStore } from "../../src/store/postgres/store.ts";
import type { ScanSink } from "../../src/store/scan.ts";
import { postgresOrSkip } from "../support/postgres.ts";
import { freshStore, reopenStore } from "./support/pg-store.ts";

const server = await postgresOrSkip();
const needs = server ? {} : { skip: "no PostgreSQL here" };

function ids(store: PostgresStore): string[] {
  const out: string[] = [];
  const sink: ScanSink = {
    rec: (r: Rec) => out.push(r.id),
    bad: () => {},
    unknownType: () => {},
    warning: () => {},
  };
  store.scan(START, sink);
  return out;
}

const learning = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "learning",
    id,
    text: `text of ${id}`,
    created: "2026-01-01T00:00:00.000Z",
    ...extra,
  });

test(
  "namespaces: a brain in project P reads team + P + its user's own; writes go where the scope says",
  needs,
  (t) => {
    if (!server) return;
    const ana = freshStore(t, server, { user: "ana", cwd: "/repo/app" });
    ana.withLock(
      () =>
        ana.append([
          learning("team-1"),
          learning("app-1", { scope: "project", projectPath: "/repo/app" }),
          learning("other-1", { scope: "project", projectPath: "/repo/other" }),
          learning("ana-1", { scope: "personal" }),
        ]),
      "test",
    );
    assert.deepEqual(ids(ana), ["team-1", "app-1", "ana-1"]);
    const boInSub = reopenStore(ana, { user: "bo", cwd: "/repo/app/src" });
    assert.deepEqual(ids(boInSub), ["team-1", "app-1"], "bo under /repo/app: the project, not ana's own");
    const boOther = reopenStore(ana, { user: "bo", cwd: "/repo/other" });
    assert.deepEqual(ids(boOther), ["team-1", "other-1"]);
    const anaElsewhere = reopenStore(ana, { user: "ana", cwd: "/tmp" });
    assert.deepEqual(ids(anaElsewhere), ["team-1", "ana-1"], "her own entries follow her everywhere");
    const prefixOnly = reopenStore(ana, { user: "cy", cwd: "/repo/application" });
    assert.deepEqual(ids(prefixOnly), ["team-1"], "a directory whose name merely starts with the project's");
  },
);

test(
  "the server refuses a second live learning with the same text in a namespace; a removed one may return",
  needs,
  (t) => {
    if (!server) return;
    const a = freshStore(t, server);
    const b = reopenStore(a, { user: "bo" });
    const first = a.withLock(() => a.appendChecked([learning("l1", { text: "Always run the linter" })]), "t");
    const second = b.withLock(
      () => b.appendChecked([learning("l2", { text: "always  run the LINTER!" })]),
      "t",
    );
    assert.deepEqual([first, second], [["added"], ["duplicate"]]);
    const again = a.withLock(() => a.appendChecked([learning("l1", { text: "Always run the linter" })]), "t");
    assert.deepEqual(again, ["present"], "the same line twice is stored once");
    const project = b.withLock(
      () =>
        b.appendChecked([
          learning("l3", { text: "Always run the linter", scope: "project", projectPath: "/p" }),
        ]),
      "t",
    );
    assert.deepEqual(project, ["added"], "another namespace has its own texts");
    const tomb = JSON.stringify({
      type: "tombstone",
      id: "t1",
      target_id: "l1",
      target_type: "learning",
      reason: "removed",
      created: "2026-01-02T00:00:00.000Z",
    });
    a.withLock(() => a.append([tomb]), "t");
    const back = b.withLock(() => b.appendChecked([learning("l4", { text: "Always run the linter" })]), "t");
    assert.deepEqual(back, ["added"]);
  },
);

test(
  "updates of one id from two brains keep both fields (read-modify-append under the lock)",
  needs,
  async (t) => {
    if (!server) return;
    const s1 = freshStore(t, server);
    const s2 = reopenStore(s1);
    const one = Brain.open({ store: s1, seedDefault: false, snapshot: false });
    const two = Brain.open({ store: s2, seedDefault: false, snapshot: false });
    const added = await one.act({
      action: "add",
      type: "learning",
      text: "Deploys go through the staging cluster",
    });
    const id = (added as { data?: { id?: string } }).data?.id ?? "";
    assert.ok(id, JSON.stringify(added));
    two.refresh();
    await one.act({ action: "update", id, text: "Deploys go through the staging cluster first" });
    // `two` has not read that update; its own update still starts from the latest row.
    await two.act({ action: "update", id, source: "manual" });
    one.refresh();
    const e = one.state.find(id)?.entry as Record<string, unknown>;
    assert.equal(e.text, "Deploys go through the staging cluster first");
    assert.equal(e.source, "manual");
  },
);

test("LISTEN/NOTIFY: a subscriber hears another handle's commit and folds it", needs, async (t) => {
  if (!server) return;
  const reader = freshStore(t, server);
  const writer = reopenStore(reader, { user: "bo" });
  const brain = Brain.open({ store: reader, seedDefault: false, snapshot: false });
  const heard = new Promise<void>((resolve) => {
    const stop = reader.subscribe(() => {
      stop();
      resolve();
    });
  });
  writer.withLock(() => writer.append([learning("from-another-machine")]), "t");
  await heard;
  brain.refresh();
  assert.ok(brain.state.find("from-another-machine"), "the notified write is folded");
});

test("an unreachable server: a clear error naming the server, never its password", needs, async () => {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 1));
    });
  });
  const url = `postgres://ana:hunter2-secret@127.0.0.1:${port}/team`;
  assert.throws(
    () => new PostgresStore({ url, user: "ana", writer: "ana@x", cwd: null, connectTimeoutMs: 300 }),
    (err: Error & { code?: string }) => {
      assert.equal(err.code, "IO");
      assert.match(
        err.message,
        new RegExp(`unreachable.*127\\.0\\.0\\.1:${port}/team|127\\.0\\.0\\.1:${port}/team.*unreachable`),
      );
      assert.doesNotMatch(err.message, /hunter2|ana:/);
      return true;
    },
  );
});
