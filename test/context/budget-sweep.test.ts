/**
 * Budget sweep on one generated 5 000-entry brain (issue 3, "Measure"): our context never exceeds any
 * budget from 200 to 8000, while Rho's soft budget (the --compat rho renderer) does — the defect the hard
 * cap fixes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { BaseEntry } from "../../src/core/types.ts";
import { checkContext } from "./_check.ts";
import {
  behavior,
  cleanup,
  context,
  daysAgo,
  identity,
  learning,
  preference,
  type TempBrain,
  task,
  tempBrain,
  user,
} from "./_fixtures.ts";

const CWD = "/home/ada/projects/big";

/** A deterministic 5 000-entry brain: every type, varied lengths, a matching project context. */
function bigBrain(n = 5000): BaseEntry[] {
  const out: BaseEntry[] = [];
  const cats = ["do", "dont", "value"];
  const prefCats = ["Code", "Tools", "Workflow", "Communication"];
  for (let i = 0; out.length < n; i++) {
    const pad = "lorem ipsum ".repeat(i % 17);
    switch (i % 10) {
      case 0:
        out.push(behavior(`b${i}`, cats[i % 3] as string, `Behaviour ${i} ${pad}`.trim()));
        break;
      case 1:
        out.push(preference(`p${i}`, prefCats[i % 4] as string, `Preference ${i} ${pad}`.trim()));
        break;
      case 2:
        if (i % 100 === 2) out.push(identity(`key${i}`, `value ${i} ${pad}`.trim()));
        else if (i % 100 === 12) out.push(user(`key${i}`, `value ${i} ${pad}`.trim()));
        else if (i % 100 === 22)
          out.push(context(`c${i}`, `proj${i}`, i === 22 ? CWD : `/srv/p${i}`, `Line one ${i}\n${pad}`));
        else out.push(task(`t${i}`, `Task ${i} ${pad}`.trim(), { status: i % 3 ? "pending" : "done" }));
        break;
      default:
        out.push(
          learning(`l${i}`, `Learning ${i} ${pad}`.trim(), {
            created: daysAgo(i % 150),
            ...(i % 7 === 0 ? { source: "manual" } : {}),
            ...(i % 11 === 0 ? { scope: "project", projectPath: CWD } : {}),
          }),
        );
    }
  }
  return out;
}

describe("budget sweep on a 5 000-entry brain", () => {
  let t: TempBrain;
  before(() => {
    t = tempBrain(bigBrain(), {
      "SOUL.md": `# SOUL\n\n${"A long soul paragraph. ".repeat(200)}\n`,
      "AGENTS.md": `# AGENTS\n\n${"- Never do the unsafe thing.\n".repeat(100)}`,
    });
  });
  after(() => cleanup(t));

  for (const budget of [200, 500, 1000, 2000, 4000, 8000]) {
    test(`budget ${budget}: tokens <= budget, and every invariant holds`, () => {
      const r = t.brain.context({ budget, cwd: CWD });
      checkContext(t.brain, r, budget);
      // A large brain fills most of the budget: the cap is a limit, not an excuse to emit little.
      assert.ok(r.tokens >= budget * 0.8, `only ${r.tokens} of ${budget} tokens used`);
    });
  }

  test("Rho's soft budget overflows on the same brain at every budget; ours never does", () => {
    for (const budget of [200, 500, 1000, 2000, 4000, 8000]) {
      const rho = t.brain.rhoPrompt({ cwd: CWD, budget });
      const rhoTokens = Math.ceil(rho.text.length / 4);
      assert.ok(rhoTokens > budget, `rho compat at ${budget}: ${rhoTokens} tokens (expected an overflow)`);
      assert.ok(t.brain.context({ budget, cwd: CWD }).tokens <= budget);
    }
  });
});
