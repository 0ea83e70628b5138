import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { typesWhere } from "../../src/core/entry-types.ts";
import type { ArrayType } from "../../src/core/fold.ts";
import type { FoldView } from "../../src/core/health.ts";
import { encodeIdHashes, IdHashes, idHash } from "../../src/store/jsonl/id-hashes.ts";
import { ID_POOL, logArb } from "../support/arbitraries.ts";
import { fc } from "../support/fc.ts";
import { snapshotWithTail } from "../support/snapshot-tail.ts";

const BY_ID = typesWhere((d) => d.fold === "byId") as ArrayType[];
/** Ids whose hashes collide two by two (found by search: c001113d and c00bd088 share one, …). */
const COLLIDING = ["c001113d", "c00bd088", "c001113e", "c00bd089", "c0011138", "c00bd08d"];

let dir: string;
let n = 0;
before(() => {
  dir = fs.mkdtempSync(join(os.tmpdir(), "brain-id-hashes-"));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every record the view finds by type and id, as a comparable value. */
function got(v: FoldView, ids: string[]) {
  return BY_ID.flatMap((t) =>
    ids.map((id) => {
      const r = v.state.get(t, id);
      return r && [r.type, r.id, r.line, r.createdMs, r.flags, r.projectPath, r.raw];
    }),
  );
}

describe("the snapshot's id table by hash", () => {
  test("the colliding ids do collide, and a look-up tells them apart by their bytes, keeping each row's fields", () => {
    for (let i = 0; i < COLLIDING.length; i += 2)
      assert.equal(idHash(COLLIDING[i] as string), idHash(COLLIDING[i + 1] as string));
    const rec = (id: string, t: number, at: number, projectPath?: string) => ({
      id,
      t,
      at,
      line: at + 1,
      createdMs: at === 30 ? Number.NaN : at * 1000,
      flags: at % 7,
      projectPath,
    });
    const table = encodeIdHashes([
      rec("c001113d", 3, 10, "/p/é"),
      rec("c00bd088", 3, 20),
      rec("c00bd088", 4, 30, "/q"),
      rec("other", 3, 40, "/p/é"),
    ]);
    assert.ok(table);
    const ids = new IdHashes(table);
    const row = (t: number, id: string) => {
      const i = ids.find(t, id);
      return i < 0 ? null : [ids.offset(i), ids.line(i), ids.createdMs(i), ids.flags(i), ids.projectPath(i)];
    };
    assert.deepEqual(row(3, "c001113d"), [10, 11, 10_000, 3, "/p/é"]);
    assert.deepEqual(row(3, "c00bd088"), [20, 21, 20_000, 6, undefined]);
    assert.deepEqual(row(4, "c00bd088"), [30, 31, Number.NaN, 2, "/q"]);
    assert.deepEqual(row(4, "c001113d"), null);
    assert.deepEqual(row(3, "other"), [40, 41, 40_000, 5, "/p/é"]);
    assert.deepEqual(row(3, "absent"), null);
    // A table whose size does not match its head is refused.
    assert.throws(() => new IdHashes(table.subarray(0, table.length - 1)));
  });

  test("ids that are not ASCII are found by their bytes", () => {
    const table = encodeIdHashes([
      { id: "é1", t: 1, at: 5, line: 2, createdMs: 1, flags: 0, projectPath: undefined },
      { id: "e1", t: 1, at: 9, line: 3, createdMs: 2, flags: 0, projectPath: undefined },
    ]);
    assert.ok(table);
    const ids = new IdHashes(table);
    assert.equal(ids.offset(ids.find(1, "é1")), 5);
    assert.equal(ids.offset(ids.find(1, "e1")), 9);
    assert.equal(ids.find(1, "é"), -1);
  });

  test("PROPERTY: ids sharing a hash are told apart (look-ups past 32 and a prefetch answer as the full fold)", () => {
    fc.assert(
      fc.property(logArb(40), fc.nat(), ({ text }, cutSeed) => {
        // The pool's ids renamed to colliding ones: a1 and a2 share a hash, a3 and a4, a5 and one never used.
        let t = text;
        ID_POOL.forEach((id, i) => {
          t = t.replaceAll(`"${id}"`, `"${COLLIDING[i]}"`);
        });
        const cut = cutSeed % (t.split("\n").length + 1);
        const { lazy, whole } = snapshotWithTail(
          join(dir, `log-${n++}`, "brain.jsonl"),
          t.split(/(?<=\n)/),
          cut,
        );
        const ids = [...COLLIDING, "nope"];
        // Past 32 look-ups the table is read into memory (snapshot-base.ts); a prefetch reads many together.
        const many = Array.from({ length: 6 }, () => ids).flat();
        for (const type of BY_ID) lazy.state.prefetch(type, many);
        assert.deepEqual(got(lazy, many), got(whole, many));
      }),
      { numRuns: 100 },
    );
  });
});
