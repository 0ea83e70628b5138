/**
 * PagedFile.linesAt (src/store/jsonl/paged-file.ts): the lines at a sorted set of offsets, read in windows
 * into one reused buffer, are exactly the file's lines — whatever the window and line guess (small ones here,
 * so lines longer than a window, windows ending mid-line and a last line without its newline all occur), read
 * through the descriptor or from the file's bytes in memory, with bytes before offset 0 or none.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { PagedFile } from "../../src/store/jsonl/paged-file.ts";
import { fc, SEED } from "../support/fc.ts";

test("PROPERTY: linesAt gives each asked line whole, for any window and line guess", (t) => {
  t.diagnostic(`fast-check seed ${SEED}`);
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-paged-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "lines");
  fc.assert(
    fc.property(
      fc.array(fc.string({ maxLength: 40, unit: fc.constantFrom("a", "é", "€", " ", "z") }), {
        minLength: 1,
        maxLength: 30,
      }),
      fc.boolean(),
      fc.array(fc.nat(), { maxLength: 40 }),
      fc.integer({ min: 1, max: 64 }),
      fc.integer({ min: 1, max: 16 }),
      fc.string({ maxLength: 9 }),
      (lines, lastNewline, picks, window, guess, head) => {
        const text = lines.join("\n") + (lastNewline ? "\n" : "");
        // Bytes before offset 0 (a snapshot's body starts after its header line).
        const base = Buffer.byteLength(head);
        fs.writeFileSync(file, head + text);
        const starts: number[] = [];
        for (let at = 0, i = 0; i < lines.length; i++) {
          starts.push(at);
          at += Buffer.byteLength(lines[i] as string) + 1;
        }
        const asked = picks.map((p) => p % lines.length).sort((a, b) => a - b);
        const fd = fs.openSync(file, "r");
        try {
          // Read through the descriptor, and from the file's bytes read whole (a long-lived process).
          for (const src of [fd, fs.readFileSync(file)]) {
            const got: string[] = [];
            new PagedFile(src, base, Buffer.byteLength(text)).linesAt(
              asked.map((i) => starts[i] as number),
              window,
              guess,
              (i, line) => {
                got[i] = line;
              },
            );
            assert.deepEqual(
              got,
              asked.map((i) => lines[i]),
            );
          }
        } finally {
          fs.closeSync(fd);
        }
      },
    ),
    { numRuns: 300 },
  );
});
