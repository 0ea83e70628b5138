import * as fs from "node:fs";
import { basename } from "node:path";
import type { Turn } from "../core/episode.ts";
import type { Brain } from "../engine/brain.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import type { BrainHome } from "../store/home.ts";
import { FileLock } from "../store/jsonl/lock.ts";
import { type LearnState, loadCursors, saveCursors } from "./cursors.ts";
import { beginDelta, type DeltaRecord, episodeIdOf, freshIds } from "./delta-journal.ts";
import { intakeQueue, messageTurns, projectOf, queueRecord } from "./intake.ts";
import { appendRun, emptyRun, type LearnRun, lastRuns } from "./learn-log.ts";
import { type LearnKit, type LearnSettings, openKit, passOver, saveKit } from "./learn-run.ts";
import { feedMindFromTools, feedUserTurn } from "./mind-feed.ts";
import { modeLine, waitingCandidates } from "./mode.ts";
import { addNotice, type Notice } from "./notice.ts";
import { openCodeDelta, openCodeTarget } from "./opencode-read.ts";
import { advance, type Caps, DEFAULT_CAPS, readDelta, restartIfChanged } from "./transcript-read.ts";
import { capTurnText } from "./turn-cap.ts";
import { episodeTurns, learnableTurns } from "./typed.ts";

/**
 * The learner: reads the queue the hooks fill (`.brain/transcripts.jsonl`) and turns what the sessions said
 * into episodes (episodes.jsonl), each tagged with the project the session ran in. One learner per brain at
 * a time (`.brain/learn.lock`; a second one exits at once); per-transcript byte cursors saved after every
 * step (cursors.ts), so each message is read once and a learner killed mid-run resumes where it stopped
 * (the learning pass it was in goes on from its journal, delta-journal.ts); a run reads at most `maxBytes`
 * of transcripts, in pieces within the caps (transcript-read.ts), and a transcript that no longer holds what
 * its cursor read is read again from the start; a failing transcript is retried by later runs up to
 * `maxAttempts` times (then it waits for the next queued event), its cursor untouched: nothing is lost.
 */
export interface LearnerOptions {
  /** The brain's home: its queue, cursors, learner state and lock (src/store/home.ts). */
  home: BrainHome;
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
  /** Longest transcript line read and longest turn text stored (settings `learner.*`; default DEFAULT_CAPS). */
  caps?: Partial<Caps>;
}

export type LearnOutcome = { status: "idle" } | { status: "locked" } | { status: "ran"; run: LearnRun };

export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_ATTEMPTS = 5;

/** One bounded run. "idle": no queue at all; "locked": another learner holds the lock. */
export async function runLearner(o: LearnerOptions): Promise<LearnOutcome> {
  if (!fs.existsSync(o.home.file("queue"))) return { status: "idle" };
  const lock = new FileLock(o.home.lock("learner"));
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
  const caps = { ...DEFAULT_CAPS, ...o.caps };
  const save = (s: LearnState) => saveCursors(o.home, s, o.durable ?? true);
  const state = loadCursors(o.home);
  const run: LearnRun = { ...emptyRun(o.now()), queued: intakeQueue(o.home, state, o.now) };
  save(state);
  let brain: Brain | undefined;
  const open = async () => {
    brain ??= await o.openBrain();
    return brain;
  };
  let kit: LearnKit | undefined;
  /**
   * Store a delta's turns as episodes, then learn from those that were not episodes when the delta was first
   * read; the delta's journal is kept on `holder` (its cursor or queued item) until the caller moves past it.
   */
  const take = async (
    holder: { pending?: DeltaRecord },
    range: { from?: number; to?: number },
    turns: Turn[],
    source: string,
    before: { role: string; text: string }[],
    project: Record<string, string>,
    session?: string,
  ): Promise<number> => {
    if (turns.length === 0) return 0;
    const b = await open();
    const stored = episodeTurns(turns);
    const journal = o.learn
      ? beginDelta(
          holder,
          range,
          () => freshIds(b, stored),
          () => save(state),
        )
      : undefined;
    const r = await b.ingestTurns(stored, source, project);
    // What the user typed last (not a template or summary the host wrote in their name: src/learn/typed.ts).
    if (r.added) feedUserTurn(b, learnableTurns(stored), source.slice(0, source.indexOf(":")), session);
    if (!o.learn || !journal) return r.added;
    const fresh = new Set(journal.record.fresh);
    // Only what the user typed and the answers (tool calls as the answers' context): src/learn/typed.ts.
    const learnable = learnableTurns(turns.filter((t) => t.origin === "tool" || fresh.has(episodeIdOf(t))));
    if (!learnable.some((t) => t.origin !== "tool")) return r.added;
    kit ??= await openKit(o.home, b, o.learn, o.now);
    await passOver(kit, o.home, run, learnable, before, project.project, session, {
      summarize: true,
      journal,
    });
    saveKit(o.home, kit, o.durable ?? true);
    return r.added;
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
    const oc = openCodeTarget(c);
    if (oc) {
      if (c.attempts >= maxAttempts) continue;
      try {
        const d = await openCodeDelta(oc, caps.maxTurnChars);
        if (d.count === c.offset && !c.pending) continue;
        const range = { from: c.offset, to: d.count };
        const fresh = d.turns.slice(c.offset);
        const added = await take(
          c,
          range,
          d.turns,
          `opencode:${oc.session}`,
          c.recent ?? [],
          projectOf(c),
          c.session_id,
        );
        run.read.push({ source: key, ...range, turns: d.turns.length });
        run.stored.episodes += added;
        if (d.cut) run.cut = (run.cut ?? 0) + d.cut;
        if (fresh.length) c.recent = recentOf(c.recent ?? [], fresh);
        c.offset = c.line = d.count;
        delete c.pending;
        c.attempts = 0;
        delete c.lastError;
        c.updated = o.now().toISOString();
      } catch (e) {
        fail(key, e, c);
      }
      save(state);
      continue;
    }
    const name = basename(c.transcript);
    const from = c.offset;
    const change = restartIfChanged(c);
    if (change) {
      run.restarted = [
        ...(run.restarted ?? []),
        { source: key, from, size: change.size, reason: change.reason },
      ];
      save(state);
      o.progress?.(
        `learn: ${name}: ${change.reason === "shorter" ? `shorter than the ${from} bytes already read (${change.size} bytes now)` : `the ${from} bytes already read have changed (rewritten or replaced)`}: reading it again from the start`,
      );
    }
    while (c.attempts < maxAttempts) {
      if (budget <= 0) {
        if (sizeOf(c.transcript) > c.offset) run.more = true;
        break;
      }
      try {
        const d = readDelta(c, budget, caps);
        if (d.bytes === 0) break;
        const source = `${c.host}:${name}`;
        const range = { from: c.offset, to: c.offset + d.bytes };
        const added = await take(c, range, d.turns, source, c.recent ?? [], projectOf(c), c.session_id);
        run.read.push({ source: key, ...range, turns: d.turns.length });
        run.stored.episodes += added;
        for (const s of d.skipped) {
          run.skipped = [...(run.skipped ?? []), { source: key, ...s }];
          o.progress?.(
            `learn: ${name}: line ${s.line} is ${s.bytes} bytes, over the ${caps.maxLineBytes}-byte cap (learner.maxLineBytes): passed over`,
          );
        }
        if (d.cut) run.cut = (run.cut ?? 0) + d.cut;
        const said = learnableTurns(d.turns).filter((t) => t.origin !== "tool");
        if (said.length) c.recent = recentOf(c.recent ?? [], said);
        advance(c, d);
        c.attempts = 0;
        delete c.lastError;
        c.updated = o.now().toISOString();
        budget -= d.bytes;
        save(state);
        o.progress?.(`learn: ${name}: ${d.turns.length} turns, ${added} new episodes (to byte ${c.offset})`);
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
      const work = queueRecord(o.home, item.offset);
      if (!work) throw new Error(`no readable queued record at byte ${item.offset} of the queue`);
      const turns = messageTurns(work, item.offset);
      for (const t of turns) {
        const r = capTurnText(t.text, caps.maxTurnChars);
        if (r.cut) run.cut = (run.cut ?? 0) + 1;
        t.text = r.text;
      }
      const session = typeof work.session_id === "string" ? work.session_id : undefined;
      const added = await take(item, {}, turns, `${work.host}:queue`, [], projectOf(work), session);
      run.read.push({ source: `queue@${item.offset}`, from: 0, to: 0, turns: turns.length });
      run.stored.episodes += added;
      state.items.splice(state.items.indexOf(item), 1);
    } catch (e) {
      fail(`queue@${item.offset}`, e, item);
    }
    save(state);
  }
  try {
    const fed = await feedMindFromTools(o.home, open);
    if (fed) run.stored.mind = fed;
  } catch (e) {
    // The tool-event log unreadable or the mind's log locked too long: the cursor stays, a later run retries.
    run.errors.push({ source: "mind", error: (e as Error).message, attempts: 1, gaveUp: false });
  }
  const notice = await withModeAndError(o.home, o.learn, run, kit?.notice ?? { stored: [], inboxed: 0 });
  addNotice(o.home, notice, (f, text) => writeFileAtomic(f, [text], { durable: false }));
  run.ms = Math.round(performance.now() - t0);
  // A run that found nothing to do is not worth a line (the hooks start one after every turn).
  if (run.queued || run.read.length || run.errors.length || run.restarted || run.stored.mind)
    appendRun(o.home, run);
  return run;
}

/**
 * The notice with what the user should hear once (issue 23): which mode the learner is in, on the brain's
 * first run that read anything; the first error of a run that failed after one that did not (an unreachable
 * model, a bad key), so a lasting failure is said once, not after every turn.
 */
async function withModeAndError(
  home: BrainHome,
  learn: LearnSettings | undefined,
  run: LearnRun,
  notice: Notice,
): Promise<Notice> {
  if (!(run.read.length || run.errors.length)) return notice;
  const previous = lastRuns(home, 1)[0];
  const out: Notice = { ...notice };
  if (!previous && learn?.describe) {
    try {
      const model = await learn.describe();
      const offer = model ? undefined : await learn.offer?.();
      out.mode = modeLine(model, waitingCandidates(home), offer);
    } catch (e) {
      out.error = (e as Error).message;
    }
  }
  const first = run.errors[0];
  if (first && !previous?.errors.length) out.error = `${first.source}: ${first.error}`;
  return out;
}

/**
 * Whether the queue holds records no run has read yet. A learner that found the lock taken exits at once, so
 * the holder checks this after releasing it: work queued during its run is not left for the next hook.
 */
export function queueBehind(home: BrainHome): boolean {
  return sizeOf(home.file("queue")) > loadCursors(home).queueOffset;
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
