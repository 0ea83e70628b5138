/**
 * The learning loop across two real host sessions (issue 11): session 1's prompt states a fact, the host's
 * end-of-turn / end-of-session events queue it and start the learner, the learner asks the fake server (the
 * same one serving the agent) for memories, and session 2's model request must carry the memory it stored.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { readLines, type Sandbox } from "../support/cli.ts";
import { learnerBacklog, learnFiles, queueLength, settled } from "../support/learner.ts";

/** What the user says in session 1 (the agent never calls the brain tool). */
export const STATED = "Heads up: the staging server listens on port 8443 since the migration.";
/** What the extraction model answers: worded unlike the prompt, so only the stored memory can carry it. */
export const LEARNED = "Staging server port is 8443 (changed in the migration)";
/** Session 2's question. */
export const ASKED = "Which port does the staging server use?";

/** The learner's extraction call, recognised by its system prompt (src/learn/extract/prompt.ts). */
export function isExtraction(body: Record<string, unknown>): boolean {
  const system =
    body.system ?? (body.messages as { role: string }[] | undefined)?.find((m) => m.role === "system");
  return JSON.stringify(system ?? "").includes("pick out the few things worth remembering");
}

/** The model's one-line session summary (same call), for session 2's "Recently in this project". */
export const SUMMARIZED = "Heard that staging moved to port 8443 in the migration";

export const extractionAnswer = {
  items: [{ type: "learning", text: LEARNED, importance: "high" }],
  summary: SUMMARIZED,
};

/** The settings file BRAIN_CONFIG points at: extraction through `provider` at the fake's `baseUrl`. */
export function extractionConfig(sb: Sandbox, provider: "anthropic" | "openai", baseUrl: string): string {
  const file = join(sb.dir, "config.json");
  const extraction = {
    provider,
    baseUrl,
    model: "fake-extractor",
    apiKeyEnv: "BRAIN_E2E_KEY",
    maxRetries: 0,
  };
  fs.writeFileSync(file, JSON.stringify({ extraction }));
  return file;
}

/**
 * Wait for the background learner the hooks started, by what Brain records (test/support/learner.ts): poll
 * (a bounded number of times, never against the clock) until every queued record is read, every queued
 * transcript is learned as far as it was when queued, and no learner holds the lock; a run that logged an
 * error fails at once. `queuedPast`: the queue must first hold more records than that (a step that has not
 * queued its turn yet is not done). What the host writes to its transcript after its last hook is not waited
 * for: no hook queued it, so no learner will read it.
 */
export async function waitIdle(sb: Sandbox, o: { polls?: number; queuedPast?: number } = {}): Promise<void> {
  const polls = o.polls ?? 3000;
  const done = () => queueLength(sb.brainPath) > (o.queuedPast ?? -1) && settled(sb.brainPath);
  for (let i = 0; i < polls && !done(); i++) {
    const errors = learnRuns(sb).flatMap((r) => (r.errors ?? []) as unknown[]);
    assert.deepEqual(errors, [], "the learner logged errors");
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(
    done(),
    `the learner did not finish within ${polls} polls: ${learnerBacklog(sb.brainPath).join("; ")}` +
      ` (${queueLength(sb.brainPath)} queued, waiting past ${o.queuedPast ?? "none"})`,
  );
}

/** `waitIdle`, then the learned entry from brain.jsonl (stored exactly once). */
export async function waitLearned(sb: Sandbox): Promise<Record<string, unknown>> {
  await waitIdle(sb);
  const stored = readLines(sb.brainPath).filter((e) => e.text === LEARNED);
  assert.equal(
    stored.length,
    1,
    `the learner stored the fact once; learn log: ${JSON.stringify(learnRuns(sb))}`,
  );
  return stored[0] as Record<string, unknown>;
}

function learnRuns(sb: Sandbox): Record<string, unknown>[] {
  const log = learnFiles(sb.brainPath).log;
  return fs.existsSync(log) ? readLines(log) : [];
}
