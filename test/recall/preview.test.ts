import assert from "node:assert/strict";
import { test } from "node:test";
import { dropBoilerplate, focusedPreview } from "../../src/recall/preview.ts";
import { fc } from "../support/fc.ts";

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

test("runs of three or more sentences of common words are left out, marked once; a lone one stays", () => {
  // Index terms ("gone" is "go": irregular forms are indexed as their verb).
  const common = new Set(["check", "config", "file", "warn", "go", "output", "match"]);
  const weight = (t: string) => (common.has(t) ? 0.5 : 4);
  const chatter = "I checked the config file. The warnings are gone. The output matches.";
  const text = `${chatter} I adopted a greyhound called Pepper. The warnings are gone. She loves the park. ${chatter}`;
  const out = dropBoilerplate(text, weight);
  assert.equal(out, "… I adopted a greyhound called Pepper. The warnings are gone. She loves the park. …");
  // Nothing to leave out (only short runs), or nothing but boilerplate: the text as it is.
  assert.equal(
    dropBoilerplate("The warnings are gone. I adopted Pepper.", weight),
    "The warnings are gone. I adopted Pepper.",
  );
  assert.equal(dropBoilerplate(chatter, weight), chatter);
});

test("property: a match near the end of a text stays in the preview (the window is not pulled back to an earlier sentence)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 14 }), fc.integer({ min: 120, max: 400 }), (n, room) => {
      const filler = "We went through the build logs and the lint warnings one file at a time. ".repeat(n);
      const text = `${filler}In the end the staging gateway moved to port 9412 behind the new proxy.`;
      const p = focusedPreview(text, "which port does the staging gateway use now?", room, () => 1);
      assert.ok(p.length <= room + 2, `too long: ${p.length}`);
      if (text.length > room) assert.match(p, /port 9412/, p);
    }),
  );
});
