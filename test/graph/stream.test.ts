/**
 * A rebuild reads the three logs a chunk at a time and merges their heads (src/graph/stream.ts) instead of
 * reading every record and sorting them all: for any three logs (each in its own order, times tied across
 * logs and within one) and any chunk size, the streamed merge gives exactly the records, in exactly the
 * order, that `merge` of the whole logs gives, and ends at the same marks. A log read out of its order is
 * reported, never merged out of order.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type GraphInput, merge } from "../../src/graph/inputs.ts";
import type { Mark, ReadLog } from "../../src/graph/read-logs.ts";
import { LogCursor, mergeCursors, OutOfOrder } from "../../src/graph/stream.ts";
import { fc } from "../support/fc.ts";

/** A log as a list of records read by index: position.offset is the index (as a byte offset would be). */
function reader(records: GraphInput[]): ReadLog<GraphInput> {
  return (from: Mark, limit = Number.POSITIVE_INFINITY) => {
    const start = from.position.offset;
    const inputs = records.slice(start, Math.min(records.length, start + limit));
    const end = start + inputs.length;
    const lastAt = inputs.length ? (inputs[inputs.length - 1] as GraphInput).at : from.lastAt;
    return { inputs, mark: { position: { offset: end, line: end, endsWithNewline: true }, lastAt } };
  };
}

const START: Mark = { position: { offset: 0, line: 0, endsWithNewline: true }, lastAt: 0 };

/** Records of log `log` at non-decreasing times (steps of 0–2: ties within and across logs). */
const log = (rank: 0 | 1 | 2) =>
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 25 }).map((steps) => {
    let at = 0;
    return steps.map((s, seq): GraphInput => {
      at += s;
      return rank === 2
        ? { log: 2, at, seq: seq + 1, ev: { t: "decay", at: new Date(at).toISOString() } }
        : rank === 0
          ? { log: 0, at, seq: seq + 1, id: `b${seq}`, type: "learning", text: `b${seq}` }
          : { log: 1, at, seq: seq + 1, id: `e${seq}`, session: "s", speaker: "user", text: `e${seq}` };
    });
  });

describe("streamed merge = merge of the whole logs", () => {
  test("same records, same order, same end marks, for any chunk size", () => {
    fc.assert(
      fc.property(log(0), log(1), log(2), fc.integer({ min: 1, max: 6 }), (b, e, v, chunk) => {
        const cursors = [b, e, v].map((l) => new LogCursor(reader(l), START, chunk));
        const streamed = [...mergeCursors(cursors)];
        assert.deepEqual(streamed, merge([b, e, v]));
        cursors.forEach((c, k) => {
          assert.equal(c.mark.position.offset, [b, e, v][k]?.length);
        });
      }),
      { numRuns: 300 },
    );
  });

  test("whatever a reader hands over, the merge never gives a record older than one it gave", () => {
    fc.assert(
      fc.property(log(0), log(1), log(2), fc.integer({ min: 1, max: 6 }), (b, e, v, chunk) => {
        const shuffled = [...e].reverse(); // a log read out of its order (a reader's bug, a log rewritten under it)
        const cursors = [b, shuffled, v].map((l) => new LogCursor(reader(l), START, chunk));
        const out: GraphInput[] = [];
        try {
          for (const i of mergeCursors(cursors)) out.push(i);
        } catch (err) {
          assert.ok(err instanceof OutOfOrder, String(err));
        }
        assert.deepEqual(out, merge([out]));
      }),
      { numRuns: 300 },
    );
  });
});
