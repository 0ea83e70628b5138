/**
 * Golden files for the context renderers (issue 3): our text format at budgets 2000 and 300, the Anthropic
 * and OpenAI JSON of the same context, and `--compat rho` for a brain that fits and one that overflows.
 * Temp paths are replaced by CANONICAL_REPO (same length, so no budget decision changes).
 * Regenerate with UPDATE_GOLDEN=1 and review the diff by eye.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { toAnthropic, toOpenAI } from "../../src/core/budget/render.ts";
import {
  behavior,
  CANONICAL_REPO,
  canonicalLengthDir,
  cleanup,
  cli,
  daysAgo,
  learning,
  REPRESENTATIVE_FILES,
  representativeEntries,
  type TempBrain,
  tempBrain,
  tempRoot,
} from "./_fixtures.ts";
import { assertGolden } from "./_golden.ts";

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

describe("golden: our context for a representative brain", () => {
  let t: TempBrain;
  let repo: string;
  const norm = (s: string) => s.split(repo).join(CANONICAL_REPO);

  before(() => {
    const root = tempRoot("bg-");
    repo = canonicalLengthDir(root);
    fs.mkdirSync(join(repo, ".git"));
    fs.writeFileSync(
      join(repo, "CLAUDE.md"),
      "# Project rules\n\nUse npm, never pnpm.\nRun `npm test` before every commit.\n",
    );
    t = tempBrain(representativeEntries(repo), REPRESENTATIVE_FILES, { root, cwd: repo });
  });
  after(() => cleanup(t));

  for (const budget of [2000, 300]) {
    test(`text format at budget ${budget} matches text-${budget}.txt and stays within the budget`, () => {
      const r = t.brain.context({ budget });
      assert.ok(r.tokens <= budget, `${r.tokens} tokens > budget ${budget}`);
      assert.deepEqual(r.problems, []);
      assertGolden(`text-${budget}.txt`, `${norm(r.text)}\n`);
    });
  }

  test("anthropic and openai JSON at budget 2000 match their goldens", () => {
    const r = t.brain.context({ budget: 2000 });
    assertGolden("anthropic-2000.txt", norm(json(toAnthropic(r))));
    assertGolden("openai-2000.txt", norm(json(toOpenAI(r))));
  });

  test("the CLI prints exactly the golden text, anthropic and openai output", () => {
    const run = (args: string[]) => {
      const r = cli(["context", "--budget", "2000", ...args], { brainPath: t.path, cwd: repo, home: t.root });
      assert.equal(r.code, 0, r.stderr);
      return norm(r.stdout);
    };
    const golden = (name: string) => fs.readFileSync(join(import.meta.dirname, "golden", name), "utf8");
    assert.equal(run([]), golden("text-2000.txt"));
    assert.equal(run(["--format", "anthropic"]), golden("anthropic-2000.txt"));
    assert.equal(run(["--format", "openai"]), golden("openai-2000.txt"));
  });
});

describe("golden: --compat rho (renderRhoPrompt)", () => {
  test("a brain that fits: rho-fits.txt, within budget, every live section entry injected", () => {
    const t = tempBrain(representativeEntries());
    try {
      const r = t.brain.rhoPrompt({ cwd: CANONICAL_REPO, budget: 2000 });
      assert.ok(Math.ceil(r.text.length / 4) <= 2000);
      assert.ok(!r.text.includes("more omitted"));
      assertGolden("rho-fits.txt", `${r.text}\n`);
      // The CLI's --compat rho prints the same bytes.
      const c = cli(["--cwd", CANONICAL_REPO, "context", "--compat", "rho", "--budget", "2000"], {
        brainPath: t.path,
        cwd: t.root,
        home: t.root,
      });
      assert.equal(c.code, 0, c.stderr);
      assert.equal(c.stdout, `${r.text}\n`);
    } finally {
      cleanup(t);
    }
  });

  test("a brain that overflows: rho-overflows.txt shows (…N more omitted) and exceeds its budget", () => {
    const entries = [
      ...representativeEntries(),
      ...Array.from({ length: 12 }, (_, i) =>
        behavior(`bx${i}`, ["do", "dont", "value"][i % 3] as string, `Extra behaviour ${i}: keep it short`),
      ),
      ...Array.from({ length: 30 }, (_, i) =>
        learning(`lx${i}`, `Learning ${i} about the build`, { created: daysAgo(i % 20) }),
      ),
    ];
    const t = tempBrain(entries);
    try {
      const budget = 200;
      const r = t.brain.rhoPrompt({ cwd: CANONICAL_REPO, budget });
      assert.match(r.text, /\(…\d+ more omitted\)/);
      // Rho's soft budget: every section keeps its first line, so the text exceeds the budget.
      assert.ok(Math.ceil(r.text.length / 4) > budget, `rho compat used ${Math.ceil(r.text.length / 4)}`);
      assertGolden("rho-overflows.txt", `${r.text}\n`);
      const ours = t.brain.context({ cwd: CANONICAL_REPO, budget });
      assert.ok(ours.tokens <= budget, `ours used ${ours.tokens} > ${budget}`);
    } finally {
      cleanup(t);
    }
  });
});
