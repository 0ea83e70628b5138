import type { Brain } from "../engine/brain.ts";
import {
  buildExtractionPrompt,
  DEFAULT_BUDGET,
  type MemoryRef,
  type PromptMessage,
} from "./extract/prompt.ts";
import { DEFAULT_MAX_CHARS, DEFAULT_MAX_ITEMS, type Extraction, extractionSchema } from "./extract/schema.ts";
import { splitMessages } from "./extract/split.ts";
import { LlmError, type LlmProvider } from "./extract/types.ts";

/** Recalled memories shown to the model, before its token budget picks among them. */
const MEMORY_CANDIDATES = 40;
const QUERY_CHARS = 4_000;
/** Extraction calls one delta may take at most (settings `extraction.maxCalls`). */
export const DEFAULT_MAX_CALLS = 4;
/** Earlier messages shown before a piece that is not the delta's first. */
const CONTEXT_MESSAGES = 4;

/** What the calls need of the pass (src/learn/pass.ts's PassContext has it all). */
export interface AskContext {
  brain: Brain;
  maxItems?: number;
  maxChars?: number;
  summaryChars?: number;
  /** Extraction calls one delta may take (default DEFAULT_MAX_CALLS). */
  maxCalls?: number;
}

export interface AskInput {
  messages: readonly (PromptMessage & { tool?: boolean })[];
  before: readonly PromptMessage[];
  project?: string;
  summary?: string;
}

/** What the calls add to the pass's result. */
export interface AskTally {
  tokens: { input: number; output: number };
  calls: number;
  repaired?: boolean;
  /** Older messages of a delta too long for `maxCalls` calls, not shown to the model. */
  dropped?: number;
  /** A headless host's calls for the day were spent (src/learn/extract/host-budget.ts). */
  overBudget?: boolean;
}

/**
 * The extraction calls over one delta (issue 11 step 2; issue 23): the new messages, a few before, the stored
 * memories most relevant to them. A delta longer than one prompt's message budget is split into pieces,
 * oldest first, one call each (at most `maxCalls`; the newest pieces are kept): each piece sees the messages
 * just before it as context and the summary the previous call gave. The items of every call are returned
 * together (the memory store merges repeats). A headless host's budget spent after the first call ends the
 * calls with what they found; spent before it, the error goes to the caller (the model-free path).
 */
export async function askModel(
  ctx: AskContext,
  provider: LlmProvider,
  input: AskInput,
  result: AskTally,
): Promise<Extraction> {
  const maxItems = ctx.maxItems ?? DEFAULT_MAX_ITEMS;
  const maxChars = ctx.maxChars ?? DEFAULT_MAX_CHARS;
  const said = input.messages.filter((m) => !m.tool);
  const query = said
    .map((m) => m.text)
    .join("\n")
    .slice(-QUERY_CHARS);
  const memories: MemoryRef[] = ctx.brain
    .recall(query, { kinds: ["learning", "preference"] })
    .slice(0, MEMORY_CANDIDATES)
    .map((r) => ({ id: r.rec.id, type: r.rec.type, text: String(r.rec.entry.text ?? "") }));
  const summaryChars = ctx.summaryChars ?? 0;
  const limits = {
    maxItems,
    maxChars,
    summaryChars,
    ...(input.project ? { projectPath: input.project } : {}),
  };
  const split = splitMessages(said, DEFAULT_BUDGET.messages, ctx.maxCalls ?? DEFAULT_MAX_CALLS);
  if (split.dropped) result.dropped = (result.dropped ?? 0) + split.dropped;
  const items: Extraction["items"] = [];
  let summary = input.summary;
  let before: readonly PromptMessage[] = input.before;
  for (const [i, piece] of split.pieces.entries()) {
    const prompt = buildExtractionPrompt({
      messages: piece,
      before,
      memories,
      maxItems,
      maxChars,
      summaryChars,
      ...(summary ? { summary } : {}),
      ...(input.project ? { projectPath: input.project } : {}),
    });
    let r: Awaited<ReturnType<LlmProvider["complete"]>>;
    try {
      r = await provider.complete({
        system: prompt.system,
        messages: [{ role: "user", content: prompt.user }],
        schema: extractionSchema(limits),
        schemaName: "memories",
      });
    } catch (e) {
      if (i > 0 && e instanceof LlmError && e.failure === "budget") {
        result.overBudget = true;
        break;
      }
      throw e;
    }
    result.tokens.input += r.usage.inputTokens;
    result.tokens.output += r.usage.outputTokens;
    result.calls += r.calls;
    if (r.repaired) result.repaired = true;
    const value = r.value as Extraction;
    items.push(...value.items);
    if (value.summary) summary = value.summary;
    before = piece.slice(-CONTEXT_MESSAGES);
  }
  return { items, ...(summary && summary !== input.summary ? { summary } : {}) } as Extraction;
}
