/**
 * Unicode property classes are built on first use (src/core/lazy-regexp.ts): V8 checks a regex literal's
 * pattern while parsing the file, and a `\p{…}` class costs an ICU lookup there even in code that never runs.
 *  - every WORDS pattern's ASCII twin matches exactly what the Unicode pattern matches on ASCII text (seeded);
 *  - no module on the hooks' paths writes a `\p{…}` class in a regex literal (src/learn/ runs in the learner's
 *    own background process, src/viewer/ in the browser).
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import { lazyRegExp, WORDS } from "../../src/core/lazy-regexp.ts";
import { fc } from "../support/fc.ts";
import { ROOT } from "../support/spawn.ts";

const ascii = fc.string({
  unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const any = fc.string({ unit: "grapheme", maxLength: 30 });

const fresh = (re: RegExp) => new RegExp(re.source, re.flags);

describe("word patterns: the ASCII twin is the Unicode pattern on ASCII text", () => {
  for (const [name, p] of Object.entries(WORDS)) {
    test(name, () => {
      fc.assert(
        fc.property(ascii, (s) => {
          const u = fresh(p.unicode());
          const a = fresh(p.ascii);
          assert.deepEqual(s.split(a), s.split(u));
          if (u.global)
            assert.deepEqual(
              [...s.matchAll(a)].map((m) => [m.index, m[0]]),
              [...s.matchAll(u)].map((m) => [m.index, m[0]]),
            );
          else assert.equal(a.test(s), u.test(s));
          assert.equal(p.for(s), p.ascii);
        }),
      );
    });
  }

  test("text with anything outside ASCII gets the Unicode pattern", () => {
    fc.assert(
      fc.property(any, (s) => {
        const isAscii = /^[\x00-\x7f]*$/.test(s);
        assert.equal(WORDS.word.for(s), isAscii ? WORDS.word.ascii : WORDS.word.unicode());
      }),
    );
  });

  test("lazyRegExp builds once and keeps the flags", () => {
    const get = lazyRegExp(String.raw`\p{L}+`, "gu");
    assert.equal(get(), get());
    assert.equal(get().flags, "gu");
    assert.deepEqual("été 42 ok".match(get()), ["été", "ok"]);
  });
});

/** Regex literals in a line of source: `/…/flags` after something a literal can follow. */
const LITERAL =
  /(?:^|[=(,:!&|?;{}[]|return)\s*(\/(?![/*])(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+\/[dgimsuyv]*)/g;
const hasPropertyLiteral = (line: string) =>
  [...line.matchAll(LITERAL)].some((m) => /\\[pP]\{/.test(m[1] ?? ""));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith(".ts") ? [join(dir, d.name)] : [],
  );
}

describe("no property class in a regex literal outside src/learn/ and src/viewer/", () => {
  test("the detector sees one (and not a string or String.raw)", () => {
    assert.ok(hasPropertyLiteral("const X = /[\\p{L}]+/u;"));
    assert.ok(hasPropertyLiteral("  if (/^\\p{L}+$/u.test(v)) {"));
    assert.ok(hasPropertyLiteral("s.match(/[a/b]\\p{N}/gu)"));
    assert.ok(!hasPropertyLiteral('const X = "\\\\p{L}";'));
    assert.ok(!hasPropertyLiteral('lazyRegExp(String.raw`[\\p{L}]`, "u")'));
    assert.ok(!hasPropertyLiteral("// a comment about /\\p{L}/"));
  });

  test("none found", () => {
    const found = sources(join(ROOT, "src"))
      .map((f) => relative(ROOT, f))
      .filter((f) => !f.startsWith("src/learn/") && !f.startsWith("src/viewer/"))
      .flatMap((f) =>
        readFileSync(join(ROOT, f), "utf8")
          .split("\n")
          .map((l, i) => [l, i] as const)
          .filter(([l]) => !/^\s*(\/\/|\*)/.test(l) && hasPropertyLiteral(l))
          .map(([, i]) => `${f}:${i + 1}`),
      );
    assert.deepEqual(found, [], "write these with lazyRegExp or WORDS (src/core/lazy-regexp.ts)");
  });
});
