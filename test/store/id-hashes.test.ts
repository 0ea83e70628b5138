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
  test("the colliding ids do collide, and a look-up lists each of them as a candidate of its type", () => {
    for (let i = 0; i < COLLIDING.length; i += 2)
      assert.equal(idHash(COLLIDING[i] as string), idHash(COLLIDING[i + 1] as string));
    const table = encodeIdHashes([
      ["c001113d", 3, 10],
      ["c00bd088", 3, 20],
      ["c00bd088", 4, 30],
      ["other", 3, 40],
    ]);
    assert.ok(table);
    const ids = new IdHashes(table, 4);
    assert.deepEqual(ids.candidates(3, "c001113d"), [10, 20]);
    assert.deepEqual(ids.candidates(4, "c001113d"), [30]);
    assert.deepEqual(ids.candidates(3, "other"), [40]);
    assert.deepEqual(ids.candidates(3, "absent"), []);
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
