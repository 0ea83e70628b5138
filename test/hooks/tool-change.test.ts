/**
 * An edit's change as a tool event keeps it (src/hooks/tool-change.ts): for any edit of any host's shape, each
 * side is at most the cap, is the start of the text as redacted, and holds no key the hook's pass knows —
 * even one that straddles the cap.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { redactForHook } from "../../src/hooks/redact.ts";
import { toolChange } from "../../src/hooks/tool-change.ts";
import { fc } from "../support/fc.ts";

const KEY = `ghp_${"a1B2c3D4e5".repeat(4)}`;
const text = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.tuple(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 })).map(([a, b]) => `${a} ${KEY} ${b}`),
);
const shape = fc.constantFrom(
  (o: string, n: string) => ({ file_path: "/p/a.ts", old_string: o, new_string: n }),
  (o: string, n: string) => ({
    file_path: "/p/a.ts",
    edits: [
      { old_string: o, new_string: n },
      { old_string: "x", new_string: "y" },
    ],
  }),
  (o: string, n: string) => ({ path: "/p/a.ts", oldText: o, newText: n }),
  (_o: string, n: string) => ({ file_path: "/p/a.ts", content: n }),
);

describe("an edit's change excerpt", () => {
  it("each side capped, a prefix of the redacted text, no key", () => {
    fc.assert(
      fc.property(text, text, shape, fc.integer({ min: 8, max: 120 }), (o, n, make, max) => {
        const c = toolChange(make(o, n), max);
        const sides: [string | undefined, string][] = [[c?.after, n]];
        if (!("content" in make(o, n))) sides.push([c?.before, o]);
        for (const [got, from] of sides) {
          if (got === undefined) continue;
          assert.ok(got.length <= max, `${got.length} > ${max}`);
          const full = redactForHook(from);
          const body = got.endsWith("…") ? got.slice(0, -1) : got;
          assert.ok(full.startsWith(body) || redactForHook(from.slice(0, max * 4)).startsWith(body), got);
          assert.ok(!got.includes(KEY.slice(0, 12)), got);
        }
      }),
    );
  });

  it("a cap of 0 keeps nothing; a tool input without a change keeps nothing", () => {
    assert.equal(toolChange({ file_path: "/a", old_string: "a", new_string: "b" }, 0), undefined);
    assert.equal(toolChange({ file_path: "/a" }, 200), undefined);
    assert.equal(toolChange("*** Begin Patch", 200), undefined);
  });
});
