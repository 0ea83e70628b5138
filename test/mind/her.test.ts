/**
 * Seed 001's memory.json in and out of the mind: a memory within the caps comes back deep-equal — the
 * fields the mind does not model (lastDir, totalReads, an item's own fields, unknown top-level keys) ride
 * along — for the sample written from the seed's table and for any memory of that shape (a property).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { describe, it } from "node:test";
import { fc } from "../support/fc.ts";
import { mindBrain } from "./_support.ts";

const FIXTURE = "/work/shared/fixtures/her-memory.json";
const sample = (): Record<string, unknown> =>
  fs.existsSync(FIXTURE)
    ? (JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as Record<string, unknown>)
    : (JSON.parse(fs.readFileSync(new URL("./fixtures/her-memory.json", import.meta.url), "utf8")) as Record<
        string,
        unknown
      >);

const time = fc
  .integer({ min: Date.parse("2025-01-01"), max: Date.parse("2027-01-01") })
  .map((t) => new Date(t).toISOString());
const text = fc.string({ minLength: 1, maxLength: 40 });
const unit = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);
const json = fc.jsonValue({ maxDepth: 2 });
/** Fields of an item the mind does not model (names the item does not use). */
const more = fc.dictionary(fc.constantFrom("mood", "tags", "weight", "source2", "id2"), json, { maxKeys: 2 });
const item = <T extends object>(fields: fc.Arbitrary<T>) =>
  fc.tuple(fields, more).map(([f, m]) => ({ ...m, ...f }));
const keys = (prefix: string) =>
  fc.uniqueArray(
    text.map((s) => `${prefix}${s}`),
    { maxLength: 5 },
  );

const herArb = fc
  .record({
    thoughts: fc.array(item(fc.record({ at: time, text })), { maxLength: 6 }),
    innerThoughts: fc.array(item(fc.record({ at: time, text })), { maxLength: 3 }),
    episodes: fc.array(item(fc.record({ at: time, type: text, what: text, summary: text, where: text })), {
      maxLength: 4,
    }),
    semanticFacts: fc.array(item(fc.record({ at: time, text, source: text })), { maxLength: 4 }),
    chatHistory: fc.array(item(fc.record({ role: fc.constantFrom("user", "assistant"), text, at: time })), {
      maxLength: 4,
    }),
    logs: fc.array(item(fc.record({ at: time, kind: text, text })), { maxLength: 4 }),
    paths: keys("/srv/"),
    urls: keys("https://x.org/"),
    neurons: fc.dictionary(text, fc.record({ kind: text, strength: unit, lastUsed: time }), { maxKeys: 4 }),
    synapses: fc.dictionary(text, fc.record({ weight: unit, lastUsed: time }), { maxKeys: 4 }),
    lastMessages: fc.array(text, { maxLength: 5 }),
    goals: fc.uniqueArray(
      fc.record({
        id: text,
        text,
        status: fc.constantFrom("active", "done"),
        createdAt: time,
        by: fc.constantFrom("user", "deepReflect"),
      }),
      { maxLength: 5, selector: (g) => g.id },
    ),
    plan: fc.option(
      fc.record({ steps: fc.array(text, { minLength: 1, maxLength: 3 }), current: fc.nat(3), setAt: time }),
      { nil: null },
    ),
    selfSummary: fc.string({ maxLength: 60 }),
    selfInstructions: fc.uniqueArray(text, { maxLength: 4 }),
    emotions: fc.record({ joy: unit, frustration: unit, interest: unit, confusion: unit }),
    hormones: fc.record({ dopamine: unit, cortisol: unit, serotonin: unit }),
    lastUserMessage: fc.string({ maxLength: 30 }),
    lastError: fc.string({ maxLength: 30 }),
    stateExtra: fc.dictionary(fc.constantFrom("lastDir", "lastUrl", "totalReads", "mode"), json, {
      maxKeys: 3,
    }),
    topExtra: fc.dictionary(fc.constantFrom("version", "createdBy", "settings"), json, { maxKeys: 2 }),
  })
  .map((h) => ({
    thoughts: h.thoughts,
    innerThoughts: h.innerThoughts,
    episodes: h.episodes,
    semanticFacts: h.semanticFacts,
    exploredPaths: Object.fromEntries(
      h.paths.map((p, i) => [
        p,
        { at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), summary: `s${i}` },
      ]),
    ),
    exploredUrls: Object.fromEntries(
      h.urls.map((u, i) => [u, { at: new Date(Date.UTC(2026, 0, 2, 0, i)).toISOString(), summary: `u${i}` }]),
    ),
    neurons: h.neurons,
    synapses: h.synapses,
    chatHistory: h.chatHistory,
    logs: h.logs,
    userModel: { lastMessages: h.lastMessages },
    state: {
      goals: h.goals,
      plan: h.plan && { ...h.plan, current: Math.min(h.plan.current, h.plan.steps.length) },
      selfSummary: h.selfSummary,
      selfInstructions: h.selfInstructions,
      emotions: h.emotions,
      hormones: h.hormones,
      lastUserMessage: h.lastUserMessage,
      lastError: h.lastError,
      ...h.stateExtra,
    },
    ...h.topExtra,
  }));

describe("her memory.json", () => {
  it("round-trips the sample from seed 001's table, every field kept", (t) => {
    const mb = mindBrain(t);
    const her = sample();
    const r = mb.brain.mind.importHer(her);
    assert.ok(r.records > 20);
    assert.deepEqual(mb.brain.mind.exportHer(), her);
    // …and in another process, from the log alone.
    mb.close();
    assert.deepEqual(mb.reopen().mind.exportHer(), her);
  });

  it("makes the imported mind what a decision reads", (t) => {
    const mind = mindBrain(t).brain.mind;
    mind.importHer(sample());
    const d = mind.decisionContext();
    assert.equal(d.primaryGoal?.text, "Ship dark mode");
    assert.equal(d.plan?.next, "add a dark palette");
    assert.equal(d.lastError, "ENOENT: no such file or directory, open 'src/theme/dark.css'");
    assert.equal(d.emotions.interest, 0.8);
    assert.equal(d.self.counts.neurons, 4);
    assert.equal(d.self.counts.synapses, 3);
  });

  it("round-trips any memory of seed 001's shape within the caps (property)", (t) => {
    fc.assert(
      fc.property(herArb, (her) => {
        const mb = mindBrain(t);
        mb.brain.mind.importHer(her);
        assert.deepEqual(mb.brain.mind.exportHer(), JSON.parse(JSON.stringify(her)));
        mb.close();
      }),
      { numRuns: 40 },
    );
  });

  it("keeps what it cannot model: non-object items, wrong shapes, unknown emotions", (t) => {
    const mind = mindBrain(t).brain.mind;
    const her = {
      ...sample(),
      thoughts: ["a plain string thought", { at: "2026-05-01T10:00:00.000Z", text: "an object one" }],
      logs: "not a list",
      state: {
        ...(sample().state as object),
        emotions: { joy: 0.4, frustration: 0.1, interest: 0.8, confusion: 0.2, awe: 0.9 },
        hormones: { dopamine: 1.5, cortisol: 0.2, serotonin: 0.6 },
      },
    };
    mind.importHer(her);
    assert.deepEqual(mind.exportHer(), her);
  });
});
