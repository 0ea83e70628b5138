/**
 * Project-context matching (issue 3): our context matches cwd on whole path segments (`/foo` never
 * matches `/foobar`) and the longest match wins; `--compat rho` keeps Rho's plain `startsWith`.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pathContains } from "../../src/core/rank-learnings.ts";
import { fc } from "../support/fc.ts";
import { cleanup, context, tempBrain } from "./_fixtures.ts";

const entries = [
  context("c-foo", "foo", "/foo", "Foo context"),
  context("c-foo-bar", "foobar-nested", "/foo/bar", "Foo/bar context"),
  context("c-foobar", "foobar", "/foobar", "Foobar context"),
];

/** The project header our context shows for `cwd` (null when none matches). */
function ours(t: ReturnType<typeof tempBrain>, cwd: string): string | null {
  const r = t.brain.context({ cwd, budget: 2000 });
  const block = r.blocks.find((b) => b.id === "context");
  return block ? (block.text.split("\n")[0] as string) : null;
}

function rho(t: ReturnType<typeof tempBrain>, cwd: string): string | null {
  const m = /## Project: .*/.exec(t.brain.rhoPrompt({ cwd, budget: 2000 }).text);
  return m ? m[0] : null;
}

describe("context matching on path segments", () => {
  test("/foo matches /foo and /foo/baz, not /foobar (which has its own context) or /fo", () => {
    const t = tempBrain([context("c-foo", "foo", "/foo", "Foo context")]);
    try {
      assert.equal(ours(t, "/foo"), "## Project: foo");
      assert.equal(ours(t, "/foo/baz"), "## Project: foo");
      assert.equal(ours(t, "/foo/baz/qux"), "## Project: foo");
      assert.equal(ours(t, "/foobar"), null, "/foo must not match /foobar");
      assert.equal(ours(t, "/foobar/x"), null);
      assert.equal(ours(t, "/fo"), null);
      assert.equal(ours(t, "/"), null);
    } finally {
      cleanup(t);
    }
  });

  test("longest match wins: /foo/bar beats /foo inside /foo/bar; /foobar wins for /foobar", () => {
    const t = tempBrain(entries);
    try {
      assert.equal(ours(t, "/foo"), "## Project: foo");
      assert.equal(ours(t, "/foo/bar"), "## Project: foobar-nested");
      assert.equal(ours(t, "/foo/bar/deep"), "## Project: foobar-nested");
      assert.equal(ours(t, "/foo/barn"), "## Project: foo", "/foo/bar must not match /foo/barn");
      assert.equal(ours(t, "/foobar"), "## Project: foobar");
      // The injected id is the matching context's.
      const r = t.brain.context({ cwd: "/foo/bar", budget: 2000 });
      assert.ok(r.injectedIds.includes("c-foo-bar"));
      assert.ok(!r.injectedIds.includes("c-foo"));
    } finally {
      cleanup(t);
    }
  });

  test("a trailing slash on the context path or on cwd changes nothing; / matches everything", () => {
    const t = tempBrain([context("c1", "slashed", "/foo/", "x"), context("c2", "root", "/", "y")]);
    try {
      assert.equal(ours(t, "/foo"), "## Project: slashed");
      assert.equal(ours(t, "/foo/"), "## Project: slashed");
      assert.equal(ours(t, "/foo/a"), "## Project: slashed");
      assert.equal(ours(t, "/foobar"), "## Project: root");
    } finally {
      cleanup(t);
    }
  });

  test("property: pathContains(p, cwd) ⇔ cwd is p or below it, segment-wise", () => {
    const seg = fc.constantFrom("a", "ab", "b", "foo", "foobar", "x-y");
    const pathArb = fc.array(seg, { minLength: 0, maxLength: 4 }).map((s) => `/${s.join("/")}`);
    fc.assert(
      fc.property(pathArb, pathArb, (p, cwd) => {
        const ps = p.split("/").filter(Boolean);
        const cs = cwd.split("/").filter(Boolean);
        const expected = ps.length <= cs.length && ps.every((s, i) => cs[i] === s);
        assert.equal(pathContains(p, cwd), expected, `${p} vs ${cwd}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe("--compat rho keeps Rho's plain startsWith", () => {
  test("/foo matches /foobar in compat mode (Rho's behaviour), and longest prefix still wins", () => {
    const t = tempBrain([context("c-foo", "foo", "/foo", "Foo context")]);
    try {
      assert.equal(rho(t, "/foobar"), "## Project: foo");
      assert.equal(rho(t, "/foo/x"), "## Project: foo");
      assert.equal(rho(t, "/fo"), null);
    } finally {
      cleanup(t);
    }
    const t2 = tempBrain(entries);
    try {
      assert.equal(rho(t2, "/foobar"), "## Project: foobar", "longest prefix wins");
      assert.equal(
        rho(t2, "/foo/barn"),
        "## Project: foobar-nested",
        "startsWith('/foo/bar') holds for /foo/barn",
      );
      assert.equal(ours(t2, "/foo/barn"), "## Project: foo");
    } finally {
      cleanup(t2);
    }
  });
});
