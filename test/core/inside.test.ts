/**
 * isInside(path, root) (core/inside.ts), the one inside-check: whole segments (/a/bc is not inside /a/b),
 * the root itself is inside, trailing separators do not count, `/` holds every absolute path. Checked
 * against a model on segment lists, and against the node:path check it replaced in brainfiles/safe-path.ts.
 */
import assert from "node:assert/strict";
import { posix } from "node:path";
import { describe, test } from "node:test";
import { isInside } from "../../src/core/inside.ts";
import { fc } from "../support/fc.ts";

/** Names that are prefixes of each other, with spaces, dots and non-ASCII: where a string prefix lies. */
const segment = fc.constantFrom("a", "ab", "b", "bc", "a b", ".x", "..x", "é", "e\u0301");
const segments = fc.array(segment, { maxLength: 5 });
const slashes = fc.integer({ min: 0, max: 2 }).map((n) => "/".repeat(n));

const abs = (segs: readonly string[]) => `/${segs.join("/")}`;
/** The model: root's segments are the first segments of path's. */
const prefixOf = (root: readonly string[], path: readonly string[]) =>
  root.length <= path.length && root.every((s, i) => path[i] === s);

describe("isInside", () => {
  test("agrees with the segment model, whatever trailing separators either side has", () => {
    fc.assert(
      fc.property(segments, segments, slashes, slashes, (root, path, tr, tp) => {
        const r = abs(root) + (root.length ? tr : "");
        const p = abs(path) + (path.length ? tp : "");
        assert.equal(isInside(p, r), prefixOf(root, path), `${JSON.stringify(p)} in ${JSON.stringify(r)}`);
      }),
    );
  });

  test("a child of the root, the root itself, and every path below a child are inside", () => {
    fc.assert(
      fc.property(segments, segment, segments, (root, child, below) => {
        assert.equal(isInside(abs(root), abs(root)), true);
        assert.equal(isInside(abs([...root, child, ...below]), abs(root)), true);
        assert.equal(isInside(`${abs([...root, child])}/`, abs(root)), true);
      }),
    );
  });

  test("a sibling whose name starts with the root's last name is outside (/a/bc vs /a/b)", () => {
    fc.assert(
      fc.property(segments, segment, fc.constantFrom("c", " ", ".", "x/y"), (parent, last, more) => {
        const root = abs([...parent, last]);
        assert.equal(isInside(root + more, root), false);
        assert.equal(isInside(abs(parent), root), false, "the parent is not inside its child");
      }),
    );
    assert.equal(isInside("/a/bc", "/a/b"), false);
    assert.equal(isInside("/a/b", "/a/bc"), false);
    assert.equal(isInside("/foobar/x", "/foo/"), false);
  });

  test("/ (however many slashes) holds every absolute path; the empty string is no path", () => {
    fc.assert(
      fc.property(segments, fc.integer({ min: 1, max: 3 }), (path, n) => {
        assert.equal(isInside(abs(path), "/".repeat(n)), true);
        assert.equal(isInside(abs(path), ""), false);
        assert.equal(isInside("", abs(path)), false);
      }),
    );
    assert.equal(isInside("", ""), false);
  });

  test("matches the node:path check it replaced, except that it no longer refuses a child named ..x", () => {
    // brainfiles/safe-path.ts before: relative(root, path) is "", or neither starts with ".." nor is absolute.
    const old = (path: string, root: string) => {
      const rel = posix.relative(root, path);
      return (
        rel === "" || (!rel.startsWith("..") && !posix.isAbsolute(rel) && !rel.split("/").includes(".."))
      );
    };
    fc.assert(
      fc.property(segments, segments, (root, path) => {
        const namedDotDot = prefixOf(root, path) && path[root.length]?.startsWith("..") === true;
        assert.equal(isInside(abs(path), abs(root)), old(abs(path), abs(root)) || namedDotDot);
      }),
    );
    assert.equal(isInside("/r/..x", "/r"), true, "a name that starts with two dots is a name");
  });
});
