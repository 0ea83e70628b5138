import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";
import type { InboxItem } from "../learn/inbox.ts";

/**
 * The `brain_inbox` tool shared by MCP and pi: the agent can show the user what the model-free learner
 * proposed and act on the user's answer (accept, edit, reject). Same operations as `brain inbox`.
 */
export const INBOX_TOOL_DESCRIPTION =
  "Memory candidates the brain noticed in past sessions (without a model) and holds for review. " +
  "action=list shows them with ids; accept stores one as a memory, edit changes its text first (text=…), " +
  "reject drops it. Accept or reject only what the user agreed to.";

export const INBOX_ACTIONS = ["list", "accept", "edit", "reject"] as const;
export type InboxAction = (typeof INBOX_ACTIONS)[number];

export interface InboxToolArgs {
  action: InboxAction;
  id?: string | undefined;
  text?: string | undefined;
}

const line = (i: InboxItem) => `- ${i.id} [${i.type}${i.category ? `: ${i.category}` : ""}] ${i.text}`;

export async function inboxTool(
  brain: Brain,
  a: InboxToolArgs,
): Promise<{ text: string; details: Record<string, unknown> }> {
  if (a.action === "list") {
    const items = await brain.inbox();
    return {
      text: items.length
        ? `${items.length} candidate(s):\n${items.map(line).join("\n")}`
        : "The inbox is empty.",
      details: { items },
    };
  }
  if (!a.id) throw new BrainError("INVALID", `${a.action} requires id`, { field: "id" });
  if (a.action === "accept") {
    const d = await brain.inboxAccept(a.id);
    const how =
      d.outcome?.kind === "reinforced" ? `reinforced ${d.outcome.id}` : `stored as ${d.item.stored}`;
    return { text: `Accepted ${a.id}: ${how}: ${d.item.text}`, details: { ...d } };
  }
  if (a.action === "reject") {
    const d = await brain.inboxReject(a.id);
    return { text: `Rejected ${a.id}: ${d.item.text}`, details: { ...d } };
  }
  if (a.text === undefined) throw new BrainError("INVALID", "edit requires text", { field: "text" });
  const d = await brain.inboxEdit(a.id, a.text);
  return { text: `Edited ${a.id}: ${d.item.text}`, details: { ...d } };
}

/** The arguments as JSON Schema (pi's tool parameters). */
export function inboxToolJsonSchema(): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      action: {
        type: "string",
        enum: [...INBOX_ACTIONS],
        description: "list (default), accept, edit or reject",
      },
      id: { type: "string", description: "The candidate's id (from action=list)." },
      text: { type: "string", description: "edit: the new text." },
    },
    required: ["action"],
  };
}
