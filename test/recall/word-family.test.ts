/**
 * A prompt's words find memories that say them in another form of the same word (issue 24, the per-prompt
 * hook): the agent noun ("linter" ↔ "lints", "logger" ↔ "logging"), British and American spelling
 * ("initialise" ↔ "initialize") — src/recall/word-family.ts — and a stock reply matching a prompt does
 * not bring in the turns of its sessions.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { processTerm } from "../../src/recall/analyze.ts";
import { wordFamilies } from "../../src/recall/word-family.ts";
import { fc } from "../support/fc.ts";

const all = () => true;
const family = (word: string) => wordFamilies(word, all).get(processTerm(word) as string) ?? [];

describe("word families", () => {
  it("join an agent noun and its verb, both ways (a doubled consonant undone)", () => {
    for (const [agent, verb] of [
      ["linter", "lints"],
      ["logger", "logging"],
      ["parser", "parse"],
      ["loader", "loading"],
      ["runner", "running"],
      ["formatter", "formats"],
    ] as const) {
      assert.ok(family(agent).includes(processTerm(verb) as string), `${agent} → ${verb}: ${family(agent)}`);
      assert.ok(family(verb).includes(processTerm(agent) as string), `${verb} → ${agent}: ${family(verb)}`);
    }
  });

  it("join British and American spellings", () => {
    for (const [gb, us] of [
      ["initialised", "initialized"],
      ["normalisation", "normalization"],
      ["behaviour", "behavior"],
      ["colours", "colors"],
    ] as const)
      assert.ok(family(gb).includes(processTerm(us) as string), `${gb} → ${us}: ${family(gb)}`);
  });

  it("leave short words alone and keep only what the brain holds", () => {
    assert.deepEqual(family("user"), [], "user is not us");
    assert.deepEqual(family("order"), [], "order is not ord");
    assert.deepEqual(wordFamilies("which linter", () => false).get("linter"), []);
  });

  it("property: any base word's agent noun and the base are each other's family", () => {
    const syllable = fc.tuple(
      fc.constantFrom(..."bcdfgkmnprstv"),
      fc.constantFrom(..."aeiou"),
      fc.constantFrom(..."bdgkmnprt"),
    );
    fc.assert(
      fc.property(fc.array(syllable, { minLength: 1, maxLength: 3 }), fc.boolean(), (sy, cluster) => {
        const base = `${cluster ? "s" : ""}${sy.map((s) => s.join("")).join("")}`;
        const last = base.at(-1) as string;
        // The analyser must keep the base as it is (it does for a closed syllable at the end).
        fc.pre(processTerm(base) === base && base.length >= 3 && !base.endsWith("er"));
        const agent = processTerm(`${base}${last}er`) as string;
        fc.pre(agent !== base && agent.endsWith("er"));
        assert.ok(family(`${base}${last}er`).includes(base), `${agent} → ${base}`);
        assert.ok(family(base).includes(agent), `${base} → ${agent}`);
      }),
    );
  });
});

async function brainWith(turns: [string, string, string][]): Promise<{ brain: Brain; done: () => void }> {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-family-"));
  const brain = Brain.open({ path: join(dir, "brain.jsonl"), seedDefault: false, cwd: dir });
  let n = 0;
  await brain.ingestTurns(
    turns.map(([session, speaker, text]) => ({
      session,
      turn: `t${n++}`,
      speaker,
      text,
      date: `2026-03-0${1 + (n % 8)}T10:00:00Z`,
    })),
    "test",
    { project: dir },
  );
  const done = () => {
    brain.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { brain, done };
}

const FILLER: [string, string, string][] = [
  ["f1", "user", "the invoices page is slow when a customer has many subscriptions"],
  ["f1", "assistant", "I added an index on subscriptions.customer_id and the page loads in 80 ms now."],
  ["f2", "user", "can we send receipts by email after each charge?"],
  ["f2", "assistant", "Receipts now go out through Postmark once the charge succeeds."],
];

describe("prompt memories: a word said in another form", () => {
  it("a prompt about the linter or about logging finds the turn that says lints / logger", async () => {
    const { brain, done } = await brainWith([
      ...FILLER,
      ["s1", "user", "eslint takes 40 seconds on CI, can we speed that up?"],
      ["s1", "assistant", "I replaced ESLint and Prettier with Biome: one binary that lints and formats."],
      ["s2", "user", "the request traces are a mess"],
      ["s2", "assistant", "Every request now goes through the pino logger with a request id."],
    ]);
    try {
      const lint = brain.promptMemories("which linter do we use now?");
      assert.match(lint.text, /Biome/, lint.text);
      const log = brain.promptMemories("how do we do logging?");
      assert.match(log.text, /pino/, log.text);
      // The kind of thing asked about ("library") is rarely said beside the thing itself.
      const lib = brain.promptMemories("which logging library do we use?", { withGraph: false });
      assert.match(lib.text, /pino/, lib.text);
      assert.equal(brain.promptMemories("write a haiku about autumn").text, "");
    } finally {
      done();
    }
  });

  it("a question about a past problem finds the turn that names it the other way up (slow → fast, big → lighter)", async () => {
    const { brain, done } = await brainWith([
      ...FILLER,
      ["s1", "user", "a full build takes 9 minutes now, it used to be fast"],
      ["s1", "assistant", "Every build was re-encoding every image; a cache keyed by content hash fixed it."],
      ["s2", "user", "can we make the thumbnails lighter?"],
      ["s2", "assistant", "Thumbnails are WebP at quality 82 now."],
      ["s3", "user", "the build broke after the upgrade"],
      ["s3", "assistant", "Pinned Pillow to 10.2, the build works again."],
      ["s4", "user", "make the build print its version"],
      ["s4", "assistant", "The build prints its version first now."],
    ]);
    try {
      const slow = brain.promptMemories("why was the build so slow before?", { withGraph: false });
      assert.match(slow.text, /re-encoding every image/, slow.text);
      const big = brain.promptMemories("why were the thumbnails so big?", { withGraph: false });
      assert.match(big.text, /quality 82/, big.text);
    } finally {
      done();
    }
  });

  it("a stock reply said in many sessions does not crowd out the one turn that answers", async () => {
    const stock = "The lint step passes and the type check is clean.";
    const many = Array.from({ length: 30 }, (_, i) => [
      [`c${i}`, "user", "ok do it"],
      [`c${i}`, "assistant", stock],
    ]).flat() as [string, string, string][];
    // Other work, so that "lint" is not a word every other turn holds.
    const nouns = (
      "invoice webhook cache queue schema token upload report export import " +
      "refund coupon ledger tenant session cookie header payload worker cron"
    ).split(" ");
    const verbs =
      "retried renamed paginated cached validated batched logged sorted split merged traced gated".split(" ");
    const work = nouns.flatMap((n, i) =>
      verbs.map((v, j) => [`w${i}`, "assistant", `We ${v} the ${n} path, ${i * 7 + j} cases pass.`]),
    ) as [string, string, string][];
    const { brain, done } = await brainWith([
      ...FILLER,
      ...many,
      ...work,
      ["s1", "user", "eslint takes 40 seconds on CI, can we speed that up?"],
      ["s1", "assistant", "I replaced ESLint and Prettier with Biome: one binary that lints and formats."],
    ]);
    try {
      const m = brain.promptMemories("which linter do we use now?", { withGraph: false });
      assert.match(m.text, /Biome/, m.text);
    } finally {
      done();
    }
  });

  it("property: a prompt naming the agent finds the turn saying the verb; an unknown agent gets nothing", async () => {
    // Made-up verbs (closed syllables the stemmer keeps as they are), each said in a turn of its own.
    const syllable = fc
      .tuple(fc.constantFrom(..."bdfgkmnprtv"), fc.constantFrom(..."aeiou"), fc.constantFrom(..."bdgkmnprt"))
      .map((t) => t.join(""));
    const word = fc
      .array(syllable, { minLength: 2, maxLength: 3 })
      .map((s) => s.join(""))
      .filter((w) => processTerm(w) === w && !w.endsWith("er"));
    const [said, unsaid] = fc.sample(
      fc.uniqueArray(word, { minLength: 12, maxLength: 12 }).map((ws) => [ws.slice(0, 8), ws.slice(8)]),
      1,
    )[0] as [string[], string[]];
    const { brain, done } = await brainWith([
      ...FILLER,
      ...said.map((w, i) => [
        `v${i}`,
        "assistant",
        `The pipeline now ${w}s every staged file before the push.`,
      ]),
    ] as [string, string, string][]);
    try {
      fc.assert(
        fc.property(fc.nat({ max: said.length - 1 }), fc.nat({ max: unsaid.length - 1 }), (i, j) => {
          const w = said[i] as string;
          const hit = brain.promptMemories(`which ${w}${w.at(-1)}er do we have?`, { withGraph: false });
          assert.ok(hit.text.includes(`${w}s every staged file`), `${w}: ${hit.text}`);
          const u = unsaid[j] as string;
          const miss = brain.promptMemories(`which ${u}${u.at(-1)}er do we have?`, { withGraph: false });
          assert.equal(miss.text, "", `${u}: ${miss.text}`);
        }),
      );
    } finally {
      done();
    }
  });

  it("a stock reply that matches the prompt does not bring in the other turns of its sessions", async () => {
    const stock = "The lint step passes and the type check is clean.";
    const { brain, done } = await brainWith([
      ...FILLER,
      ["s1", "user", "what rounding do we use for split invoices?"],
      ["s1", "assistant", stock],
      ["s2", "user", "do we have rate limiting on the public api?"],
      ["s2", "assistant", stock],
    ]);
    try {
      const m = brain.promptMemories("does the lint step pass?", { withGraph: false });
      assert.deepEqual(
        m.hits.map((h) => h.entry.text),
        [],
        m.text,
      );
    } finally {
      done();
    }
  });
});
