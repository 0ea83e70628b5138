/**
 * Property tests of the hard cap (issue 3): for random brains — 0–300 entries of every type, long lines,
 * random brain files — and budgets 200…8000, the context never exceeds the budget, `tokens` is
 * ceil(chars/4) of the text, and `injectedIds` is exactly what the rendered blocks show.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fc } from "../support/fc.ts";
import { brainSpecArb, materialise } from "./_arbitraries.ts";
import { checkContext } from "./_check.ts";
import { cleanup, cli, tempBrain, tempRoot } from "./_fixtures.ts";

function workDir(root: string): string {
  const cwd = join(root, "work", "project");
  fs.mkdirSync(join(cwd, ".git"), { recursive: true });
  return cwd;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

test("generated brains are well-formed UTF-16 (a generator that split an emoji made the budget property flaky)", () => {
  fc.assert(
    fc.property(brainSpecArb(300), (spec) => {
      for (const e of materialise(spec.raws, "/home/u/project"))
        for (const [k, v] of Object.entries(e))
          if (typeof v === "string")
            assert.ok(!LONE_SURROGATE.test(v), `${e.id}.${k} holds a lone surrogate`);
    }),
    { numRuns: 1000 },
  );
});

describe("property: the context never exceeds its budget and injectedIds is what the text shows", () => {
  test("random brains × budgets 200…8000 (300 runs)", () => {
    fc.assert(
      fc.property(brainSpecArb(300), (spec) => {
        const root = tempRoot();
        try {
          const cwd = workDir(root);
          const t = tempBrain(materialise(spec.raws, cwd), spec.files, { root, cwd });
          const r = t.brain.context({ budget: spec.budget });
          checkContext(t.brain, r, spec.budget);
          // --explain looks at every item: the same text, the same invariants.
          const e = t.brain.context({ budget: spec.budget, explain: true });
          assert.equal(e.text, r.text, "explain mode must not change the text");
        } finally {
          cleanup({ root });
        }
      }),
      { numRuns: 300 },
    );
  });

  test("tiny and huge budgets for the same brain never exceed (budget 1…40 and 50 000)", () => {
    fc.assert(
      fc.property(brainSpecArb(60), fc.integer({ min: 1, max: 40 }), (spec, small) => {
        const root = tempRoot();
        try {
          const cwd = workDir(root);
          const t = tempBrain(materialise(spec.raws, cwd), spec.files, { root, cwd });
          for (const budget of [small, 50_000]) checkContext(t.brain, t.brain.context({ budget }), budget);
        } finally {
          cleanup({ root });
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("property: CLI --format json carries exactly the text the text format prints", () => {
  test("json.text === text output minus its trailing newline; tokens = ceil(len/4) <= budget (10 runs)", () => {
    fc.assert(
      fc.property(brainSpecArb(80), (spec) => {
        const root = tempRoot();
        try {
          const cwd = workDir(root);
          const t = tempBrain(materialise(spec.raws, cwd), spec.files, { root, cwd });
          const opts = { brainPath: t.path, cwd, home: root };
          const args = ["context", "--budget", String(spec.budget)];
          const text = cli(args, opts);
          const json = cli([...args, "--format", "json"], opts);
          assert.equal(text.code, 0, text.stderr);
          assert.equal(json.code, 0, json.stderr);
          const j = JSON.parse(json.stdout) as {
            text: string;
            tokens: number;
            budget: number;
            fileBudget: number;
            injectedIds: string[];
          };
          assert.equal(text.stdout, j.text === "" ? "" : `${j.text}\n`);
          assert.equal(j.tokens, Math.ceil(j.text.length / 4));
          // The CLI's settings give always-loaded brain files their own allowance next to the budget.
          assert.ok(j.tokens <= spec.budget + j.fileBudget);
          assert.equal(j.budget, spec.budget);
          const lib = t.brain.context({ budget: spec.budget, fileBudget: j.fileBudget });
          assert.deepEqual(j.injectedIds, lib.injectedIds);
        } finally {
          cleanup({ root });
        }
      }),
      { numRuns: 10 },
    );
  });
});
