import type { Turn } from "../core/episode.ts";
import { normalizeText } from "../core/text.ts";
import type { Brain } from "../engine/brain.ts";
import type { BrainHome } from "../store/home.ts";
import { emptyRun } from "./learn-log.ts";
import { type LearnSettings, openKit, passOver, saveKit } from "./learn-run.ts";
import { NearDupIndex } from "./near-dup.ts";
import { SUMMARY_ROLE } from "./summary.ts";

/**
 * `brain consolidate` (issue 11; seed 000 "Memory Maintenance", the memory-consolidate skill): decay stale
 * learnings, merge near-duplicate learnings and preferences (the older id is kept, the other tombstoned with
 * reason "merged into <id>"), and mine the episodes stored since the checkpoint (meta
 * `memory_consolidate.last_consolidated_at`) through the extractor, or the model-free detectors and the
 * inbox without a model. The checkpoint moves only when mining succeeded. `dryRun` writes nothing.
 */
export const CHECKPOINT_KEY = "memory_consolidate.last_consolidated_at";
/** Characters of a session mined in one extraction pass (one model call). */
const WINDOW_CHARS = 8_000;

export interface ConsolidateReport {
  dryRun: boolean;
  decayed: { id: string; text: string }[];
  merged: { id: string; into: string; text: string }[];
  mined: {
    since: string | null;
    episodes: number;
    sessions: number;
    stored: number;
    reinforced: number;
    inboxed: number;
    tokens: { input: number; output: number };
    error?: string;
  };
  checkpoint: string | null;
}

export async function consolidate(
  brain: Brain,
  home: BrainHome,
  opts: { dryRun: boolean; learn: LearnSettings },
): Promise<ConsolidateReport> {
  brain.refresh();
  const dry = opts.dryRun;
  const textOf = (id: string) => String(brain.state.find(id)?.entry.text ?? "");
  const decay = await brain.act({ action: "decay", ...(dry ? { dry_run: true } : {}) });
  const decayIds = (decay.data?.decayed as string[] | undefined) ?? [];
  const report: ConsolidateReport = {
    dryRun: dry,
    decayed: decayIds.map((id) => ({ id, text: textOf(id) })),
    merged: [],
    mined: {
      since: null,
      episodes: 0,
      sessions: 0,
      stored: 0,
      reinforced: 0,
      inboxed: 0,
      tokens: { input: 0, output: 0 },
    },
    checkpoint: null,
  };
  // Dry run: the decayed entries are still live; they are not merge candidates either way.
  const gone = new Set(decayIds);
  for (const type of ["learning", "preference"] as const) {
    const index = new NearDupIndex();
    // Fold order is the order ids first appeared: the first of two near-duplicates is the older one.
    for (const r of brain.state.list(type)) {
      if (gone.has(r.id)) continue;
      const text = String(r.entry.text ?? "");
      const near = index.best(normalizeText(text));
      if (!near) {
        index.add(r.id, normalizeText(text));
        continue;
      }
      report.merged.push({ id: r.id, into: near.id, text });
      if (!dry) await brain.act({ action: "remove", id: r.id, reason: `merged into ${near.id}` });
    }
  }
  await mine(brain, home, opts, report);
  return report;
}

async function mine(
  brain: Brain,
  home: BrainHome,
  opts: { dryRun: boolean; learn: LearnSettings },
  report: ConsolidateReport,
): Promise<void> {
  brain.refresh();
  const since = brain.state.findKeyed("meta", CHECKPOINT_KEY)?.entry.value;
  const sinceMs = typeof since === "string" ? Date.parse(since) : Number.NEGATIVE_INFINITY;
  report.mined.since = typeof since === "string" ? since : null;
  const log = brain.recallEngine.episodes;
  log.refresh();
  const now = brain.now();
  const sessions: { key: string; turns: Turn[]; project?: string }[] = [];
  for (const s of log.sessions.values()) {
    // A session summary is the model's own words about the session, not something said in it.
    const recs = s.recs.filter((r) => !(r.createdMs <= sinceMs) && r.entry.role !== SUMMARY_ROLE);
    if (recs.length === 0) continue;
    const turns = recs.map((r) => {
      const e = r.entry;
      return {
        session: s.key,
        turn: String(e.turn ?? r.id),
        speaker: String(e.speaker ?? ""),
        role: String(e.role ?? e.speaker ?? ""),
        text: String(e.text ?? ""),
        date: String(e.date ?? ""),
      };
    });
    const project = recs[0]?.entry.project;
    sessions.push({ key: s.key, turns, ...(typeof project === "string" ? { project } : {}) });
    report.mined.episodes += recs.length;
  }
  report.mined.sessions = sessions.length;
  if (opts.dryRun) return;
  const run = emptyRun(now);
  try {
    const kit = await openKit(home, brain, opts.learn, () => now);
    for (const s of sessions) {
      for (const window of windows(s.turns)) await passOver(kit, home, run, window, [], s.project, s.key);
    }
    saveKit(home, kit, true);
  } catch (e) {
    report.mined.error = (e as Error).message;
  }
  Object.assign(report.mined, {
    stored: run.stored.memories,
    reinforced: run.stored.reinforced,
    inboxed: run.learned.inboxed,
    tokens: { input: run.tokens.input, output: run.tokens.output },
  });
  if (report.mined.error) return;
  await brain.act({ action: "add", type: "meta", key: CHECKPOINT_KEY, value: now.toISOString() });
  report.checkpoint = now.toISOString();
}

/** Consecutive turns of at most WINDOW_CHARS (a longer turn is a window of its own). */
function windows(turns: Turn[]): Turn[][] {
  const out: Turn[][] = [];
  let cur: Turn[] = [];
  let chars = 0;
  for (const t of turns) {
    if (cur.length > 0 && chars + t.text.length > WINDOW_CHARS) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(t);
    chars += t.text.length;
  }
  if (cur.length) out.push(cur);
  return out;
}
