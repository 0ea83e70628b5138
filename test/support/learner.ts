/**
 * Waiting for a background learner (src/learn/worker.ts) by what Brain itself records: the queue the hooks
 * append to, the learner's cursors and its lock. Polls those files, a bounded number of times.
 */
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

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

interface Cursors {
  queueOffset: number;
  sessions: Record<string, { offset: number; transcript: string; host?: string; pending?: unknown }>;
  items: unknown[];
}

/**
 * Per transcript, how many bytes it had when it was last queued: the queue record's `transcript_bytes` (the
 * hook's enqueue writes it), else — a record a test wrote by hand — the transcript's size now.
 */
function queuedBytes(queue: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of fs.readFileSync(queue, "utf8").split("\n")) {
    if (!line) continue;
    try {
      const q = JSON.parse(line) as { transcript_path?: unknown; transcript_bytes?: unknown };
      if (typeof q.transcript_path !== "string") continue;
      const bytes = typeof q.transcript_bytes === "number" ? q.transcript_bytes : sizeOf(q.transcript_path);
      out.set(q.transcript_path, bytes);
    } catch {
      // a line being written: the queue offset check below waits for it
    }
  }
  return out;
}

/**
 * What the learner has still to do for the work the hooks queued, each as a line; empty when it is done:
 * nothing queued yet, no run yet, a learner holding the lock, queue bytes not read, message batches not
 * stored, a transcript not read as far as it was when last queued, a learning pass left pending. What a host
 * writes to its transcript after its last hook is not work queued: it is not waited for.
 */
export function learnerBacklog(brainPath: string): string[] {
  const f = learnFiles(brainPath);
  if (!fs.existsSync(f.queue)) return ["nothing queued yet"];
  if (!fs.existsSync(f.cursors)) return ["no learner run yet"];
  const left: string[] = [];
  if (fs.existsSync(f.lock)) left.push("a learner holds the lock");
  const c = JSON.parse(fs.readFileSync(f.cursors, "utf8")) as Cursors;
  const size = fs.statSync(f.queue).size;
  if (c.queueOffset !== size) left.push(`the queue read to byte ${c.queueOffset} of ${size}`);
  if (c.items.length > 0) left.push(`${c.items.length} queued message batch(es) not stored`);
  const queued = queuedBytes(f.queue);
  for (const s of Object.values(c.sessions)) {
    if (s.pending !== undefined) left.push(`${s.transcript}: a learning pass pending`);
    // An OpenCode session (`<opencode.db>#<id>`) is read whole by each run: done once no pass is pending.
    const want = s.host === "opencode" ? 0 : (queued.get(s.transcript) ?? 0);
    if (s.offset < want) left.push(`${s.transcript}: read to byte ${s.offset} of the ${want} queued`);
  }
  return left;
}

/** Whether everything the hooks queued has been learned and no learner holds the lock. */
export function settled(brainPath: string): boolean {
  return learnerBacklog(brainPath).length === 0;
}

/** Queue records so far (0 when none): a step's `waitSettled`/`waitIdle` can wait for one past it. */
export function queueLength(brainPath: string): number {
  const queue = learnFiles(brainPath).queue;
  return fs.existsSync(queue) ? fs.readFileSync(queue, "utf8").split("\n").filter(Boolean).length : 0;
}

/** Wait until `settled`, polling at most `polls` times (never against the clock). */
export async function waitSettled(brainPath: string, polls = 600): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (settled(brainPath)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(
    `the background learner did not finish within ${polls} polls: ${learnerBacklog(brainPath).join("; ")}`,
  );
}
