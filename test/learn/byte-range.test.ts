/**
 * The learner's transcript reader (src/learn/byte-range.ts), as a class: any file of lines of any length
 * (multi-byte text, an unfinished last line), any budget, line cap and chunk size. Read piece after piece from
 * the start, it returns exactly the lines within the cap, in order, reports each line over the cap with its
 * length, never holds more than max(budget, cap + 1) bytes of text, and always moves on until all that is
 * left is an unfinished line within the cap; a piece reads at most a line within the cap and a chunk past its budget.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { readPiece } from "../../src/learn/byte-range.ts";
import { fc } from "../support/fc.ts";

const lineText = fc
  .array(fc.constantFrom("a", "b", "é", "€", "{", " "), { maxLength: 60 })
  .map((cs) => cs.join(""));

describe("reading a transcript in bounded pieces", () => {
  it("any lines, budget, cap and chunk: the lines within the cap, each over-cap line reported, always progress", (t) => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-piece-"));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, "t.jsonl");
    fc.assert(
      fc.property(
        fc.array(lineText, { maxLength: 12 }),
        lineText,
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (lines, tail, max, cap, chunk) => {
          fs.writeFileSync(file, lines.map((l) => `${l}\n`).join("") + tail);
          const size = fs.statSync(file).size;
          const tailBytes = Buffer.byteLength(tail);
          const kept: string[] = [];
          const skipped: [number, number][] = [];
          let at = 0;
          let line = 0;
          let inLongLine: number | undefined;
          for (let guard = 0; ; guard++) {
            assert.ok(guard <= size + 1, "ends");
            const p = readPiece(file, at, {
              max,
              maxLine: cap,
              chunk,
              ...(inLongLine !== undefined ? { inLongLine } : {}),
            });
            if (p.bytes === 0) break;
            assert.ok(Buffer.byteLength(p.text) <= Math.max(max, cap + 1), "bounded text");
            assert.ok(p.bytes <= max + cap + chunk, "bounded reading, even past a long line");
            const got = p.text.split("\n");
            assert.equal(got.pop(), "", "complete lines only");
            assert.equal(got.length, p.lines);
            const holes = new Set(p.skipped.map((s) => s.index));
            got.forEach((l, i) => {
              if (holes.has(i)) assert.equal(l, "", "a passed-over line leaves an empty line");
              else kept.push(l);
            });
            for (const s of p.skipped) skipped.push([line + s.index, s.bytes]);
            line += p.lines;
            at += p.bytes;
            inLongLine = p.inLongLine;
          }
          const all = [...lines];
          const fits = (l: string) => Buffer.byteLength(l) <= cap;
          assert.deepEqual(kept, all.filter(fits));
          const over = all
            .map((l, i) => [i, Buffer.byteLength(l)] as [number, number])
            .filter(([, b]) => b > cap);
          assert.deepEqual(skipped, over);
          // Left: an unfinished line within the cap; an unfinished one over it is passed (the cursor is inside).
          assert.equal(at, tailBytes > cap ? size : size - tailBytes);
          assert.equal(inLongLine, tailBytes > cap ? tailBytes : undefined);
        },
      ),
      { numRuns: 400 },
    );
  });
});
