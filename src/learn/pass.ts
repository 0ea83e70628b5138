import type { Brain } from "../engine/brain.ts";
import type { BrainHome } from "../store/home.ts";
import type { Curator } from "./curator/curator.ts";
import { type DeltaJournal, storeJournaled } from "./delta-journal.ts";
import { type Candidate, type DetectState, detect, type Exchange } from "./detect/index.ts";
import { buildExtractionPrompt, type MemoryRef, type PromptMessage } from "./extract/prompt.ts";
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_ITEMS, type Extraction, extractionSchema } from "./extract/schema.ts";
import type { LlmProvider } from "./extract/types.ts";
import { addCandidates, candidateId, type InboxCandidate } from "./inbox.ts";
import {
  type Gate,
  type MemoryIndex,
  type MemoryItem,
  type StoreOutcome,
  storeMemory,
} from "./memory-store.ts";

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
}

export interface PassContext {
  brain: Brain;
  home: BrainHome;
  provider?: LlmProvider | undefined;
  maxItems?: number;
  maxChars?: number;
  /** Ask the model for a one-line session summary of at most this many characters (absent or 0: none). */
  summaryChars?: number;
  autoAccept: boolean;
  curator: Curator;
  detect: { state: DetectState };
  index: MemoryIndex;
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
}

/** Recalled memories shown to the model, before its token budget picks among them. */
const MEMORY_CANDIDATES = 40;
const QUERY_CHARS = 4_000;

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
  const gate = (text: string) => ctx.curator.evaluate({ prompt: "", response: text, ...when(last, ctx.now) });
  if (ctx.provider) await modelPass(ctx, ctx.provider, input, result, gate);
  else await detectPass(ctx, input, result, gate);
  return result;
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
  for (const [i, item] of (value.items as MemoryItem[]).entries()) {
    result.candidates++;
    const o = journal
      ? (journal.outcome(i) ?? (await storeJournaled(ctx.brain, ctx.index, journal, i, item, gate)))
      : await storeMemory(ctx.brain, item, ctx.index, gate);
    if (o.kind === "gated") result.gated++;
    else result.outcomes.push(o);
  }
}

/** The extraction call: the new messages, a few before, the stored memories most relevant to them. */
async function askModel(
  ctx: PassContext,
  provider: LlmProvider,
  input: PassInput,
  result: PassResult,
): Promise<Extraction> {
  const maxItems = ctx.maxItems ?? DEFAULT_MAX_ITEMS;
  const maxChars = ctx.maxChars ?? DEFAULT_MAX_CHARS;
  const query = input.messages
    .map((m) => m.text)
    .join("\n")
    .slice(-QUERY_CHARS);
  const memories: MemoryRef[] = ctx.brain
    .recall(query, { kinds: ["learning", "preference"] })
    .slice(0, MEMORY_CANDIDATES)
    .map((r) => ({ id: r.rec.id, type: r.rec.type, text: String(r.rec.entry.text ?? "") }));
  const summaryChars = ctx.summaryChars ?? 0;
  const prompt = buildExtractionPrompt({
    messages: input.messages,
    before: input.before,
    memories,
    maxItems,
    maxChars,
    summaryChars,
    ...(input.summary ? { summary: input.summary } : {}),
    ...(input.project ? { projectPath: input.project } : {}),
  });
  const limits = {
    maxItems,
    maxChars,
    summaryChars,
    ...(input.project ? { projectPath: input.project } : {}),
  };
  const r = await provider.complete({
    system: prompt.system,
    messages: [{ role: "user", content: prompt.user }],
    schema: extractionSchema(limits),
    schemaName: "memories",
  });
  result.tokens.input += r.usage.inputTokens;
  result.tokens.output += r.usage.outputTokens;
  result.calls += r.calls;
  return r.value as Extraction;
}

/** User/assistant exchanges of the delta: the user's messages, then the assistant's answer to them. */
export function exchangesOf(messages: readonly PassMessage[]): Exchange[] {
  const out: Exchange[] = [];
  let user: PassMessage[] = [];
  let assistant: PassMessage[] = [];
  const flush = () => {
    if (user.length && assistant.length)
      out.push({
        id: user[0]?.id ?? String(out.length),
        user: user.map((m) => m.text).join("\n"),
        assistant: assistant.map((m) => m.text).join("\n"),
      });
    if (assistant.length) user = [];
    assistant = [];
  };
  for (const m of messages) {
    if (m.role === "user") {
      if (assistant.length) flush();
      user.push(m);
    } else if (m.role === "assistant" && user.length) assistant.push(m);
  }
  flush();
  return out;
}

async function detectPass(ctx: PassContext, input: PassInput, result: PassResult, gate: Gate): Promise<void> {
  const passed: { c: Candidate; score: number }[] = [];
  for (const ex of exchangesOf(input.messages)) {
    const d = detect(ctx.detect.state, ex);
    ctx.detect.state = d.state;
    for (const c of d.candidates) {
      result.candidates++;
      const v = gate(c.text);
      if (v.promoted) passed.push({ c, score: v.score });
      else result.gated++;
    }
  }
  if (ctx.autoAccept) {
    for (const { c } of passed) {
      const out = await storeMemory(
        ctx.brain,
        { type: c.type, text: c.text, ...(c.category ? { category: c.category } : {}) },
        ctx.index,
      );
      result.outcomes.push(out);
      if (out.kind === "added") noteDetection(ctx.brain, out.id, c);
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
  try {
    brain.graph.detected(id, c.reason, c.evidence.confidence);
  } catch {
    /* the memory is stored; only its graph weight waits for the default */
  }
}
