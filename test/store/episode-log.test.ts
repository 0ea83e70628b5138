/**
 * The episode log keeps no turn's text: it remembers where each line lies in episodes.jsonl and reads it back
 * by position when asked (src/store/episode-log.ts). These check that what it reads back is always the log
 * as it is now — after appends, forgets, and a purge that rewrites the file (every later line moves) — for a
 * reader opened afresh and for one that was open all along (a server), and that a record handed out before a
 * purge never shows another turn's text or the purged one.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Rec } from "../../src/core/rec.ts";
import { EpisodeLog } from "../../src/store/episode-log.ts";
import { JsonlFileStore } from "../../src/store/jsonl/file-store.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { tempDir } from "../reliability/support/harness.ts";
import { fc } from "../support/fc.ts";

interface Turn {
  id: string;
  session: string;
  text: string;
  speaker: string;
}

const entry = (t: Turn, n: number) => ({
  id: t.id,
  type: "episode",
  created: "2026-01-01T00:00:00.000Z",
  session: t.session,
  turn: `${t.session}:${n}`,
  speaker: t.speaker,
  text: t.text,
  date: `2025-0${1 + (n % 9)}-1${n % 10}T10:00:00.000Z`,
  source: "test",
});

const op = fc.oneof(
  fc.record({
    kind: fc.constant("add" as const),
    session: fc.constantFrom("s1", "s2", "s3"),
    // Multi-byte text and JSON escapes: byte offsets are not character offsets.
    text: fc.string({
      unit: fc.constantFrom("a", "é", "😀", "\n", '"', "\\", " ", "\u2028", "字"),
      maxLength: 40,
    }),
    speaker: fc.constantFrom("Ana", "Bo"),
  }),
  fc.record({ kind: fc.constant("forget" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("purge" as const), pick: fc.nat() }),
);

function check(
  log: EpisodeLog,
  model: Map<string, Turn & { n: number }>,
  label: string,
  gone: readonly string[] = [],
): void {
  log.refresh();
  assert.equal(log.size, model.size, `${label}: size`);
  // A turn forgotten or purged is not found, however lately it was looked up.
  for (const id of gone) {
    assert.equal(log.get(id), undefined, `${label}: ${id} forgotten, still found`);
    assert.equal(log.has(id), false, `${label}: ${id} forgotten, still there`);
    assert.equal(log.info(id), undefined, `${label}: ${id} forgotten, still known`);
  }
  for (const [id, t] of model) {
    const rec = log.get(id);
    assert.ok(rec, `${label}: ${id} missing`);
    assert.equal(rec.entry.text, t.text, `${label}: text of ${id}`);
    assert.equal(rec.entry.session, t.session, `${label}: session of ${id}`);
    // What ranking needs of a turn, without its line read: as the line says it.
    assert.deepEqual(
      log.info(id),
      { id, speaker: t.speaker, dateMs: Date.parse(entry(t, t.n).date), session: t.session },
      `${label}: info of ${id}`,
    );
  }
  assert.deepEqual([...log.byId.keys()].sort(), [...model.keys()].sort(), `${label}: ids`);
  for (const s of ["s1", "s2", "s3"]) {
    const want = [...model.values()].filter((t) => t.session === s).map((t) => t.id);
    assert.deepEqual(log.sessions.get(s)?.recs.map((r) => r.id) ?? [], want, `${label}: session ${s}`);
    want.forEach((id, i) => {
      const around = [want[i - 1], want[i + 1]].filter(Boolean);
      assert.deepEqual(
        log.neighbours(id).map((r) => r.id),
        around,
        `${label}: neighbours of ${id}`,
      );
      assert.deepEqual(
        log.neighbourInfo(id).map((r) => `${r.id}/${r.speaker}`),
        around.map((a) => `${a}/${model.get(a as string)?.speaker}`),
      );
    });
  }
}

test("a turn read back by position is the log as it is now, after appends, forgets and purges (property)", (t) => {
  const dir = tempDir(t);
  let run = 0;
  fc.assert(
    fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => {
      const path = join(dir, `episodes-${run++}.jsonl`);
      const store = new JsonlFileStore(path);
      const open = new EpisodeLog(store); // open all along, as a server's is
      const model = new Map<string, Turn & { n: number }>();
      const handed: Rec[] = [];
      const gone: string[] = [];
      let n = 0;
      for (const o of ops) {
        const live = [...model.keys()];
        if (o.kind === "add") {
          const t = {
            id: `e${String(n).padStart(4, "0")}`,
            session: o.session,
            text: o.text,
            speaker: o.speaker,
          };
          open.appendNew([entry(t, n)], () => {});
          model.set(t.id, { ...t, n: n++ });
        } else if (live.length > 0) {
          const id = live[o.pick % live.length] as string;
          if (o.kind === "forget") {
            open.forget(
              (l) => [l.get(id) as Rec],
              (r) => ({
                id: `t${n++}`,
                type: "tombstone",
                target_id: r.id,
                target_type: "episode",
                created: "x",
              }),
              false,
            );
          } else {
            store.purge((v) => v.id === id || v.target_id === id, "test");
          }
          model.delete(id);
          gone.push(id);
        }
        check(open, model, "open reader", gone);
        for (const id of model.keys()) handed.push(open.get(id) as Rec);
      }
      check(new EpisodeLog(new JsonlFileStore(path)), model, "fresh reader", gone);
      // A record handed out earlier shows its own turn, or (when forgotten or purged since) nothing of it.
      for (const r of handed) {
        const text = r.entry.text;
        const now = model.get(r.id);
        if (now) assert.equal(text, now.text);
        else if (text !== "") assert.ok(![...model.values()].some((m) => m.text === text && m.text !== ""));
      }
    }),
  );
});

test("a record handed out before another process purged the log does not show the purged text", (t) => {
  const path = join(tempDir(t), "episodes.jsonl");
  const store = new JsonlFileStore(path);
  const log = new EpisodeLog(store);
  const turns = ["first turn", "secret turn", "third turn"].map((text, i) => ({
    id: `e${i}`,
    session: "s",
    text,
    speaker: "Ana",
  }));
  log.appendNew(
    turns.map((t, i) => entry(t, i)),
    () => {},
  );
  log.refresh();
  const third = log.get("e2") as Rec;
  const secret = log.get("e1") as Rec;
  // Another process: a purge rewrites the file, so the third turn's line moves up to where the secret was.
  new JsonlFileStore(path).purge((v) => v.id === "e1", "test");
  assert.ok(!fs.readFileSync(path, "utf8").includes("secret"));
  // Read after the rewrite, before this reader looked again: its own text or nothing, never the line that
  // now lies where it was, nor the purged text.
  assert.ok(["third turn", ""].includes(third.entry.text as string), String(third.entry.text));
  assert.equal(secret.entry.text, "");
  log.refresh();
  assert.equal(log.resets, 1);
  assert.deepEqual(
    [...log.all()].map((r) => r.entry.text),
    ["first turn", "third turn"],
  );
});

test("a store that cannot read by position keeps the records (in memory)", () => {
  const log = new EpisodeLog(new MemoryStore());
  const t = { id: "e1", session: "s", text: "kept in memory", speaker: "Bo" };
  log.appendNew([entry(t, 0)], () => {});
  log.refresh();
  assert.equal(log.get("e1")?.entry.text, "kept in memory");
  assert.equal(log.between(Date.parse("2025-01-01"), Date.parse("2026-01-01"))[0]?.speaker, "Bo");
});
