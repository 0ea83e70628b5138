import assert from "node:assert/strict";
import { test } from "node:test";
import { focusedPreview } from "../../src/recall/preview.ts";

const LONG =
  "We spent the morning packing boxes for the move. The weather was grey and it rained twice. " +
  "In the afternoon I finally adopted a rescue greyhound called Pepper from the shelter downtown. " +
  "Then we ordered pizza and watched an old film until midnight, which was lovely.";

test("a text within the limit comes back unchanged", () => {
  assert.equal(focusedPreview("Short turn about Pepper.", "dog", 160), "Short turn about Pepper.");
});

test("a long text is cut to the limit around the sentence that matches the query, with ellipses", () => {
  const p = focusedPreview(LONG, "when did she adopt the greyhound?", 160);
  assert.ok(p.length <= 160 + 2, `too long: ${p.length}`);
  assert.match(p, /adopted a rescue greyhound called Pepper/);
  assert.ok(p.startsWith("…"), p);
});

test("without any matching term the preview still respects the limit", () => {
  const p = focusedPreview(LONG, "quantum chromodynamics", 100);
  assert.ok(p.length <= 102, `too long: ${p.length}`);
  assert.ok(p.endsWith("…"), p);
});
