import * as fs from "node:fs";
import { basename } from "node:path";
import type { Turn } from "../core/episode.ts";
import type { Brain } from "../engine/brain.ts";
import { parseTranscript, type TranscriptFormat } from "../recall/ingest/parse.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { FileLock } from "../store/jsonl/lock.ts";
import { readLines } from "./byte-range.ts";
import { type LearnState, loadCursors, type SessionCursor, saveCursors } from "./cursors.ts";
import { intakeQueue, messageTurns, projectOf, queueRecord } from "./intake.ts";
import { appendRun, emptyRun, type LearnRun } from "./learn-log.ts";
import { type LearnKit, type LearnSettings, openKit, passOver, saveKit } from "./learn-run.ts";
import { addNotice } from "./notice.ts";
import { queueFile } from "./queue.ts";
import { learnLockTarget } from "./spawn.ts";

/**
 * The learner: reads the queue the hooks fill (`.brain/transcripts.jsonl`) and turns what the sessions said
 * into episodes (episodes.jsonl), each tagged with the project the session ran in. One learner per brain at
 * a time (`.brain/learn.lock`; a second one exits at once); per-transcript byte cursors saved after every
 * step (cursors.ts), so each message is read once and a learner killed mid-run resumes where it stopped; a
 * run reads at most `maxBytes` of transcripts; a failing transcript is retried by later runs up to
 * `maxAttempts` times (then it waits for the next queued event), its cursor untouched: nothing is lost.
 */
export interface LearnerOptions {
  brainPath: string;
  now: () => Date;
  /** Opens the brain (only when there is something to store). */
  openBrain: () => Promise<Brain>;
  /** Transcript bytes one run reads at most (default 4 MiB). */
  maxBytes?: number;
  /** Failed attempts per queued item before it waits for new work (default 5). */
  maxAttempts?: number;
  /** fsync the cursors file (default true). */
  durable?: boolean;
  progress?: (line: string) => void;
  /** What to learn from the turns besides episodes (absent: episodes only). */
  learn?: LearnSettings;
}

export type LearnOutcome = { status: "idle" } | { status: "locked" } | { status: "ran"; run: LearnRun };

export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_ATTEMPTS = 5;

export { learnLockTarget };

/** One bounded run. "idle": no queue at all; "locked": another learner holds the lock. */
export async function runLearner(o: LearnerOptions): Promise<LearnOutcome> {
  if (!fs.existsSync(queueFile(o.brainPath))) return { status: "idle" };
  const lock = new FileLock(learnLockTarget(o.brainPath));
  try {
    lock.acquire({ timeoutMs: 0, purpose: "learn" });
  } catch {
    return { status: "locked" };
  }
  try {
    return { status: "ran", run: await learnOnce(o) };
  } finally {
    lock.release();
  }
}

async function learnOnce(o: LearnerOptions): Promise<LearnRun> {
  const t0 = performance.now();
  const maxAttempts = o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const save = (s: LearnState) => saveCursors(o.brainPath, s, o.durable ?? true);
  const state = loadCursors(o.brainPath);
  const run: LearnRun = { ...emptyRun(o.now()), queued: intakeQueue(o.brainPath, state, o.now) };
  save(state);
  let brain: Brain | undefined;
  const open = async () => {
    brain ??= await o.openBrain();
    return brain;
  };
  let kit: LearnKit | undefined;
  const learn = async (
    turns: Turn[],
    before: { role: string; text: string }[],
    project: Record<string, string>,
    session?: string,
  ) => {
    if (!o.learn || turns.length === 0) return;
    kit ??= await openKit(o.brainPath, await open(), o.learn, o.now);
    await passOver(kit, o.brainPath, run, turns, before, project.project, session, { summarize: true });
    saveKit(o.brainPath, kit, o.durable ?? true);
  };
  let budget = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const fail = (source: string, e: unknown, item: { attempts: number; lastError?: string }) => {
    item.attempts++;
    item.lastError = (e as Error).message;
    run.errors.push({
      source,
      error: item.lastError,
      attempts: item.attempts,
      gaveUp: item.attempts >= maxAttempts,
    });
    o.progress?.(`learn: ${source}: ${item.lastError} (attempt ${item.attempts} of ${maxAttempts})`);
  };

  for (const [key, c] of Object.entries(state.sessions)) {
    while (c.attempts < maxAttempts) {
      if (budget <= 0) {
        if (sizeOf(c.transcript) > c.offset) run.more = true;
        break;
      }
      try {
        const chunk = readLines(c.transcript, c.offset, budget);
        if (chunk.bytes === 0) break;
        const turns = turnsOf(c, chunk.text);
        const r = turns.length
          ? await (await open()).ingestTurns(
              turns,
              `${c.host === "pi" ? "pi" : "claude"}:${basename(c.transcript)}`,
              projectOf(c),
            )
          : { added: 0 };
        await learn(turns, c.recent ?? [], projectOf(c), c.session_id);
        run.read.push({ source: key, from: c.offset, to: c.offset + chunk.bytes, turns: turns.length });
        run.stored.episodes += r.added;
        if (turns.length) c.recent = recentOf(c.recent ?? [], turns);
        c.offset += chunk.bytes;
        c.line += chunk.lines;
        c.attempts = 0;
        delete c.lastError;
        c.updated = o.now().toISOString();
        budget -= chunk.bytes;
        save(state);
        o.progress?.(
          `learn: ${basename(c.transcript)}: ${turns.length} turns, ${r.added} new episodes (to byte ${c.offset})`,
        );
      } catch (e) {
        fail(key, e, c);
        save(state);
        break;
      }
    }
  }

  for (const item of [...state.items]) {
    if (item.attempts >= maxAttempts) continue;
    try {
      const work = queueRecord(o.brainPath, item.offset);
      const turns = messageTurns(work, item.offset);
      const r = turns.length
        ? await (await open()).ingestTurns(turns, `${work.host}:queue`, projectOf(work))
        : { added: 0 };
      await learn(
        turns,
        [],
        projectOf(work),
        typeof work.session_id === "string" ? work.session_id : undefined,
      );
      run.read.push({ source: `queue@${item.offset}`, from: 0, to: 0, turns: turns.length });
      run.stored.episodes += r.added;
      state.items.splice(state.items.indexOf(item), 1);
    } catch (e) {
      fail(`queue@${item.offset}`, e, item);
    }
    save(state);
  }
  if (kit) addNotice(o.brainPath, kit.notice, (f, text) => writeFileAtomic(f, [text], { durable: false }));
  run.ms = Math.round(performance.now() - t0);
  // A run that found nothing to do is not worth a line (the hooks start one after every turn).
  if (run.queued || run.read.length || run.errors.length) appendRun(o.brainPath, run);
  return run;
}

/**
 * Whether the queue holds records no run has read yet. A learner that found the lock taken exits at once, so
 * the holder checks this after releasing it: work queued during its run is not left for the next hook.
 */
export function queueBehind(brainPath: string): boolean {
  return sizeOf(queueFile(brainPath)) > loadCursors(brainPath).queueOffset;
}

/** Messages kept per transcript as context for the next delta ("a few before" in the extraction prompt). */
const RECENT = 4;
const RECENT_CHARS = 400;

function recentOf(prev: { role: string; text: string }[], turns: Turn[]): { role: string; text: string }[] {
  const next = turns
    .slice(-RECENT)
    .map((t) => ({ role: t.role ?? t.speaker, text: t.text.slice(0, RECENT_CHARS) }));
  return [...prev, ...next].slice(-RECENT);
}

function sizeOf(path: string): number {
  try {
    return fs.statSync(path).size;
  } catch {
    return 0;
  }
}

function turnsOf(c: SessionCursor, text: string): Turn[] {
  const format: TranscriptFormat = c.host === "pi" ? "pi" : "claude";
  const parsed = parseTranscript(text, {
    format,
    session: c.session_id ?? basename(c.transcript).replace(/\.[^.]+$/, ""),
    fallbackDate: fs.statSync(c.transcript).mtime.toISOString(),
    lineOffset: c.line,
  });
  return parsed?.turns ?? [];
}
