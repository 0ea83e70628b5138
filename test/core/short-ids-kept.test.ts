/**
 * Short ids kept up to date as entries arrive (FoldState.apply hands a record of a new id to the ShortIds it
 * has, src/core/short-ids.ts) answer exactly as short ids built afresh from the live records: every id's short
 * form, and what every prefix matches (which records, in which order: an ambiguous id's error lists them).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { FoldState } from "../../src/core/fold.ts";
import { Rec } from "../../src/core/rec.ts";
import { ShortIds } from "../../src/core/short-ids.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { fc } from "../support/fc.ts";

const IDS = ["abcd", "abcd0", "abcd01", "abcd0f", "abce9", "ffff12", "ffff1", "zzzz1", "zzzz12", "ab"];
const PREFIXES = [...IDS, "abc", "abcd0", "ffff", "zzzz", "abce", "abcd01x"];
const C = "2026-01-15T00:00:00.000Z";

const entry = fc
  .record({
    id: fc.constantFrom(...IDS),
    type: fc.constantFrom("learning", "preference", "task", "behavior", "identity", "tombstone"),
    target: fc.constantFrom("learning", "preference", "task", "identity"),
    text: fc.constantFrom("one", "two", "three"),
  })
  .map(({ id, type, target, text }): BaseEntry => {
    if (type === "tombstone")
      return { id: `t-${id}`, type, target_id: id, target_type: target, reason: "r", created: C };
    if (type === "identity") return { id, type, key: text, value: text, created: C };
    return { id, type, text, created: C };
  });

const observe = (s: ShortIds) => ({
  short: IDS.map((id) => s.short(id)),
  matching: PREFIXES.map((p) => s.matching(p).map((r) => [r.type, r.id, JSON.stringify(r.entry)])),
});

test("PROPERTY: short ids kept across applies equal short ids built afresh", () => {
  fc.assert(
    fc.property(
      fc.array(entry, { maxLength: 40 }),
      fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      (entries, reads) => {
        const s = new FoldState();
        entries.forEach((e, i) => {
          s.apply(Rec.fromEntry({ ...e, v: i }));
          if (reads[i]) assert.deepEqual(observe(s.shortIds()), observe(new ShortIds(s.live())));
        });
        assert.deepEqual(observe(s.shortIds()), observe(new ShortIds(s.live())));
      },
    ),
    { numRuns: 300 },
  );
});
