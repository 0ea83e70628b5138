/**
 * The prompt memories' relevance floor (src/recall/prompt-memories.ts, src/recall/relevance.ts): a memory goes
 * with a prompt only when it covers what the prompt asks, not when it shares a generic word with it.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { defaultBrain } from "../../src/core/defaults.ts";
import { Brain } from "../../src/engine/brain.ts";
import { coverage } from "../../src/recall/relevance.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import { fc } from "../support/fc.ts";

const at = "2026-01-01T00:00:00.000Z";
const IDS = ["a1b2c3d4", "b2c3d4e5", "c3d4e5f6", "d4e5f6a7", "e5f6a7b8"];
const LEARNINGS = [
  "This repo uses pnpm not npm",
  "The staging cluster is called kite and listens on port 8443",
  "Deploys need the VPN to be up",
  "Ada prefers tabs over spaces in Makefiles",
  "The billing service talks to Stripe through a queue",
];

function open(extra: Record<string, unknown>[] = []): Brain {
  const lines = [
    ...defaultBrain(new Date(at)),
    ...LEARNINGS.map((text, i) => ({ id: IDS[i], type: "learning", text, created: at })),
    { id: "p0000001", type: "preference", category: "Code", text: "Prefer early returns", created: at },
    ...extra,
  ];
  const store = new MemoryStore(`${lines.map((e) => JSON.stringify(e)).join("\n")}\n`);
  return Brain.open({ store, seedDefault: false, now: () => new Date(at) });
}

describe("prompt memories: the relevance floor", () => {
  const brain = open();

  it('"can you use a for loop here" does not pull in "This repo uses pnpm"', () => {
    const m = brain.promptMemories("can you use a for loop here");
    assert.deepEqual(
      m.hits.map((h) => h.id),
      [],
      m.text,
    );
    assert.equal(m.text, "");
  });

  it("a prompt about the memory still gets it, with its short id", () => {
    for (const prompt of ["which package manager does this repo use? pnpm?", "is pnpm installed"]) {
      const m = brain.promptMemories(prompt);
      assert.equal(m.hits[0]?.id, "a1b2c3d4", `${prompt}\n${m.text}`);
    }
    const m = brain.promptMemories("what port does the kite staging cluster listen on?");
    assert.equal(m.hits[0]?.id, "b2c3d4e5", m.text);
    assert.match(m.text, /^- \[learning b2c3\] The staging/m, "an id shown by its shortest unique prefix");
  });

  it("coverage: a generic word counts a quarter, a term no memory holds the most", () => {
    const w = (t: string) => (t === "loop" ? 3 : 1);
    // "use" (generic, weight 1 × 0.25) is shared, "loop" (3) is not: 0.25 / 3.25.
    assert.ok(Math.abs(coverage(["us", "loop"], "This repo uses pnpm", w) - 0.25 / 3.25) < 1e-9);
    assert.equal(coverage(["pnpm"], "This repo uses pnpm", w), 1);
    assert.equal(coverage([], "anything", w), 0);
  });

  it("importance moves an entry up among relevant ones, never past the floor", () => {
    const b = open([
      { id: "l1000001", type: "learning", text: "The kite cluster restarts nightly", created: at },
      {
        id: "l1000002",
        type: "learning",
        text: "The kite cluster has three nodes",
        importance: "high",
        created: at,
      },
      { id: "l1000003", type: "learning", text: "Loop unrolling is banned", importance: "high", created: at },
    ]);
    const m = b.promptMemories("kite cluster");
    const ids = m.hits.map((h) => h.id);
    assert.ok(ids.indexOf("l1000002") < ids.indexOf("l1000001"), m.text);
    assert.ok(!ids.includes("l1000003"), m.text);
  });

  it("property: prompts that share only request words with the memories get nothing", () => {
    const frames = [
      "can you use a {} here",
      "please make the {} work",
      "I need to try a {} again",
      "could you help me look at this {}",
      "let's get the {} going, thanks",
      "show me how to use {} instead",
      "just keep the {} like it is",
    ];
    // Topic words no memory holds.
    const topics = ["loop", "regex", "closure", "recursion", "tuple", "iterator", "lambda", "enum", "mutex"];
    fc.assert(
      fc.property(
        fc.constantFrom(...frames),
        fc.uniqueArray(fc.constantFrom(...topics), { minLength: 1, maxLength: 3 }),
        (frame, words) => {
          const prompt = frame.replace("{}", words.join(" "));
          const m = brain.promptMemories(prompt);
          assert.deepEqual(m.hits, [], `${prompt}\n${m.text}`);
        },
      ),
    );
  });

  it("property: a prompt that restates a memory gets it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: LEARNINGS.length - 1 }),
        fc.constantFrom("remind me: {}", "is it true that {}?", "{}"),
        (i, frame) => {
          const m = brain.promptMemories(frame.replace("{}", LEARNINGS[i] as string));
          assert.ok(
            m.hits.some((h) => h.id === IDS[i]),
            m.text,
          );
        },
      ),
    );
  });
});

describe("prompt memories: an episode's line", () => {
  it("shows the stretch of a long turn that holds what the prompt asks, with its date and speaker", async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-prompt-ep-"));
    const filler = "We went through the build logs and the lint warnings one file at a time. ".repeat(8);
    const turn = `${filler}In the end the staging gateway moved to port 9412 behind the new proxy.`;
    const file = join(dir, "chat.jsonl");
    const line = {
      session: "s1",
      date: "2026-03-01T10:00:00Z",
      speaker: "assistant",
      text: turn,
      turn: "t1",
    };
    fs.writeFileSync(file, `${JSON.stringify(line)}\n`);
    const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, cwd: dir });
    await brain.ingest(file, { format: "generic" });
    const m = brain.promptMemories("which port does the staging gateway use now?", { maxChars: 400 });
    const whole = brain.promptMemories("which port does the staging gateway use now?");
    brain.close();
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(m.hits.length, 1, m.text);
    assert.match(m.text, /\[2026-03-01\] assistant: /, m.text);
    assert.match(m.text, /port 9412/, "the answer sits past the turn's first 300 characters");
    assert.ok(m.text.length <= 400, "the line is a preview within the room, not the whole turn");
    assert.ok(whole.text.includes(turn.trim()), "with room for it, the turn is shown whole");
  });
});

describe("search depth", () => {
  it("ranks only the `depth` best lexical matches", () => {
    const brain = open();
    const q = "pnpm staging stripe vpn";
    assert.ok(brain.search(q, { limit: 10 }).hits.length >= 4);
    assert.equal(brain.search(q, { limit: 10, depth: 1 }).hits.length, 1);
    assert.equal(brain.search(q, { limit: 10, depth: 1 }).total, brain.search(q, { limit: 10 }).total);
  });
});

describe("prompt memories: session summaries", () => {
  it("show at most one summary of a session, however many passes wrote one", async () => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-prompt-sum-"));
    const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, cwd: dir });
    const summary = (n: number, text: string) => ({
      session: "s1",
      turn: `summary@t${n}`,
      speaker: "session summary",
      role: "summary",
      text,
      date: `2026-03-0${n}T10:00:00Z`,
    });
    await brain.ingestTurns(
      [
        summary(1, "Moved the staging gateway behind the new proxy"),
        summary(2, "Moved the staging gateway behind the new proxy and fixed its port"),
        summary(3, "Moved the staging gateway behind the new proxy, fixed its port, updated the docs"),
      ],
      "test",
    );
    const m = brain.promptMemories("why did the staging gateway move behind the proxy?");
    brain.close();
    fs.rmSync(dir, { recursive: true, force: true });
    assert.equal(m.hits.length, 1, m.text);
    assert.equal(m.hits[0]?.entry.role, "summary");
  });
});
