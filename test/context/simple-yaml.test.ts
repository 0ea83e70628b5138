/**
 * The frontmatter fast path (src/brainfiles/simple-yaml.ts) reads exactly what the YAML library reads, or
 * declines: over generated frontmatter — plain lines, and near misses YAML reads differently (numbers,
 * booleans, null, quotes, comments, `: ` inside, lists, blank lines, duplicate keys) — whenever it answers,
 * its map equals `yaml.parse`'s, and the skill files' usual shape is answered by it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { splitFrontmatter } from "../../src/brainfiles/markdown.ts";
import { simpleYaml } from "../../src/brainfiles/simple-yaml.ts";
import { fc } from "../support/fc.ts";

const word = fc.constantFrom(
  "name",
  "description",
  "Tidy",
  "the brain",
  " — decay",
  "café",
  "x2",
  "Null-ish",
);
const odd = fc.constantFrom(
  ...[
    "1",
    "0x1f",
    "-3",
    "1e3",
    ".5",
    ".inf",
    "true",
    "False",
    "null",
    "~",
    "yes",
    "Off",
    "y",
    ": ",
    ":",
    " #",
  ],
  ...["#", "'", '"', "[a]", "{b: c}", "- ", "&x", "*x", "!t", "|", ">", "%", "@", "`", "?", ",", "\t", "  "],
  ...["😀", "\u2028"],
);
const piece = fc.oneof({ weight: 5, arbitrary: word }, { weight: 1, arbitrary: odd });
const scalar = fc.array(piece, { minLength: 0, maxLength: 4 }).map((p) => p.join(""));
const line = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(scalar, fc.constantFrom(": ", ":  ", ":"), scalar, fc.constantFrom("", " ", "  "))
      .map((p) => p.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "# comment", "- item", "  nested: x", "name: Tidy") },
);
const text = fc.array(line, { minLength: 0, maxLength: 3 }).map((ls) => ls.join("\n"));

test("PROPERTY: whenever the fast path answers, it answers what yaml.parse does", () => {
  let answered = 0;
  fc.assert(
    fc.property(text, (t) => {
      const fast = simpleYaml(t);
      if (fast === null) return;
      answered++;
      assert.deepEqual(fast, parse(t));
    }),
    { numRuns: 6000 },
  );
  assert.ok(answered > 100, `the fast path answered only ${answered} of 6000`);
});

test("a skill's usual frontmatter is read by the fast path, the same as before", () => {
  const yamlText =
    "name: memory-consolidate\ndescription: Tidy the brain when it grows large or noisy — decay stale learnings, merge duplicates.";
  assert.deepEqual(simpleYaml(yamlText), parse(yamlText));
  const fm = splitFrontmatter(`---\n${yamlText}\n---\n# Body\n`);
  assert.deepEqual(fm, { data: parse(yamlText), body: "# Body\n", bodyLine: 5 });
  for (const declined of ["name: 1.5", "name: 'quoted'", "name: a: b", "name: x\nname: y", "tags: [a]", ""])
    assert.equal(simpleYaml(declined), null, declined);
});
