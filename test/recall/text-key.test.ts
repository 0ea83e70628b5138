/**
 * The prompt hook's key for telling a repeated text (boilerplate) apart, computed from a long text's prefix
 * (src/recall/prompt-memories.ts `textKey`), is the whole text's key: lower case, spaces collapsed, trimmed,
 * its first 300 characters — for any text, long runs of spaces and letters that change length in lower case.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { textKey } from "../../src/recall/prompt-memories.ts";
import { fc, SEED } from "../support/fc.ts";

const plain = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim().slice(0, 300);
const piece = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(" ", "\n\n", "\t  ", " ".repeat(400), "İ", "ΣΑΣ", "x".repeat(299), "é "),
);

test("PROPERTY: a text's key from its prefix is its whole text's key", (t) => {
  t.diagnostic(`fast-check seed ${SEED}`);
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
      const text = parts.join("");
      assert.equal(textKey({ entry: { type: "episode", text } as never }), plain(text));
    }),
    { numRuns: 500 },
  );
});
