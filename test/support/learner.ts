/** Waiting for a background learner (src/learn/worker.ts): polls its files, a bounded number of times. */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";

/** The learner's files beside `brainPath`. */
export function learnFiles(brainPath: string) {
  const dir = dirname(brainPath);
  return {
    episodes: join(dir, "episodes.jsonl"),
    queue: join(dir, ".brain", "transcripts.jsonl"),
    cursors: join(dir, ".brain", "learn-cursors.json"),
    log: join(dir, ".brain", "learn-log.jsonl"),
    lock: join(dir, ".brain", "learn.lock"),
  };
}

/** Whether every queued byte and every transcript byte has been learned and no learner holds the lock. */
export function settled(brainPath: string): boolean {
  const f = learnFiles(brainPath);
  if (!fs.existsSync(f.cursors) || fs.existsSync(f.lock)) return false;
  const c = JSON.parse(fs.readFileSync(f.cursors, "utf8")) as {
    queueOffset: number;
    sessions: Record<string, { offset: number; transcript: string; host?: string; pending?: unknown }>;
    items: unknown[];
  };
  if (c.queueOffset !== fs.statSync(f.queue).size || c.items.length > 0) return false;
  // An OpenCode session (`<opencode.db>#<id>`) is read whole by each run: learned once its run is through.
  return Object.values(c.sessions).every((s) =>
    s.host === "opencode" ? s.pending === undefined : s.offset === fs.statSync(s.transcript).size,
  );
}

/** Wait until `settled`, polling at most `polls` times (never against the clock). */
export async function waitSettled(brainPath: string, polls = 600): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (settled(brainPath)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`the background learner did not finish within ${polls} polls`);
}
