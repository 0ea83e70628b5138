import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { tokenNovelty } from "../../src/learn/detect/correction.ts";
import {
  type Candidate,
  type DetectState,
  detect,
  type Exchange,
  emptyDetectState,
  LIMITS,
} from "../../src/learn/detect/index.ts";
import { isKeyword } from "../../src/learn/detect/keywords.ts";
import { statements } from "../../src/learn/detect/preference.ts";
import { DEFAULT_DETECT, type DetectOptions } from "../../src/learn/detect/types.ts";
import { fc } from "../support/fc.ts";

const LONG =
  "Right, the workspace is managed with pnpm rather than npm, so installing with npm would write a second lockfile and break the CI cache.";

/** Seed 003's structural corrections and patterns (off by default since issue 23). */
const SEED = { seed003: true } as const;
/** Structure only: a repeated statement is proposed as it is. */
const STRUCTURE = { cueTable: false } as const;

/** Runs the exchanges in order and returns every candidate with the final state. */
function run(
  exchanges: Exchange[],
  state = emptyDetectState(),
  options: Partial<DetectOptions> = SEED,
): { state: DetectState; all: Candidate[] } {
  const all: Candidate[] = [];
  for (const ex of exchanges) {
    const r = detect(state, ex, options);
    state = r.state;
    all.push(...r.candidates);
  }
  return { state, all };
}

const of = (all: Candidate[], reason: string) => all.filter((c) => c.reason === reason);

describe("corrections (structure)", () => {
  test("a short prompt answered at length with new words is a correction learning", () => {
    const r = detect(emptyDetectState(), { id: "t1", user: "no, use pnpm", assistant: LONG }, SEED);
    const c = of(r.candidates, "correction");
    assert.equal(c.length, 1);
    assert.equal(c[0]?.type, "learning");
    assert.deepEqual(c[0]?.evidence.ids, ["t1"]);
    assert.deepEqual(c[0]?.evidence.signals, ["ratio", "short-prompt", "novelty"]);
    assert.equal(c[0]?.evidence.confidence, 0.675);
    assert.ok(c[0]?.text.startsWith('Correction: "no, use pnpm" → Right, the workspace'), c[0]?.text);
  });

  test("a prompt that reuses words of the previous answer raises the confidence to 0.85", () => {
    let s = detect(
      emptyDetectState(),
      {
        user: "how do I install the deps for this monorepo?",
        assistant: "Run npm install at the root.",
      },
      SEED,
    ).state;
    const r = detect(s, { user: "no, install fails", assistant: LONG }, SEED);
    s = r.state;
    const c = of(r.candidates, "correction")[0];
    assert.ok(c?.evidence.signals.includes("refers-back"), JSON.stringify(c));
    assert.equal(c?.evidence.confidence, 0.85);
  });

  test("a long prompt with a comparable answer is not a correction", () => {
    const user =
      "Please rename the helper in src/util.ts to formatDate and update its three call sites accordingly.";
    const r = detect(
      emptyDetectState(),
      {
        user,
        assistant: "Renamed formatDate in src/util.ts and updated the three call sites.",
      },
      SEED,
    );
    assert.equal(of(r.candidates, "correction").length, 0);
  });

  test("only one signal (a long answer that repeats the prompt's words) is not enough", () => {
    const user = "explain pnpm workspaces";
    const assistant =
      "pnpm workspaces pnpm workspaces explain explain pnpm workspaces explain pnpm workspaces explain pnpm workspaces";
    // ratio > 2.5 and short prompt: two signals → a candidate at 0.5; novelty is 0 here.
    assert.equal(tokenNovelty(user, assistant), 0);
    const strict = detect(emptyDetectState(), { user, assistant }, { ...SEED, minCorrectionConfidence: 0.6 });
    assert.equal(of(strict.candidates, "correction").length, 0);
    const loose = detect(emptyDetectState(), { user, assistant }, SEED);
    assert.equal(of(loose.candidates, "correction")[0]?.evidence.confidence, 0.5);
  });

  test("empty prompt or response: no correction", () => {
    assert.equal(
      of(detect(emptyDetectState(), { user: "  ", assistant: LONG }, SEED).candidates, "correction").length,
      0,
    );
    assert.equal(
      of(detect(emptyDetectState(), { user: "no", assistant: "" }, SEED).candidates, "correction").length,
      0,
    );
  });

  test("the seed's thresholds are the defaults", () => {
    assert.equal(DEFAULT_DETECT.ratio, 2.5);
    assert.equal(DEFAULT_DETECT.shortPrompt, 50);
    assert.equal(DEFAULT_DETECT.longResponse, 100);
    assert.equal(DEFAULT_DETECT.statementMin, 15);
    assert.equal(DEFAULT_DETECT.statementMax, 150);
    assert.equal(DEFAULT_DETECT.preferenceInteractions, 2);
    assert.equal(DEFAULT_DETECT.patternCount, 3);
  });
});

describe("preferences (recurring short statements)", () => {
  const ok = "ok";
  test("structure only: a statement restated in a second exchange becomes one preference, reported once", () => {
    const { all } = run(
      [
        { id: "a", user: "I prefer early returns over nested ifs.", assistant: ok },
        { id: "b", user: "Fix the parser.", assistant: ok },
        { id: "c", user: "Remember: early returns over nested ifs, always.", assistant: ok },
        { id: "d", user: "Early returns, not nested ifs, please.", assistant: ok },
      ],
      emptyDetectState(),
      STRUCTURE,
    );
    const p = of(all, "repeated");
    assert.equal(p.length, 1, JSON.stringify(p));
    assert.equal(p[0]?.type, "preference");
    assert.equal(p[0]?.category, "General");
    assert.equal(p[0]?.evidence.confidence, 0.6);
    assert.deepEqual(p[0]?.evidence.ids, ["a", "c"]);
    assert.equal(p[0]?.text, "Remember: early returns over nested ifs, always.");
  });

  test("the same statement twice within one exchange does not reinforce itself", () => {
    const { all } = run(
      [{ user: "Use tabs for indentation. Use tabs for indentation.", assistant: ok }],
      emptyDetectState(),
      STRUCTURE,
    );
    assert.equal(of(all, "repeated").length, 0);
  });

  test("questions, too-short and too-long sentences are not preference material", () => {
    assert.deepEqual(statements("Should we use tabs for indentation?", DEFAULT_DETECT), []);
    assert.deepEqual(statements("¿Usamos tabulaciones siempre", DEFAULT_DETECT), []);
    assert.deepEqual(statements("Use tabs.", DEFAULT_DETECT), []);
    assert.deepEqual(statements(`Use ${"very ".repeat(40)}long lines.`, DEFAULT_DETECT), []);
    assert.equal(statements("Use tabs for indentation.", DEFAULT_DETECT).length, 1);
  });

  test("works without spaces between words (Chinese)", () => {
    const { all } = run(
      [
        { user: "我喜欢用提前返回而不是嵌套的条件", assistant: ok },
        { user: "请记住我喜欢用提前返回而不是嵌套", assistant: ok },
      ],
      emptyDetectState(),
      STRUCTURE,
    );
    assert.equal(of(all, "repeated").length, 1);
  });
});

describe("patterns (keywords in ≥ 3 recent exchanges)", () => {
  test("a keyword in three exchanges is reported once, with its exchanges as evidence", () => {
    const { all } = run([
      { id: "1", user: "the migration failed", assistant: ok() },
      { id: "2", user: "look at logs", assistant: ok() },
      { id: "3", user: "rerun the migration", assistant: ok() },
      { id: "4", user: "migration again", assistant: ok() },
      { id: "5", user: "migration once more", assistant: ok() },
    ]);
    const p = of(all, "pattern");
    assert.equal(p.length, 1, JSON.stringify(p));
    assert.match(p[0]?.text ?? "", /migration/);
    assert.deepEqual(p[0]?.evidence.ids, ["1", "3", "4"]);
    assert.equal(p[0]?.evidence.confidence, 0.4);
  });

  test("a word in most exchanges of a long window is a common word and is skipped", () => {
    const ex: Exchange[] = [];
    for (let i = 0; i < 12; i++) ex.push({ user: `dass topic${"abcdefghijkl"[i]}xx`, assistant: ok() });
    const { all } = run(ex);
    const words = of(all, "pattern").flatMap((c) => c.evidence.signals);
    assert.ok(
      words.some((s) => s.startsWith("keyword:dass")),
      "reported while the window was short",
    );
    const late = run(ex.slice(0, 9)).state;
    // Once the window holds 8+ exchanges, "dass" (in all of them) is not a keyword for new patterns.
    const fresh = detect({ ...late, patterns: [] }, { user: "dass zzzz", assistant: ok() }, SEED);
    assert.equal(of(fresh.candidates, "pattern").length, 0, JSON.stringify(fresh.candidates));
  });

  test("short words and numbers are not keywords; CJK words of two characters are", () => {
    assert.equal(isKeyword("the"), false);
    assert.equal(isKeyword("2026"), false);
    assert.equal(isKeyword("pnpm"), true);
    assert.equal(isKeyword("仓库"), true);
  });

  function ok(): string {
    return "done";
  }
});

const exchange = fc.record({
  user: fc.oneof(fc.string({ unit: "grapheme", maxLength: 200 }), fc.lorem({ maxCount: 12 })),
  assistant: fc.oneof(fc.string({ unit: "grapheme", maxLength: 400 }), fc.lorem({ maxCount: 60 })),
});

describe("properties", () => {
  test("PROPERTY: every candidate is well-formed, the input state is untouched and the state round-trips JSON", () => {
    fc.assert(
      fc.property(fc.array(exchange, { maxLength: 25 }), (exs) => {
        let s = emptyDetectState();
        for (const ex of exs) {
          const before = JSON.stringify(s);
          const r = detect(s, ex, SEED);
          assert.equal(JSON.stringify(s), before, "detect changed its input state");
          assert.deepEqual(JSON.parse(JSON.stringify(r.state)), r.state);
          for (const c of r.candidates) {
            assert.ok(c.text.length > 0 && c.text.length <= LIMITS.textChars, c.text);
            assert.ok(!/[\r\n]/.test(c.text));
            assert.ok(c.evidence.confidence >= 0.4 && c.evidence.confidence <= 0.85);
            assert.ok(c.evidence.ids.length > 0);
            assert.equal(c.type === "preference", c.category !== undefined);
          }
          s = r.state;
        }
        assert.equal(s.seq, exs.length);
      }),
      { numRuns: 200 },
    );
  });

  test("PROPERTY: the state stays within its caps however many exchanges it sees", () => {
    fc.assert(
      fc.property(fc.array(fc.lorem({ maxCount: 30 }), { minLength: 1, maxLength: 8 }), (texts) => {
        let s = emptyDetectState();
        for (let i = 0; i < 300; i++) {
          const t = texts[i % texts.length] as string;
          s = detect(s, {
            user: `${t} w${i}x statement number ${i}.`,
            assistant: `${t} answer z${i}q`,
          }).state;
        }
        assert.ok(s.window.length <= LIMITS.history);
        assert.ok(s.clusters.length <= LIMITS.clusters);
        assert.ok(s.patterns.length <= LIMITS.patterns);
        for (const c of s.clusters) {
          assert.ok(c.tokens.length <= LIMITS.clusterTokens);
          assert.ok(c.ids.length <= LIMITS.clusterIds);
        }
        for (const w of s.window) assert.ok(w.keywords.length <= LIMITS.keywordsPerExchange);
      }),
      { numRuns: 10 },
    );
  });

  test("PROPERTY: detection is deterministic (same state and exchange → same output)", () => {
    fc.assert(
      fc.property(fc.array(exchange, { maxLength: 10 }), (exs) => {
        assert.deepEqual(run(exs), run(exs));
      }),
      { numRuns: 100 },
    );
  });
});
