/**
 * `--compat rho` reproduces Rho's brain prompt byte for byte (issue 3). The reference below is an
 * independent, deliberately naive re-statement of Rho's algorithm (seed 000 "Build Prompt" / "Prompt
 * Budget" / "Learning Scoring"): whole arrays, sort, join — no buckets, no laziness.
 * Rho's buildBrainPrompt renders Identity and User first, at full cost, one `**key:** value` line per
 * entry, keys sorted with localeCompare; ties between learnings are broken by comparing `created` as
 * strings (localeCompare), and a prompt whose sections all render nothing is empty.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { BaseEntry } from "../../src/core/types.ts";
import { fc } from "../support/fc.ts";
import { brainSpecArb, materialise } from "./_arbitraries.ts";
import { cleanup, NOW, tempBrain } from "./_fixtures.ts";

const tokens = (s: string) => Math.ceil(s.length / 4);
const DAY = 86_400_000;

function take(lines: string[], budget: number): { taken: string[]; omitted: number } {
  const taken: string[] = [];
  let used = 0;
  for (const line of lines) {
    const t = tokens(`${line}\n`);
    if (used + t > budget && taken.length > 0) return { taken, omitted: lines.length - taken.length };
    taken.push(line);
    used += t;
  }
  return { taken, omitted: 0 };
}

/** Rho's prompt for live entries `live` (file order), restated from the seed. */
function rhoReference(live: BaseEntry[], cwd: string, nowMs: number, total: number): string {
  const of = (type: string) => live.filter((e) => e.type === type);
  const behaviors = of("behavior");
  const prefs = of("preference");
  const contexts = of("context");
  const learnings = of("learning");
  const s = (v: unknown) => String(v);
  const keyed = (type: string) => {
    const byKey = new Map<unknown, BaseEntry>();
    for (const e of of(type)) byKey.set(e.key, e);
    return [...byKey.values()];
  };
  const sections: string[] = [];
  let budget = total - tokens("## Memory\n\n");
  for (const [title, entries] of [
    ["## Identity", keyed("identity")],
    ["## User", keyed("user")],
  ] as const) {
    if (!entries.length) continue;
    const lines = entries
      .sort((a, b) => s(a.key).localeCompare(s(b.key)))
      .map((e) => `**${s(e.key)}:** ${s(e.value)}`);
    const out = [title, ...lines].join("\n");
    sections.push(out);
    budget -= tokens(`${out}\n\n`);
  }
  const share = {
    behavior: Math.floor(budget * 0.15),
    prefs: Math.floor(budget * 0.2),
    context: Math.floor(budget * 0.25),
    learnings: Math.floor(budget * 0.4),
  };
  let learningsBudget = share.learnings;
  const render = (header: string, lines: string[], b: number): number => {
    const { taken, omitted } = take(lines, b - tokens(`${header}\n`));
    const out = [header, ...taken, ...(omitted ? [`(…${omitted} more omitted)`] : [])].join("\n");
    sections.push(out);
    return tokens(out);
  };
  const beh = (
    [
      ["do", "Do"],
      ["dont", "Don't"],
      ["value", "Values"],
    ] as const
  )
    .map(([c, l]) => [l, behaviors.filter((b) => b.category === c).map((b) => s(b.text))] as const)
    .filter(([, texts]) => texts.length)
    .map(([l, texts]) => `**${l}:** ${texts.join(". ")}`);
  learningsBudget += beh.length
    ? Math.max(0, share.behavior - render("## Behavior", beh, share.behavior))
    : share.behavior;
  const cats: string[] = [];
  for (const p of prefs) if (!cats.includes(s(p.category))) cats.push(s(p.category));
  const prefLines = cats
    .sort((a, b) => a.localeCompare(b))
    .map(
      (c) =>
        `**${c}:** ${prefs
          .filter((p) => s(p.category) === c)
          .map((p) => s(p.text))
          .join(". ")}`,
    );
  learningsBudget += prefLines.length
    ? Math.max(0, share.prefs - render("## Preferences", prefLines, share.prefs))
    : share.prefs;
  const ctx = contexts
    .filter((c) => cwd.startsWith(s(c.path)))
    .sort((a, b) => s(b.path).length - s(a.path).length)[0];
  learningsBudget += ctx
    ? Math.max(
        0,
        share.context - render(`## Project: ${s(ctx.project)}`, s(ctx.content).split("\n"), share.context),
      )
    : share.context;
  if (learnings.length) {
    const score = (l: BaseEntry) => {
      const days = Math.max(0, Math.floor((nowMs - Date.parse(s(l.created))) / DAY));
      const scoped = l.scope === "project" && l.projectPath && cwd.startsWith(s(l.projectPath)) ? 5 : 0;
      return Math.max(0, 10 - Math.floor(days / 7)) + scoped + (l.source === "manual" ? 2 : 0);
    };
    const ranked = learnings
      .map((l) => ({ l, score: score(l) }))
      .sort((a, b) => b.score - a.score || s(b.l.created).localeCompare(s(a.l.created)));
    render(
      "## Learnings",
      ranked.map((r) => `- ${s(r.l.text)}`),
      learningsBudget,
    );
  }
  return sections.length ? `## Memory\n\n${sections.join("\n\n")}` : "";
}

describe("--compat rho equals Rho's algorithm byte for byte", () => {
  test("property: random brains, budgets 10…6000 (200 runs)", () => {
    fc.assert(
      fc.property(brainSpecArb(200), fc.integer({ min: 10, max: 6000 }), (spec, budget) => {
        const cwd = "/home/ada/work/project";
        const entries = materialise(spec.raws, cwd);
        const t = tempBrain(entries);
        try {
          const ours = t.brain.rhoPrompt({ cwd, budget });
          assert.equal(ours.text, rhoReference(entries, cwd, NOW.getTime(), budget));
        } finally {
          cleanup(t);
        }
      }),
      { numRuns: 200 },
    );
  });

  test("a brain whose only sections render nothing (a behaviour of an unknown category) gives an empty prompt", () => {
    const entries: BaseEntry[] = [
      { id: "b1", type: "behavior", category: "sometimes", text: "x", created: NOW.toISOString() },
    ];
    const t = tempBrain(entries);
    try {
      assert.equal(rhoReference(entries, "/", NOW.getTime(), 2000), "");
      assert.equal(t.brain.rhoPrompt({ cwd: "/", budget: 2000 }).text, "");
    } finally {
      cleanup(t);
    }
  });

  test("learnings tied on score are ordered by Rho's string comparison of `created`, even across time zones", () => {
    const entries: BaseEntry[] = [
      { id: "l1", type: "learning", text: "zoned", created: "2026-02-27T10:00:00+02:00" },
      { id: "l2", type: "learning", text: "utc", created: "2026-02-27T09:00:00.000Z" },
    ];
    const t = tempBrain(entries);
    try {
      const expected = rhoReference(entries, "/", NOW.getTime(), 2000);
      assert.match(expected, /- zoned\n- utc/);
      assert.equal(t.brain.rhoPrompt({ cwd: "/", budget: 2000 }).text, expected);
    } finally {
      cleanup(t);
    }
  });
});

test("identity and user render as Rho's `**key:** value` lines, keys in localeCompare order", () => {
  const created = NOW.toISOString();
  const entries: BaseEntry[] = [
    { id: "i1", type: "identity", key: "role", value: "agent", created },
    { id: "i2", type: "identity", key: "Name", value: "rho", created },
    { id: "u1", type: "user", key: "tz", value: "UTC", created },
    { id: "u2", type: "user", key: "editor", value: "vim", created },
  ];
  const t = tempBrain(entries);
  try {
    assert.equal(
      t.brain.rhoPrompt({ cwd: "/", budget: 2000 }).text,
      "## Memory\n\n## Identity\n**Name:** rho\n**role:** agent\n\n## User\n**editor:** vim\n**tz:** UTC",
    );
  } finally {
    cleanup(t);
  }
});
