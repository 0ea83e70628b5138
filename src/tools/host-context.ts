import type { ContextRequest, UsedPath } from "../context/build.ts";
import type { Block } from "../core/budget/types.ts";
import type { Brain } from "../engine/brain.ts";

/**
 * The context an agent host injects (session start, recovery after compaction, pi's system prompt):
 * without the project rules the host already loads itself, under a character cap.
 */
export interface HostContextOptions {
  cwd: string;
  recover?: boolean;
  budget?: number;
  query?: string;
  /** Hard cap on characters of the returned text, header included. */
  maxChars?: number;
  /** First line(s) of the text, e.g. what the memory is and which tool writes to it. */
  header?: string;
  /** Project rules the host loads natively, left out here (formats or paths; see ContextRequest). */
  excludeRules?: string[];
  /** Always-loaded brain files the host loads itself (ContextRequest.excludeFiles). */
  excludeFiles?: string[];
  /** The host's session (its own last user message and error in the working context). */
  session?: string;
}

export interface HostContext {
  text: string;
  /** Paths this context used (recorded as recent by `hostContext`). */
  used: UsedPath[];
  tokens: number;
  injectedIds: string[];
  blocks: Pick<Block, "id" | "title" | "cacheable" | "tokens" | "entryIds">[];
}

/** Claude Code reads CLAUDE.md and .claude/rules itself. */
export const CLAUDE_NATIVE_RULES = ["claude", "claude-rules"];

/** Claude Code caps hook output added to the context at 10 000 characters. */
export const HOOK_MAX_CHARS = 10_000;

function build(brain: Brain, o: HostContextOptions, budget: number, fileBudget: number): HostContext {
  const req: Partial<ContextRequest> = { cwd: o.cwd, budget, fileBudget, recover: Boolean(o.recover) };
  if (o.query) req.query = o.query;
  if (o.excludeRules?.length) req.excludeRules = o.excludeRules;
  if (o.excludeFiles?.length) req.excludeFiles = o.excludeFiles;
  if (o.session) req.session = o.session;
  const { blocks, used } = brain.context(req);
  const body = blocks.map((b) => b.text).join("\n\n");
  const text = body ? (o.header ? `${o.header}\n\n${body}` : body) : "";
  return {
    text,
    used,
    tokens: blocks.reduce((n, b) => n + b.tokens, 0),
    injectedIds: [...new Set(blocks.flatMap((b) => b.entryIds))],
    blocks: blocks.map(({ id, title, cacheable, tokens, entryIds }) => ({
      id,
      title,
      cacheable,
      tokens,
      entryIds,
    })),
  };
}

/** Cut at the last line break that fits, marking the cut. */
function hardCap(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = "\n[… brain context cut to fit]";
  const room = max - marker.length;
  const nl = text.lastIndexOf("\n", room);
  return `${text.slice(0, nl > 0 ? nl : room)}${marker}`;
}

export function hostContext(brain: Brain, o: HostContextOptions): HostContext {
  let budget = o.budget ?? brain.settings.promptBudget;
  let fileBudget = brain.settings.brainFileBudget;
  let ctx = build(brain, o, budget, fileBudget);
  const max = o.maxChars;
  if (!max) return recorded(brain, ctx);
  // The budgets are in tokens; shrink both until the text fits in characters, then cut as a last resort.
  for (let i = 0; i < 3 && ctx.text.length > max; i++) {
    const ratio = (max * 0.9) / ctx.text.length;
    budget = Math.max(50, Math.floor(budget * ratio));
    fileBudget = Math.floor(fileBudget * ratio);
    ctx = build(brain, o, budget, fileBudget);
  }
  return recorded(brain, { ...ctx, text: hardCap(ctx.text, max) });
}

/** The host shows this context to the agent: remember the paths it used (once, for the final build). */
function recorded(brain: Brain, ctx: HostContext): HostContext {
  brain.recordRecent(ctx.used);
  return ctx;
}
