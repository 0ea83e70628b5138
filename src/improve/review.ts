import * as fs from "node:fs";
import { join } from "node:path";
import { BrainError } from "../core/errors.ts";
import { SAME_FAILURE, similarity } from "../core/failure-signature.ts";
import type { BrainHome } from "../store/home.ts";
import { applyProposal, revertApplied, withoutLine } from "./apply.ts";
import { unifiedDiff } from "./diff.ts";
import { attachRule, detachRule } from "./failure-index.ts";
import { archive, writeImprovements, writeProposedFile } from "./journal.ts";
import { withImproveLockAsync } from "./ledger.ts";
import {
  appendProposalEvents,
  type Proposal,
  type ProposalDraft,
  type ProposalStatus,
  proposalId,
  readProposals,
} from "./proposals.ts";
import { loadState, saveState } from "./state.ts";
import type { ImproveBrain } from "./types.ts";

/**
 * The review queue's operations — propose, list, show (with evidence and the diff), accept (optionally with
 * an edited text), edit, reject, revert — the same for `brain proposals`, the MCP and pi tools, the HTTP API
 * and the viewer (through the engine's improve facet). Each runs under the improvement lock; each change is
 * recorded in the proposals log, archived in `.brain/improve/history/` and shown in improvements.md.
 */
export interface ReviewEnv {
  brain: ImproveBrain;
  home: BrainHome;
  now: () => Date;
}

export interface ProposeResult {
  proposed: Proposal[];
  applied: Proposal[];
  /** Drafts whose opportunity was proposed (or rejected) before: not proposed again. */
  duplicates: number;
}

function find(home: BrainHome, id: string): Proposal {
  const p = readProposals(home).proposals.find((x) => x.id === id);
  if (!p) throw new BrainError("NOT_FOUND", `no proposal ${id} (see brain proposals)`);
  return p;
}

const refresh = (home: BrainHome) => writeImprovements(home, readProposals(home).proposals);

export function listProposals(home: BrainHome, opts: { status?: ProposalStatus | "all" } = {}): Proposal[] {
  const want = opts.status ?? "pending";
  const all = readProposals(home).proposals;
  return want === "all" ? all : all.filter((p) => p.status === want);
}

const read = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
};

/** The file a proposal changes, as it is now and as it would be once accepted. */
function beforeAfter(brain: ImproveBrain, p: Proposal): { name: string; before: string; after: string } {
  const dir = brain.brainDir ?? "";
  const file =
    p.scope === "repo"
      ? p.target
      : p.kind === "skill"
        ? join(dir, "skills", p.target, "SKILL.md")
        : join(dir, p.target);
  const before = read(file);
  const add = `${before && !before.endsWith("\n") ? "\n" : ""}${p.text.endsWith("\n") ? p.text : `${p.text}\n`}`;
  const after =
    p.kind === "rewrite" ? p.text : p.kind === "removal" ? withoutLine(before, p.text) : `${before}${add}`;
  return {
    name: p.scope === "repo" ? p.target : p.kind === "skill" ? `skills/${p.target}/SKILL.md` : p.target,
    before,
    after,
  };
}

/** A proposal with its diff: against the file as it is now (pending), or the text it added. */
export function showProposal(
  brain: ImproveBrain,
  home: BrainHome,
  id: string,
): { proposal: Proposal; diff: string } {
  const p = find(home, id);
  if (p.status === "pending") {
    const b = beforeAfter(brain, p);
    return { proposal: p, diff: unifiedDiff(b.name, b.before, b.after) };
  }
  return { proposal: p, diff: unifiedDiff(p.target, "", p.applied?.added ?? p.text) };
}

async function applyAndRecord(
  env: ReviewEnv,
  p: Proposal,
  op: "accept" | "apply",
  at: string,
): Promise<Proposal> {
  const diff = showProposal(env.brain, env.home, p.id).diff;
  const applied = await applyProposal(env.brain, p);
  appendProposalEvents(env.home, [{ op, id: p.id, at, applied }]);
  const done: Proposal = { ...p, status: op === "apply" ? "applied" : "accepted", applied, decided: at };
  archive(env.home, done, op === "apply" ? "applied" : "accepted", at, diff);
  const f = p.failure;
  if (f && p.kind === "append") {
    const rule = p.text.split("\n").find((l) => l.trim()) ?? p.text;
    attachRule(
      env.home,
      (e) =>
        e.tool === f.tool &&
        e.cmd === f.cmd &&
        (!f.project || e.project === f.project) &&
        similarity(e.sig, f.sig) >= SAME_FAILURE,
      { text: rule.replace(/^-\s*/, ""), file: p.target.split("/").pop() ?? p.target, at, proposal: p.id },
    );
  }
  return done;
}

/**
 * Add drafts to the queue, each once: a draft whose opportunity was proposed before (or rejected) is counted
 * as a duplicate and dropped. With `autoApply`, brain-file appends are applied at once (status "applied").
 */
export async function proposeDrafts(
  env: ReviewEnv,
  drafts: ProposalDraft[],
  opts: { autoApply?: boolean; extraHandled?: string[] } = {},
): Promise<ProposeResult> {
  return withImproveLockAsync(env.home, async () => {
    const at = env.now().toISOString();
    const known = new Set(readProposals(env.home).proposals.map((p) => p.id));
    const state = loadState(env.home);
    const out: ProposeResult = { proposed: [], applied: [], duplicates: 0 };
    for (const d of drafts) {
      const id = proposalId(d.opportunity.hash);
      if (known.has(id) || state.handled[d.opportunity.hash]) {
        out.duplicates++;
        continue;
      }
      known.add(id);
      appendProposalEvents(env.home, [{ op: "propose", id, at, ...d }]);
      const p: Proposal = { ...d, id, at, status: "pending" };
      archive(env.home, p, "proposed", at);
      writeProposedFile(env.home, p);
      state.handled[d.opportunity.hash] = at;
      if (opts.autoApply && d.kind === "append" && d.scope === "brain") {
        try {
          out.applied.push(await applyAndRecord(env, p, "apply", at));
          continue;
        } catch {
          /* left for review: the user sees why when accepting */
        }
      }
      out.proposed.push(p);
    }
    for (const h of opts.extraHandled ?? []) state.handled[h] ??= at;
    if (drafts.length === 0) return out;
    saveState(env.home, state);
    refresh(env.home);
    return out;
  });
}

export async function acceptProposal(
  env: ReviewEnv,
  id: string,
  opts: { text?: string } = {},
): Promise<Proposal> {
  return withImproveLockAsync(env.home, async () => {
    let p = find(env.home, id);
    if (p.status !== "pending") throw new BrainError("INVALID", `${id} is ${p.status}, not pending`);
    const at = env.now().toISOString();
    if (opts.text !== undefined && opts.text !== p.text) {
      appendProposalEvents(env.home, [{ op: "edit", id, at, text: opts.text }]);
      p = { ...p, text: opts.text, edited: true };
    }
    const done = await applyAndRecord(env, p, "accept", at);
    refresh(env.home);
    return done;
  });
}

export async function editProposal(env: ReviewEnv, id: string, text: string): Promise<Proposal> {
  return withImproveLockAsync(env.home, async () => {
    const p = find(env.home, id);
    if (p.status !== "pending")
      throw new BrainError("INVALID", `${id} is ${p.status}: only a pending proposal is edited`);
    if (!text.trim()) throw new BrainError("INVALID", "the edited text is empty", { field: "text" });
    appendProposalEvents(env.home, [{ op: "edit", id, at: env.now().toISOString(), text }]);
    const next = { ...p, text, edited: true };
    writeProposedFile(env.home, next);
    refresh(env.home);
    return next;
  });
}

export async function rejectProposal(env: ReviewEnv, id: string): Promise<Proposal> {
  return withImproveLockAsync(env.home, async () => {
    const p = find(env.home, id);
    if (p.status !== "pending") throw new BrainError("INVALID", `${id} is ${p.status}, not pending`);
    const at = env.now().toISOString();
    appendProposalEvents(env.home, [{ op: "reject", id, at }]);
    const state = loadState(env.home);
    state.handled[p.opportunity.hash] = at;
    saveState(env.home, state);
    const done: Proposal = { ...p, status: "rejected", decided: at };
    archive(env.home, done, "rejected", at);
    refresh(env.home);
    return done;
  });
}

export async function revertProposal(env: ReviewEnv, id: string): Promise<Proposal> {
  return withImproveLockAsync(env.home, async () => {
    const p = find(env.home, id);
    if (p.status !== "accepted" && p.status !== "applied")
      throw new BrainError("INVALID", `${id} is ${p.status}: only an accepted or applied change is reverted`);
    const at = env.now().toISOString();
    const undone = await revertApplied(env.brain, p);
    detachRule(env.home, id);
    appendProposalEvents(env.home, [{ op: "revert", id, at, applied: undone }]);
    const done: Proposal = { ...p, status: "reverted", decided: at };
    archive(env.home, done, "reverted", at);
    refresh(env.home);
    return done;
  });
}
