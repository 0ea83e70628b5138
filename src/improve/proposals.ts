import { crypto } from "../store/crypto.ts";
import type { BrainHome } from "../store/home.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import { type PurgeTarget, touches } from "../store/purge-target.ts";
import type { Evidence } from "./opportunities.ts";
import type { Issue } from "./policy.ts";

/**
 * The review queue ("Mission Control", seed 004): every proposed change — a brain-file append, a skill, a
 * command, a tool, a dedup removal, a rewrite — with its evidence, waiting for the user's accept, edit or
 * reject. `.brain/proposals.jsonl`, an append-only log of events folded on read (like the inbox): a proposal,
 * then the decisions about it. A rejected proposal's opportunity is never proposed again (its hash stays).
 */
export type ProposalKind = "append" | "skill" | "command" | "tool" | "removal" | "rewrite";
export type ProposalStatus = "pending" | "accepted" | "applied" | "rejected" | "reverted";
export type ProposalSource = "cycle" | "agent" | "dedup" | "template";

export interface ProposalDraft {
  kind: ProposalKind;
  /**
   * Where it goes: a brain file's name (TOOLS.md), a repository's agent file by its absolute path, a skill's
   * name, "commands.toml" or "tools.toml".
   */
  target: string;
  /** "brain": a brain file; "repo": a repository's own agent file; "skills", "commands", "tools". */
  scope: "brain" | "repo" | "skills" | "commands" | "tools";
  title: string;
  /** The content: the text appended, the SKILL.md, the TOML block, the line removed, the new content. */
  text: string;
  issue: Issue | "duplicate" | "template";
  /** Why, in a line (the pattern, or the agent's reason). */
  why: string;
  evidence: Evidence[];
  opportunity: { hash: string; kind: string };
  source: ProposalSource;
  /** Who wrote the text: the rule from the pattern, or the model. */
  drafter: "rule" | "model" | "agent";
  /** removal, rewrite: why the old content goes (needed, and the user's accept). */
  cleanupIntent?: string;
  project?: string;
  /** tool-failure: the failure it is about (an accepted rule is then cited by the failure hook). */
  failure?: { tool: string; cmd: string; sig: string; project?: string };
}

export interface Applied {
  /** The file written (absolute), and how. */
  file: string;
  mode: "append" | "rewrite" | "create";
  /** The text added (append, create) or the copy of the old content (rewrite). */
  added?: string;
  backup?: string | null;
}

export type ProposalEvent =
  | ({ op: "propose"; id: string; at: string } & ProposalDraft)
  | { op: "accept" | "apply"; id: string; at: string; applied: Applied }
  | { op: "reject"; id: string; at: string }
  | { op: "edit"; id: string; at: string; text: string }
  | { op: "revert"; id: string; at: string; applied?: Applied };

export interface Proposal extends ProposalDraft {
  id: string;
  at: string;
  status: ProposalStatus;
  decided?: string;
  applied?: Applied;
  /** Edited before it was accepted. */
  edited?: boolean;
}

/** A proposal's id: the same opportunity always gets the same one. */
export function proposalId(hash: string): string {
  return `p${crypto().createHash("sha256").update(hash).digest("hex").slice(0, 8)}`;
}

const KINDS = ["append", "skill", "command", "tool", "removal", "rewrite"];

function check(v: Record<string, unknown>): ProposalEvent | { problem: string } {
  if (typeof v.id !== "string" || typeof v.at !== "string")
    return { problem: "not a proposal event (id, at)" };
  switch (v.op) {
    case "propose":
      return KINDS.includes(v.kind as string) &&
        typeof v.target === "string" &&
        typeof v.text === "string" &&
        typeof v.title === "string" &&
        Array.isArray(v.evidence) &&
        typeof (v.opportunity as { hash?: unknown })?.hash === "string"
        ? (v as unknown as ProposalEvent)
        : { problem: "a proposal without kind, target, title, text, evidence or opportunity" };
    case "accept":
    case "apply":
      return typeof (v.applied as { file?: unknown })?.file === "string"
        ? (v as unknown as ProposalEvent)
        : { problem: `an ${v.op} without the file it wrote` };
    case "reject":
    case "revert":
      return v as unknown as ProposalEvent;
    case "edit":
      return typeof v.text === "string"
        ? (v as unknown as ProposalEvent)
        : { problem: "an edit without text" };
    default:
      return { problem: `unknown proposal op ${JSON.stringify(v.op)}` };
  }
}

export const PROPOSALS_LOG: LocalLogSpec<ProposalEvent> = {
  name: "proposals",
  file: "proposals",
  check,
  purges: (e, target) => touches(e, target),
};

const log = (home: BrainHome) => localLog(home, PROPOSALS_LOG);

/** Every proposal, in the order proposed, and how many lines could not be read. */
export function readProposals(home: BrainHome): { proposals: Proposal[]; bad: number } {
  const read = log(home).read();
  const byId = new Map<string, Proposal>();
  let bad = read.bad.length;
  for (const { value: e } of read.records) {
    const p = byId.get(e.id);
    if (e.op === "propose") {
      if (!p) {
        const { op: _op, ...rest } = e;
        byId.set(e.id, { ...rest, status: "pending" });
      }
    } else if (!p) bad++;
    else if (e.op === "accept" || e.op === "apply")
      Object.assign(p, {
        status: e.op === "apply" ? "applied" : "accepted",
        applied: e.applied,
        decided: e.at,
      });
    else if (e.op === "reject") Object.assign(p, { status: "rejected", decided: e.at });
    else if (e.op === "edit") Object.assign(p, { text: e.text, edited: true });
    else if (e.op === "revert") Object.assign(p, { status: "reverted", decided: e.at });
  }
  return { proposals: [...byId.values()], bad };
}

export function appendProposalEvents(home: BrainHome, events: ProposalEvent[]): void {
  log(home).append(events);
}

/** A purge takes a proposal whole: every event of one any of whose events holds a forgotten session or text. */
export function purgeProposals(home: BrainHome, target: PurgeTarget): number {
  const l = log(home);
  const ids = new Set(
    l
      .read()
      .records.filter((r) => PROPOSALS_LOG.purges(r.value, target))
      .map((r) => r.value.id),
  );
  return ids.size === 0 ? 0 : l.purge((e) => ids.has(e.id)).removed;
}
