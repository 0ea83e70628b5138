import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Brain } from "../engine/brain.ts";
import { MIND_ACTIONS, MIND_TOOL_DESCRIPTION, type MindToolArgs, mindTool } from "../tools/mind-tool.ts";
import { guard } from "./errors.ts";

/** `brain_mind`'s input: the shared tool's arguments (src/tools/mind-tool.ts), as zod for the MCP SDK. */
const text = (d: string) => z.string().optional().describe(d);
const list = (d: string) => z.array(z.string()).optional().describe(d);
export const mindInput = {
  action: z.enum(MIND_ACTIONS).describe("What to do: context shows your working state."),
  query: text("context: what you are about to decide."),
  type: text("tick: the kind of step (read_file, edit, run_tests …)."),
  what: text("tick: what it was done to."),
  summary: text("tick: what came of it; explored: what the path or URL holds."),
  where: text("tick: where."),
  outcome: z.enum(["success", "failure", "neutral"]).optional().describe("tick: how it went."),
  thought: text("tick: your thought after the step."),
  inner_thought: text("tick/reflect: a private thought."),
  error: text("tick: the failure's message (becomes the last error)."),
  novel: z.boolean().optional().describe("tick: the step found something new."),
  self_summary: text("reflect: who you are and how you work (≤ 2000 characters)."),
  goals: list("reflect: goals you propose."),
  facts: list("reflect: facts you learned."),
  self_instructions: list("reflect: rules you give yourself."),
  steps: list("replan: the plan's 2-3 steps, in order."),
  path: text("explored: the path or URL."),
  role: z.enum(["user", "assistant", "system"]).optional().describe("chat: who said it."),
  text: text("goal_add: the goal; chat: the message."),
  id: text("goal_complete: the goal's id (or its text)."),
  all: z.boolean().optional().describe("goals: done goals too."),
};

/** Register `brain_mind` (one line in src/mcp/tools.ts). */
export function registerMindTool(server: McpServer, brain: Brain): void {
  server.registerTool(
    "brain_mind",
    {
      title: "Your working state (goals, plan, what you did and explored)",
      description: MIND_TOOL_DESCRIPTION,
      inputSchema: mindInput,
      outputSchema: z.looseObject({}).describe("The action's result: the state read, the tick, the goal …"),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (a) =>
      guard(async () => {
        const r = await mindTool(brain, a as MindToolArgs);
        return { content: [{ type: "text" as const, text: r.text }], structuredContent: r.details };
      }),
  );
}
