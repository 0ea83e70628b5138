import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";
import type { Proposal, ProposalDraft } from "../improve/proposals.ts";
import { crypto } from "../store/crypto.ts";

/**
 * The `brain_proposals` tool shared by MCP and pi: the review queue of `brain proposals` (lessons from the
 * feedback ledger, dedup removals, template sections) for the agent to show the user and act on the user's
 * answer, and seed 004's `rsi_propose`: the agent proposes a skill, a command, a tool or a line for a brain
 * file. A proposal is never applied by proposing it — only an accept applies it — and a tool or command is
 * written as a file the user can inspect, never run by Brain.
 */
export const PROPOSALS_TOOL_DESCRIPTION =
  "Proposed changes to the agent's own rules, skills, commands and tools, waiting for the user's review. " +
  "action=list shows them, show one with its evidence and diff; accept applies it, edit changes its text " +
  "first (text=…), reject drops it for good — only what the user agreed to. action=propose adds one: " +
  "kind=skill|command|tool|append, target (a skill's name, or the brain file such as TOOLS.md), title, text, why.";

export const PROPOSAL_ACTIONS = ["list", "show", "accept", "edit", "reject", "propose"] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];
const PROPOSE_KINDS = ["skill", "command", "tool", "append"] as const;
type ProposeKind = (typeof PROPOSE_KINDS)[number];

export interface ProposalsToolArgs {
  action: ProposalAction;
  id?: string | undefined;
  text?: string | undefined;
  kind?: string | undefined;
  target?: string | undefined;
  title?: string | undefined;
  why?: string | undefined;
}

type Result = { text: string; details: Record<string, unknown> };
const line = (p: Proposal) => `- ${p.id} [${p.status}] ${p.kind} → ${p.target}: ${p.title}`;

function need(a: ProposalsToolArgs, field: "id" | "text" | "target" | "title" | "why"): string {
  const v = a[field]?.trim();
  if (!v) throw new BrainError("INVALID", `${a.action} requires ${field}`, { field });
  return v;
}

/** Where each kind goes: a skill folder, commands.toml, tools.toml, or a brain file appended to. */
const SCOPE: Record<ProposeKind, ProposalDraft["scope"]> = {
  skill: "skills",
  command: "commands",
  tool: "tools",
  append: "brain",
};
const ISSUE: Record<ProposeKind, ProposalDraft["issue"]> = {
  skill: "workflow",
  command: "missing-tool",
  tool: "missing-tool",
  append: "knowledge-gap",
};

async function propose(brain: Brain, a: ProposalsToolArgs): Promise<Result> {
  const kind = PROPOSE_KINDS.find((k) => k === a.kind);
  if (!kind)
    throw new BrainError("INVALID", `propose requires kind: ${PROPOSE_KINDS.join(", ")}`, { field: "kind" });
  const draft = {
    target: kind === "command" ? "commands.toml" : kind === "tool" ? "tools.toml" : need(a, "target"),
    title: need(a, "title"),
    text: need(a, "text"),
    why: need(a, "why"),
  };
  const hash = crypto()
    .createHash("sha256")
    .update(`agent\0${kind}\0${draft.target}\0${draft.text}`)
    .digest("hex");
  const r = await brain.improve.propose([
    {
      kind,
      scope: SCOPE[kind],
      ...draft,
      issue: ISSUE[kind],
      evidence: [],
      opportunity: { hash, kind: "agent" },
      source: "agent",
      drafter: "agent",
    },
  ]);
  const p = r.proposed[0];
  return p
    ? {
        text: `Proposed ${p.id}: ${p.title} (waits for the user: brain proposals show ${p.id})`,
        details: { proposal: p },
      }
    : { text: "Already proposed (or decided) before: nothing new.", details: { duplicates: r.duplicates } };
}

export async function proposalsTool(brain: Brain, a: ProposalsToolArgs): Promise<Result> {
  if (a.action === "list") {
    const items = await brain.improve.proposals("pending");
    return {
      text: items.length
        ? `${items.length} proposal(s):\n${items.map(line).join("\n")}`
        : "No proposals to review.",
      details: { proposals: items },
    };
  }
  if (a.action === "propose") return propose(brain, a);
  const id = need(a, "id");
  if (a.action === "show") {
    const { proposal: p, diff } = await brain.improve.proposal(id);
    const evidence = p.evidence.map((e) => `  ${e.at}${e.session ? ` session ${e.session}` : ""}: ${e.text}`);
    return {
      text: [
        line(p),
        `why: ${p.why}`,
        ...(evidence.length ? ["evidence:", ...evidence] : []),
        diff || p.text,
      ].join("\n"),
      details: { proposal: p, diff },
    };
  }
  const done =
    a.action === "accept"
      ? await brain.improve.accept(id, a.text)
      : a.action === "edit"
        ? await brain.improve.edit(id, need(a, "text"))
        : await brain.improve.reject(id);
  const verb = a.action === "accept" ? "Accepted" : a.action === "edit" ? "Edited" : "Rejected";
  const where = done.applied ? ` (${done.applied.mode} ${done.applied.file})` : "";
  return { text: `${verb} ${id}: ${done.title}${where}`, details: { proposal: done } };
}

/** The arguments as JSON Schema (pi's tool parameters). */
export function proposalsToolJsonSchema(): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      action: {
        type: "string",
        enum: [...PROPOSAL_ACTIONS],
        description: "list (default), show, accept, edit, reject or propose",
      },
      id: { type: "string", description: "The proposal's id (from action=list)." },
      text: { type: "string", description: "edit, accept: the new text; propose: the content." },
      kind: { type: "string", enum: [...PROPOSE_KINDS], description: "propose: what it is." },
      target: { type: "string", description: "propose: the skill's name or the brain file (TOOLS.md …)." },
      title: { type: "string", description: "propose: a one-line title." },
      why: { type: "string", description: "propose: why, in a line." },
    },
    required: ["action"],
  };
}
