import type { Turn } from "../core/episode.ts";
import { normalizeText } from "../core/text.ts";
import type { Brain } from "../engine/brain.ts";
import type { BrainHome } from "../store/home.ts";
import type { Curator } from "./curator/curator.ts";
import type { DeltaJournal } from "./delta-journal.ts";
import type { DetectOptions, DetectState } from "./detect/index.ts";
import { DEFAULT_SUMMARY_CHARS } from "./extract/schema.ts";
import type { LlmProvider } from "./extract/types.ts";
import { providerErrorRecord, recordFeedback } from "./feedback.ts";
import { readInbox } from "./inbox.ts";
import type { LearnRun } from "./learn-log.ts";
import { loadCurator, loadDetect, saveCurator, saveDetect } from "./learn-state.ts";
import { MemoryIndex } from "./memory-store.ts";
import { NearDupIndex } from "./near-dup.ts";
import type { Notice } from "./notice.ts";
import { learnPass } from "./pass.ts";
import { lastSummary, SUMMARY_SOURCE, summaryTurn } from "./summary.ts";
import { recordUse } from "./use.ts";

/** How the learner learns beyond episodes: the model (loaded on first use), the limits, the curator's threshold. */
export interface LearnSettings {
  /** The extraction model and its limits, or undefined for the model-free path; called once per run, on first need. */
  extractor: () => Promise<Extractor | undefined>;
  /** The model in words for the user (src/learn/mode.ts), undefined without one; absent: not said. */
  describe?: () => Promise<string | undefined>;
  /** Without a model: what the user could switch on (src/learn/settings.ts, hostOffer); absent: the default hint. */
  offer?: () => Promise<string | undefined>;
  autoAccept: boolean;
  curatorThreshold: number;
  /** The detectors' options (the bench measures structure alone, seed 003's detectors; default: the cue table). */
  detect?: Partial<DetectOptions>;
}

export interface Extractor {
  provider: LlmProvider;
  maxItems?: number;
  maxChars?: number;
  /** The session summary's length (default DEFAULT_SUMMARY_CHARS; 0: no summaries). */
  summaryChars?: number;
  /** Extraction calls one delta may take (a long delta is split; src/learn/model-ask.ts). */
  maxCalls?: number;
}

/** What one run keeps between its passes. */
export interface LearnKit {
  brain: Brain;
  settings: LearnSettings;
  extractor: Extractor | undefined;
  curator: Curator;
  detect: { state: DetectState };
  index: MemoryIndex;
  /** The inbox's texts (every state), so a candidate is not proposed twice. */
  proposed: NearDupIndex;
  now: () => Date;
  notice: Notice;
}

export async function openKit(
  home: BrainHome,
  brain: Brain,
  settings: LearnSettings,
  now: () => Date,
): Promise<LearnKit> {
  return {
    brain,
    settings,
    extractor: await settings.extractor(),
    curator: loadCurator(home, settings.curatorThreshold),
    detect: { state: loadDetect(home) },
    index: MemoryIndex.of(brain),
    proposed: proposedIndex(home),
    now,
    notice: { stored: [], inboxed: 0 },
  };
}

/** A near-duplicate index of every inbox text (pending, accepted, edited or rejected). */
function proposedIndex(home: BrainHome): NearDupIndex {
  const index = new NearDupIndex();
  for (const item of readInbox(home).items) index.add(item.id, normalizeText(item.text));
  return index;
}

export function saveKit(home: BrainHome, kit: LearnKit, durable: boolean): void {
  saveCurator(home, kit.curator, durable);
  saveDetect(home, kit.detect.state, durable);
}

/**
 * One pass over a delta's turns, its counts added to the run. A model failure throws before anything is
 * stored; the curator's and detectors' states are then reloaded so the retry sees them as they were.
 * With `summarize` (the learner's passes over new turns, not consolidation's over old ones) and a model, the
 * same call also returns the session's summary so far, given the previous one; a changed summary is stored
 * as an episode of the session (src/learn/summary.ts). Never without a model. With a `journal`, the pass goes
 * on from what an interrupted one over the same delta recorded (src/learn/delta-journal.ts).
 */
export async function passOver(
  kit: LearnKit,
  home: BrainHome,
  run: LearnRun,
  turns: Turn[],
  before: { role: string; text: string }[],
  project: string | undefined,
  session: string | undefined,
  opts: { summarize?: boolean; journal?: DeltaJournal } = {},
): Promise<void> {
  const summaryChars =
    opts.summarize && kit.extractor ? (kit.extractor.summaryChars ?? DEFAULT_SUMMARY_CHARS) : 0;
  const episodeSession = turns[0]?.session;
  const previous = summaryChars > 0 && episodeSession ? lastSummary(kit.brain, episodeSession) : undefined;
  let r: Awaited<ReturnType<typeof learnPass>>;
  try {
    r = await learnPass(
      {
        brain: kit.brain,
        home,
        provider: kit.extractor?.provider,
        ...(kit.extractor?.maxItems ? { maxItems: kit.extractor.maxItems } : {}),
        ...(kit.extractor?.maxChars ? { maxChars: kit.extractor.maxChars } : {}),
        ...(kit.extractor?.maxCalls ? { maxCalls: kit.extractor.maxCalls } : {}),
        summaryChars,
        autoAccept: kit.settings.autoAccept,
        curator: kit.curator,
        detect: kit.detect,
        ...(kit.settings.detect ? { detectOptions: kit.settings.detect } : {}),
        index: kit.index,
        proposed: kit.proposed,
        now: kit.now,
        ...(opts.journal ? { journal: opts.journal } : {}),
      },
      {
        messages: turns.map((t) => ({
          role: t.role ?? t.speaker,
          text: t.text,
          id: t.turn,
          date: t.date,
          ...(t.origin === "tool" ? { tool: true } : {}),
        })),
        before,
        ...(project ? { project } : {}),
        ...(session ? { session } : {}),
        ...(previous ? { summary: previous } : {}),
      },
    );
  } catch (e) {
    const usage = (e as { usage?: { inputTokens: number; outputTokens: number }; calls?: number }) ?? {};
    run.tokens.input += usage.usage?.inputTokens ?? 0;
    run.tokens.output += usage.usage?.outputTokens ?? 0;
    run.tokens.calls += usage.calls ?? 0;
    kit.curator = loadCurator(home, kit.settings.curatorThreshold);
    kit.detect.state = loadDetect(home);
    if ((e as Error)?.name === "LlmError" && kit.extractor)
      await recordFeedback(home, [
        providerErrorRecord(kit.now().toISOString(), kit.extractor.provider.provider, (e as Error).message, {
          session,
          project,
        }),
      ]);
    throw e;
  }
  run.tokens.input += r.tokens.input;
  run.tokens.output += r.tokens.output;
  run.tokens.calls += r.calls;
  run.learned.candidates += r.candidates;
  run.learned.gated += r.gated;
  run.learned.inboxed += r.inboxed;
  if (r.repeated) run.learned.repeated = (run.learned.repeated ?? 0) + r.repeated;
  if (r.secrets) run.learned.refused += r.secrets;
  if (r.dropped) run.learned.dropped = (run.learned.dropped ?? 0) + r.dropped;
  if (r.overBudget) run.learned.overBudget = (run.learned.overBudget ?? 0) + 1;
  kit.notice.inboxed += r.inboxed;
  const summary = r.summary && r.summary !== previous ? summaryTurn(turns, r.summary) : undefined;
  if (summary) {
    const w = await kit.brain.ingestTurns([summary], SUMMARY_SOURCE, project ? { project } : {});
    if (w.added) run.stored.summaries = (run.stored.summaries ?? 0) + w.added;
  }
  for (const o of r.outcomes) {
    if (o.kind === "added") {
      run.stored.memories++;
      kit.notice.stored.push({ id: o.id, type: "memory", text: o.text });
    } else if (o.kind === "reinforced") run.stored.reinforced++;
    else {
      run.learned.refused++;
      // Why the write path refused (a secret, a limit): the first few, for `brain learn --status --json`.
      const why = run.learned.why ?? [];
      if (o.kind === "refused" && why.length < 5) run.learned.why = [...why, o.why];
    }
  }
  // The learner's passes over new turns (not consolidation's over old ones): what their prompts used.
  if (opts.summarize) {
    const used = await recordUse(kit.brain, turns, {
      now: kit.now(),
      ...(project ? { project } : {}),
      ...(session ? { session } : {}),
    });
    if (used) run.stored.used = (run.stored.used ?? 0) + used;
  }
}
