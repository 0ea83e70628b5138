import { defaultBrain } from "../core/defaults.ts";
import { normalizeText } from "../core/text.ts";
import type { Brain } from "../engine/brain.ts";
import type { BrainHome } from "../store/home.ts";
import { extractAnchors } from "./anchors.ts";
import type { Curator } from "./curator/curator.ts";
import { type DeltaJournal, storeJournaled } from "./delta-journal.ts";
import {
  type Candidate,
  type DetectOptions,
  type DetectState,
  detect,
  type Exchange,
} from "./detect/index.ts";
import type { PromptMessage } from "./extract/prompt.ts";
import type { Extraction } from "./extract/schema.ts";
import { LlmError, type LlmProvider } from "./extract/types.ts";
import { correctionRecords, isExplicitCorrection, recordFeedback, selfHealRecord } from "./feedback.ts";
import { addCandidates, candidateId, type InboxCandidate } from "./inbox.ts";
import {
  type Gate,
  type MemoryIndex,
  type MemoryItem,
  type Provenance,
  type StoreOutcome,
  storeMemory,
} from "./memory-store.ts";
import { askModel } from "./model-ask.ts";
import { NearDupIndex } from "./near-dup.ts";

/**
 * One learning pass over a transcript delta (issue 11 steps 2 and 3). With a model: the extraction prompt
 * (new messages, a few before them, the stored memories the recall index finds most relevant to them, seed
 * 000's rules), at most `maxItems` items; each passes the SELECTION curator and is stored (src/learn/memory-store.ts).
 * Without one: INSTANT detection on each user/assistant exchange, each candidate through the curator, and
 * the ones that pass go to the inbox (or straight in with `autoAccept`). The curator and detector states are
 * changed in place: the caller saves them only when the pass succeeded (a failed model call throws first).
 * With a journal (src/learn/delta-journal.ts), the model's answer and each memory it stores are recorded
 * before they are written, and a pass over a delta an interrupted learner had begun goes on from the record.
 */
export interface PassMessage extends PromptMessage {
  /** Turn id (evidence for candidates). */
  id?: string;
  /** ISO date of the message (the curator's hour and weekday). */
  date?: string;
  /** An assistant's tool call ("Bash: pnpm test"): context of the exchange, never shown as said. */
  tool?: boolean;
}

export interface PassContext {
  brain: Brain;
  home: BrainHome;
  provider?: LlmProvider | undefined;
  maxItems?: number;
  maxChars?: number;
  /** Ask the model for a one-line session summary of at most this many characters (absent or 0: none). */
  summaryChars?: number;
  /** Extraction calls one delta may take (a long delta is split; default DEFAULT_MAX_CALLS, src/learn/model-ask.ts). */
  maxCalls?: number;
  autoAccept: boolean;
  curator: Curator;
  detect: { state: DetectState };
  /** The detectors' options (default: cue table on, seed 003's corrections and patterns off). */
  detectOptions?: Partial<DetectOptions>;
  index: MemoryIndex;
  /** What the inbox holds or was given in this run (any state): a near-duplicate is not proposed again. */
  proposed?: NearDupIndex;
  now: () => Date;
  journal?: DeltaJournal;
}

export interface PassInput {
  messages: PassMessage[];
  before: PromptMessage[];
  project?: string;
  session?: string;
  /** The session's summary from an earlier pass (the model carries it forward). */
  summary?: string;
}

export interface PassResult {
  outcomes: StoreOutcome[];
  /** Candidates (model items or detector proposals), how many the curator stopped, how many went to the inbox. */
  candidates: number;
  gated: number;
  inboxed: number;
  tokens: { input: number; output: number };
  calls: number;
  /** The model's one-line summary of the session so far, when asked for and given (never without a model). */
  summary?: string;
  /** Candidates not proposed again: the inbox already holds them (or a near-duplicate). */
  repeated?: number;
  /** Candidates dropped because they hold a secret (src/guards/). */
  secrets?: number;
  /** The exchanges the correction detector flagged (their ids), for the feedback ledger. */
  corrected?: string[];
  /** The model's first answer was malformed and its repair call fixed it (a self-heal, for the ledger). */
  repaired?: boolean;
  /** Older messages of a delta too long for `maxCalls` calls, not shown to the model. */
  dropped?: number;
  /** A headless host's calls for the day were spent (src/learn/extract/host-budget.ts). */
  overBudget?: boolean;
}

function when(date: string | undefined, now: () => Date): { hourOfDay: number; dayOfWeek: number } {
  const d = date && !Number.isNaN(Date.parse(date)) ? new Date(date) : now();
  return { hourOfDay: d.getHours(), dayOfWeek: d.getDay() };
}

/** Seed the curator's TF-IDF mode from the stored memories the first time there are enough of them. */
export function seedCurator(curator: Curator, brain: Brain): void {
  if (curator.mode === "tfidf") return;
  brain.refresh();
  const texts = (["learning", "preference", "behavior"] as const).flatMap((t) =>
    brain.state.list(t).map((r) => String(r.entry.text ?? "")),
  );
  // A brain nobody ran `brain init` on (a hook started it, empty) learns like one that did: the curator's
  // first corpus is the default behaviours' text either way, not nothing (which kept it in cold start).
  if (brain.state.count("behavior") === 0)
    for (const e of defaultBrain(brain.now())) if (e.type === "behavior") texts.push(String(e.text ?? ""));
  curator.seed(texts);
}

export async function learnPass(ctx: PassContext, input: PassInput): Promise<PassResult> {
  const result: PassResult = {
    outcomes: [],
    candidates: 0,
    gated: 0,
    inboxed: 0,
    tokens: { input: 0, output: 0 },
    calls: 0,
  };
  if (!input.messages.some((m) => m.text.trim())) return result;
  seedCurator(ctx.curator, ctx.brain);
  const last = input.messages[input.messages.length - 1]?.date;
  const gate = (text: string, cue?: number) =>
    ctx.curator.evaluate({
      prompt: "",
      response: text,
      ...when(last, ctx.now),
      ...(cue !== undefined ? { cue } : {}),
    });
  if (ctx.provider) {
    try {
      await modelPass(ctx, ctx.provider, input, result, gate);
    } catch (e) {
      // The host's calls for today are spent before this delta's first: it is learned without a model.
      if (!(e instanceof LlmError && e.failure === "budget")) throw e;
      result.overBudget = true;
      await detectPass(ctx, input, result, gate);
    }
  } else await detectPass(ctx, input, result, gate);
  await recordFeedback(ctx.home, feedbackOf(ctx, input, result));
  return result;
}

/** What the pass tells the feedback ledger: the user's corrections (explicit or detected), a repaired answer. */
function feedbackOf(ctx: PassContext, input: PassInput, result: PassResult) {
  const at = (m: PassMessage | undefined) =>
    m?.date && !Number.isNaN(Date.parse(m.date)) ? new Date(m.date).toISOString() : ctx.now().toISOString();
  const found: Parameters<typeof correctionRecords>[0] = [];
  const flagged = new Set(result.corrected ?? []);
  input.messages.forEach((m, i) => {
    if (m.role !== "user") return;
    const id = m.id ?? String(i);
    const explicit = isExplicitCorrection(m.text);
    if (explicit || flagged.has(id))
      found.push({ text: m.text, at: at(m), source: explicit ? "explicit" : "detector", ref: id });
  });
  const where = { session: input.session, project: input.project };
  const records = correctionRecords(found, where);
  if (result.repaired)
    records.push(
      selfHealRecord(
        at(input.messages.at(-1)),
        "the model's malformed answer was repaired",
        "learner",
        where,
      ),
    );
  return records;
}

async function modelPass(
  ctx: PassContext,
  provider: LlmProvider,
  input: PassInput,
  result: PassResult,
  gate: Gate,
): Promise<void> {
  const journal = ctx.journal;
  let value = journal?.answer as Extraction | undefined;
  if (!value) {
    value = await askModel(ctx, provider, input, result);
    journal?.answered({
      items: value.items as MemoryItem[],
      ...(value.summary ? { summary: value.summary } : {}),
    });
  }
  if (value.summary) result.summary = value.summary;
  const from = provenanceOf(input);
  for (const [i, answered] of (value.items as MemoryItem[]).entries()) {
    result.candidates++;
    const item = withOrigin(answered, from, input.project);
    const o = journal
      ? (journal.outcome(i) ?? (await storeJournaled(ctx.brain, ctx.index, journal, i, item, gate)))
      : await storeMemory(ctx.brain, item, ctx.index, gate);
    if (o.kind === "gated") result.gated++;
    else result.outcomes.push(o);
  }
}

/**
 * Where a model's items were learned (seed 002): the session, its project and the newest message the user
 * typed in the delta (a model does not say which turn an item came from).
 */
function provenanceOf(input: PassInput): Provenance {
  const last = input.messages.findLast((m) => m.role === "user" && !m.tool);
  return {
    ...(input.session ? { session: input.session } : {}),
    ...(last?.id ? { turn: last.id } : {}),
    ...(input.project ? { project: input.project } : {}),
  };
}

/** A text item with its provenance and the anchors its text names in the project. */
function withOrigin(item: MemoryItem, from: Provenance, project: string | undefined): MemoryItem {
  if (!("text" in item)) return item;
  const anchors = extractAnchors(item.text, project);
  return { ...item, from, ...(anchors.length ? { anchors } : {}) };
}

/**
 * User/assistant exchanges of the delta: the user's messages (one by one in `turns`), then the assistant's
 * answer to them and the tool calls it made on the way.
 */
export function exchangesOf(messages: readonly PassMessage[]): Exchange[] {
  const out: Exchange[] = [];
  let user: PassMessage[] = [];
  let assistant: PassMessage[] = [];
  const flush = () => {
    const said = assistant.filter((m) => !m.tool);
    // A message not answered yet is read all the same; an answer alone still tells what the step was.
    if (user.length || assistant.length)
      out.push({
        id: user[0]?.id ?? assistant[0]?.id ?? String(out.length),
        user: user.map((m) => m.text).join("\n"),
        assistant: said.map((m) => m.text).join("\n"),
        turns: user.map((m, i) => ({ id: m.id ?? `${out.length}:${i}`, text: m.text })),
        tools: assistant.filter((m) => m.tool).map((m) => m.text),
      });
    if (assistant.length) user = [];
    assistant = [];
  };
  for (const m of messages) {
    if (m.role === "user") {
      if (assistant.length) flush();
      user.push(m);
    } else if (m.role === "assistant") assistant.push(m);
  }
  flush();
  return out;
}

async function holdsSecret(text: string): Promise<boolean> {
  const { findSecrets } = await import("../guards/secrets.ts");
  return (await findSecrets(text)).length > 0;
}

async function detectPass(ctx: PassContext, input: PassInput, result: PassResult, gate: Gate): Promise<void> {
  const passed: { c: Candidate; score: number }[] = [];
  const known = ctx.proposed ?? new NearDupIndex();
  for (const ex of exchangesOf(input.messages)) {
    const d = detect(ctx.detect.state, ex, ctx.detectOptions);
    ctx.detect.state = d.state;
    for (const c of d.candidates) {
      if (c.reason === "correction" && ex.id) result.corrected = [...(result.corrected ?? []), ex.id];
      result.candidates++;
      // Said before: already a memory (the memory store reinforces it) or already proposed (once is enough).
      if (!ctx.autoAccept && ctx.index.match(c.type, c.text)) {
        result.outcomes.push(await storeMemory(ctx.brain, { type: c.type, text: c.text }, ctx.index));
        continue;
      }
      if (known.best(normalizeText(c.text))) {
        result.repeated = (result.repeated ?? 0) + 1;
        continue;
      }
      // The inbox is not brain.jsonl, but a credential is not kept there either (issue 23).
      if (await holdsSecret(c.text)) {
        result.secrets = (result.secrets ?? 0) + 1;
        continue;
      }
      const v = gate(c.text, c.evidence.confidence);
      if (!v.promoted) {
        result.gated++;
        continue;
      }
      known.add(candidateId(c.type, c.text), normalizeText(c.text));
      passed.push({ c, score: v.score });
    }
  }
  if (ctx.autoAccept) {
    // Two cues may propose the same text (a correction that is also a rule): the graph hears the first.
    const noted = new Set<string>();
    for (const { c } of passed) {
      const from: Provenance = {
        ...(input.session ? { session: input.session } : {}),
        ...(c.evidence.ids[0] ? { turn: c.evidence.ids[0] } : {}),
        ...(input.project ? { project: input.project } : {}),
      };
      const item = { type: c.type, text: c.text, ...(c.category ? { category: c.category } : {}) };
      const out = await storeMemory(ctx.brain, withOrigin(item, from, input.project), ctx.index);
      result.outcomes.push(out);
      if (out.kind === "added" && !noted.has(out.id)) {
        noted.add(out.id);
        noteDetection(ctx.brain, out.id, c);
      }
    }
    return;
  }
  const cands: InboxCandidate[] = passed.map(({ c, score }) => ({
    id: candidateId(c.type, c.text),
    type: c.type,
    text: c.text,
    ...(c.category ? { category: c.category } : {}),
    reason: c.reason,
    score: Math.round(score * 1000) / 1000,
    evidence: c.evidence.ids,
    ...(input.session ? { session: input.session } : {}),
    ...(input.project ? { project: input.project } : {}),
  }));
  result.inboxed += addCandidates(ctx.home, ctx.now().toISOString(), cands).length;
}

/**
 * The association graph weighs a stored correction by the detector's confidence (seed 003: 0.5–0.85) and a
 * preference at 0.7: the judgement goes to the graph's log (src/engine/graph.ts). The graph is derived: a
 * failure there never fails the pass.
 */
function noteDetection(brain: Brain, id: string, c: Candidate): void {
  if (c.reason === "pattern") return;
  // The content cues (issue 23) in the graph's two kinds: a redirect is a correction; a rule, an explicit
  // request and a preference said twice are preferences.
  const reason = c.reason === "correction" || c.reason === "redirect" ? "correction" : "preference";
  try {
    brain.graph.detected(id, reason, c.evidence.confidence);
  } catch {
    /* the memory is stored; only its graph weight waits for the default */
  }
}
