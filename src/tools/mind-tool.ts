import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";
import type { TickInput } from "../engine/mind.ts";

/**
 * The `brain_mind` tool shared by MCP and pi: an agent keeps its own working state — goals, a plan, what
 * it did and thought, what it explored, rules for itself — and reads it back before deciding. The same
 * operations as `brain mind …` and the library's `brain.mind`.
 */
export const MIND_TOOL_DESCRIPTION =
  "Your own working state, kept across sessions and compactions: goals, the current plan and its step, what " +
  "you did and thought (tick), what you explored, facts and rules you give yourself (reflect). " +
  "action=context shows it all (call it when you start or resume); goal_add / goal_complete manage goals; " +
  "replan sets 2-3 steps (steps=[…]); tick records one step of work (type, what, summary, outcome " +
  "success|failure|neutral, thought, error) and advances the plan on success; explored records a path or " +
  "URL you read (path, summary); reflect sets self_summary and adds goals, facts, self_instructions.";

export const MIND_ACTIONS = [
  "context",
  "tick",
  "reflect",
  "replan",
  "explored",
  "chat",
  "goal_add",
  "goal_complete",
  "goals",
] as const;
export type MindAction = (typeof MIND_ACTIONS)[number];

export interface MindToolArgs {
  action: MindAction;
  query?: string | undefined;
  type?: string | undefined;
  what?: string | undefined;
  summary?: string | undefined;
  where?: string | undefined;
  outcome?: string | undefined;
  thought?: string | undefined;
  inner_thought?: string | undefined;
  error?: string | undefined;
  novel?: boolean | undefined;
  self_summary?: string | undefined;
  goals?: string[] | undefined;
  facts?: string[] | undefined;
  self_instructions?: string[] | undefined;
  steps?: string[] | undefined;
  path?: string | undefined;
  role?: string | undefined;
  text?: string | undefined;
  id?: string | undefined;
  all?: boolean | undefined;
}

const need = (v: string | undefined, field: string, action: string): string => {
  if (!v?.trim()) throw new BrainError("INVALID", `${action} requires ${field}`, { field });
  return v;
};

const OUTCOMES = ["success", "failure", "neutral"] as const;

function tickInput(a: MindToolArgs): TickInput {
  if (a.outcome !== undefined && !(OUTCOMES as readonly string[]).includes(a.outcome))
    throw new BrainError("INVALID", `outcome must be one of: ${OUTCOMES.join(", ")} (got "${a.outcome}")`, {
      field: "outcome",
    });
  const input: TickInput = {};
  if (a.type?.trim())
    input.action = {
      type: a.type,
      ...(a.what ? { what: a.what } : {}),
      ...(a.summary ? { summary: a.summary } : {}),
      ...(a.where ? { where: a.where } : {}),
    };
  if (a.outcome) input.outcome = a.outcome as TickInput["outcome"] & string;
  if (a.thought) input.thought = a.thought;
  if (a.inner_thought) input.innerThought = a.inner_thought;
  if (a.error) input.error = a.error;
  if (a.novel) input.novel = true;
  return input;
}

export async function mindTool(
  brain: Brain,
  a: MindToolArgs,
): Promise<{ text: string; details: Record<string, unknown> }> {
  const mind = brain.mind;
  switch (a.action) {
    case "context": {
      const d = mind.decisionContext(a.query ? { query: a.query } : {});
      return { text: d.text || "Your working state is empty: add a goal or a plan.", details: { ...d } };
    }
    case "tick": {
      const r = mind.tick(tickInput(a));
      const step =
        r.plan && r.plan.current < r.plan.steps.length ? `; next: ${r.plan.steps[r.plan.current]}` : "";
      return { text: `Tick ${r.tick} (${r.outcome})${step}`, details: { ...r } };
    }
    case "reflect": {
      const r = mind.reflect({
        ...(a.self_summary ? { selfSummary: a.self_summary } : {}),
        ...(a.goals ? { goals: a.goals } : {}),
        ...(a.facts ? { facts: a.facts } : {}),
        ...(a.self_instructions ? { selfInstructions: a.self_instructions } : {}),
        ...(a.inner_thought ? { innerThought: a.inner_thought } : {}),
      });
      return { text: `Reflected (${r.written} record(s) written)`, details: r };
    }
    case "replan": {
      const p = mind.replan(a.steps ?? []);
      return { text: `Plan of ${p.steps.length} step(s); next: ${p.steps[p.current]}`, details: { plan: p } };
    }
    case "explored": {
      mind.explored(need(a.path, "path", "explored"), a.summary);
      return { text: `Explored ${a.path}`, details: { path: a.path } };
    }
    case "chat": {
      const role = need(a.role, "role", "chat");
      if (role !== "user" && role !== "assistant" && role !== "system")
        throw new BrainError("INVALID", `role must be user, assistant or system (got "${role}")`, {
          field: "role",
        });
      mind.chat(role, need(a.text, "text", "chat"));
      return { text: `Noted the ${role}'s message`, details: { role } };
    }
    case "goal_add": {
      const g = mind.goal.add(need(a.text, "text", "goal_add"));
      return { text: `Goal ${g.id}: ${g.text}`, details: { goal: g } };
    }
    case "goal_complete": {
      const g = mind.goal.complete(need(a.id ?? a.text, "id", "goal_complete"));
      return { text: `Done: ${g.id} ${g.text}`, details: { goal: g } };
    }
    case "goals": {
      const goals = mind.goal.list(Boolean(a.all));
      return {
        text: goals.length ? goals.map((g) => `- ${g.id} [${g.status}] ${g.text}`).join("\n") : "No goals.",
        details: { goals },
      };
    }
  }
}

const list = (description: string) => ({ type: "array", items: { type: "string" }, description });
const text = (description: string) => ({ type: "string", description });

/** The arguments as JSON Schema (pi's tool parameters; MCP's zod schema mirrors it). */
export function mindToolJsonSchema(): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      action: {
        type: "string",
        enum: [...MIND_ACTIONS],
        description: "What to do (context shows your state).",
      },
      query: text("context: what you are about to decide (ranks the episodes shown)."),
      type: text("tick: the kind of step (read_file, edit, run_tests, …)."),
      what: text("tick: what it was done to (a file, a command)."),
      summary: text("tick: what came of it; explored: what the path or URL holds."),
      where: text("tick: where (a directory, a host)."),
      outcome: { type: "string", enum: ["success", "failure", "neutral"], description: "tick: how it went." },
      thought: text("tick: your thought after the step."),
      inner_thought: text("tick/reflect: a private thought."),
      error: text("tick: the failure's message (becomes the last error)."),
      novel: { type: "boolean", description: "tick: the step found something new." },
      self_summary: text("reflect: who you are and how you work, in your words (≤ 2000 characters)."),
      goals: list("reflect: goals you propose."),
      facts: list("reflect: facts you learned."),
      self_instructions: list("reflect: rules you give yourself."),
      steps: list("replan: the plan's 2-3 steps, in order."),
      path: text("explored: the path or URL."),
      role: { type: "string", enum: ["user", "assistant", "system"], description: "chat: who said it." },
      text: text("goal_add: the goal; chat: the message."),
      id: text("goal_complete: the goal's id (or its text)."),
      all: { type: "boolean", description: "goals: done goals too." },
    },
    required: ["action"],
  };
}
