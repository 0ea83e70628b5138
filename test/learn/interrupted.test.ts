/**
 * Issue 21 §4: "with a model, a learner killed mid-run (25 times) stored 75 memories where an uninterrupted run
 * stored 60". A restarted learner must not ask the model again about a delta whose answer an interrupted one
 * was already storing: a real model words its answer differently each time, and the paraphrase escapes the
 * near-duplicate check. The fake model here does the same (a different wording each time it is asked about
 * the same fact), and the learner (`brain learn`, a real process) is killed at seeded random moments just
 * after an answer, then restarted; the memories must equal an uninterrupted run's: one per fact, reinforced as
 * often. Printed: the seed (FC_SEED=<seed> replays the kill schedule).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { BIN, childEnv, freshSandbox, readLines, type Sandbox } from "../support/cli.ts";
import { type Behaviour, startFakeLlm } from "../support/fake-llm.ts";
import { learnFiles, settled } from "../support/learner.ts";
import { prng } from "../support/prng.ts";
import { SEED } from "../support/seed.ts";
import { type Started, startProcess } from "../support/spawn.ts";
import { project, queueTranscript, S1, turnOfBytes, withSettings } from "./_support.ts";

const FACTS = 14;
const LINE = 400;
/** One run reads one delta: a user line and an assistant line. */
const BUDGET = 2 * (LINE + 1);
const MAX_KILLS = 16;

const tag = (f: number) => `F${String(f).padStart(2, "0")}`;

/** Made-up words, the same for the same (fact, wording) pair: two wordings share next to no trigrams. */
function wording(f: number, k: number): string {
  const rand = prng(f * 1_000 + k + 7);
  const syllables = [
    "ka",
    "lo",
    "mi",
    "tu",
    "re",
    "sa",
    "vo",
    "ni",
    "pe",
    "du",
    "zo",
    "fi",
    "gu",
    "ha",
    "je",
  ];
  const word = () =>
    Array.from(
      { length: 2 + Math.floor(rand() * 3) },
      () => syllables[Math.floor(rand() * syllables.length)],
    ).join("");
  return `${tag(f)} ${Array.from({ length: 7 }, word).join(" ")}`;
}

function transcript(sb: Sandbox, cwd: string): string {
  const file = join(sb.dir, "s1.jsonl");
  let text = "";
  for (let f = 1; f <= FACTS; f++) {
    const recall = f > 3 && f % 3 === 0 ? ` Also recall ${tag(f - 3)}.` : "";
    text += turnOfBytes(S1, "user", `${tag(f)} is new.${recall}`, LINE, cwd);
    text += turnOfBytes(S1, "assistant", `Noted ${tag(f)}.`, LINE, cwd);
  }
  fs.writeFileSync(file, text);
  return file;
}

/**
 * The fake model: for each fact a delta introduces, a learning in this fact's k-th wording (k: how often it
 * was asked about the fact before) and a near-duplicate of it (which reinforces it); for each fact it is
 * asked to recall, a near-duplicate of the wording it gave last (which reinforces the stored one).
 */
function paraphrasingModel(onAnswer: () => void) {
  const asked = new Map<number, number>();
  const latest = new Map<number, string>();
  return (body: Record<string, unknown>): Behaviour => {
    const user = (body.messages as { role: string; content: string }[]).find((m) => m.role === "user");
    const fresh = String(user?.content ?? "").split("New messages to extract from:")[1] ?? "";
    const items: unknown[] = [];
    for (const m of fresh.matchAll(/F(\d\d) is new/g)) {
      const f = Number(m[1]);
      const k = asked.get(f) ?? 0;
      asked.set(f, k + 1);
      const text = wording(f, k);
      latest.set(f, text);
      items.push({ type: "learning", text, importance: "medium" });
      items.push({ type: "learning", text: `${text} (noted)`, importance: "low" });
    }
    for (const m of fresh.matchAll(/recall F(\d\d)/g)) {
      const prior = latest.get(Number(m[1]));
      if (prior) items.push({ type: "learning", text: `${prior} again`, importance: "low" });
    }
    onAnswer();
    return { answer: { items } };
  };
}

/** Per fact: how many live learnings carry its tag, and how often they were reinforced. */
function memories(brainPath: string): Record<string, { count: number; reinforced: number }> {
  const live = new Map<string, Record<string, unknown>>();
  for (const e of readLines(brainPath)) if (e.type === "learning") live.set(String(e.id), e);
  const out: Record<string, { count: number; reinforced: number }> = {};
  for (const e of live.values()) {
    const t = /^F\d\d/.exec(String(e.text))?.[0] ?? "untagged";
    const o = out[t] ?? { count: 0, reinforced: 0 };
    out[t] = o;
    o.count++;
    o.reinforced += Number(e.reinforced ?? 0);
  }
  return out;
}

async function learnUntilSettled(
  sb: Sandbox,
  env: Record<string, string>,
  kill: (child: Started) => void,
): Promise<{ starts: number; kills: number }> {
  let starts = 0;
  let kills = 0;
  while (!settled(sb.brainPath)) {
    assert.ok(starts < 100, "the learner keeps making progress");
    const child = startProcess(process.execPath, [BIN, "learn", "--max-bytes", String(BUDGET)], {
      env: childEnv(sb, env),
      cwd: sb.dir,
    });
    kill(child);
    const done = await child.done;
    starts++;
    if (done.signal === "SIGKILL") kills++;
    else assert.equal(done.code, 0, done.stderr);
  }
  return { starts, kills };
}

async function scenario(t: { after: (fn: () => void) => void }, killing: boolean) {
  const sb = freshSandbox(t, "brain-interrupted-");
  const p = project(sb);
  const rand = prng(SEED);
  let current: Started | undefined;
  let scheduled = 0;
  const fake = await startFakeLlm("openai");
  t.after(() => fake.close());
  fake.respond = paraphrasingModel(() => {
    const child = current;
    if (!killing || !child || scheduled >= MAX_KILLS || rand() < 0.25) return;
    scheduled++;
    // Just after the answer: while its memories are being stored, or before the next delta.
    setTimeout(() => child.child.kill("SIGKILL"), Math.floor(rand() * 30));
  });
  const env = withSettings(sb, {
    extraction: { provider: "openai", baseUrl: fake.baseUrl, model: "tiny", maxRetries: 0 },
    curator: { threshold: 0 },
  });
  queueTranscript(sb.brainPath, transcript(sb, p.cwd), p.cwd);
  const counts = await learnUntilSettled(sb, env, (child) => {
    current = child;
  });
  const episodes = readLines(learnFiles(sb.brainPath).episodes).filter((e) => e.type === "episode");
  return { ...counts, memories: memories(sb.brainPath), episodes: episodes.length };
}

describe("a learner killed mid-run, with a model", () => {
  it("restarted after each kill, it stores the same memories as an uninterrupted run: one per fact, reinforced as often", async (t) => {
    process.stderr.write(`interrupted learner: seed ${SEED} (FC_SEED=${SEED} replays the kill schedule)\n`);
    const calm = await scenario(t, false);
    assert.equal(calm.kills, 0);
    assert.equal(Object.keys(calm.memories).length, FACTS, JSON.stringify(calm.memories));
    assert.ok(Object.values(calm.memories).every((m) => m.count === 1 && m.reinforced >= 1));

    const killed = await scenario(t, true);
    assert.ok(killed.kills >= 5, `seed ${SEED}: only ${killed.kills} kills landed`);
    assert.equal(killed.episodes, calm.episodes);
    assert.deepEqual(
      killed.memories,
      calm.memories,
      `seed ${SEED}: ${killed.kills} kills in ${killed.starts} starts`,
    );
  });
});
