/**
 * Irregular past forms are indexed as their verb (issue 24): "Which did Jon do first: buy a used car…" must
 * find "I bought a used Volvo", as "adopt" finds "adopted". Over the whole table, in any case and capitalised.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { terms } from "../../src/recall/analyze.ts";
import { IRREGULAR_PAST } from "../../src/recall/irregular-verbs.ts";
import { fc } from "../support/fc.ts";

const pairs = [...IRREGULAR_PAST.entries()];

test("an irregular past form and its verb are one index term, in a sentence and on their own", () => {
  fc.assert(
    fc.property(fc.constantFrom(...pairs), fc.boolean(), ([past, base], upper) => {
      const said = upper ? past[0]?.toUpperCase() + past.slice(1) : past;
      assert.deepEqual(terms(`I ${said} it yesterday`), terms(`I ${base} it yesterday`));
      assert.deepEqual(terms(said), terms(base));
    }),
    { numRuns: 200 },
  );
});

test("regular words are stemmed as before: the table only joins irregular forms", () => {
  assert.deepEqual(terms("adopted adopting adopts"), terms("adopt adopt adopt"));
  assert.deepEqual(terms("left felt rose"), ["left", "felt", "rose"]);
});
