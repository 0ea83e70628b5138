import type { ImproveSettings } from "../config-improve.ts";
import type { LlmProvider } from "../learn/extract/types.ts";
import { feedbackLog } from "../store/feedback-log.ts";
import { draftFromPattern } from "./draft.ts";
import { draftWithModel } from "./draft-model.ts";
import { loadIndex } from "./failure-index.ts";
import { type SyncResult, syncLedger } from "./ledger.ts";
import { collectOpportunities, type LedgerLine, type Opportunity } from "./opportunities.ts";
import { type Proposal, type ProposalDraft, proposalId, readProposals } from "./proposals.ts";
import { proposeDrafts, type ReviewEnv } from "./review.ts";
import { loadState, updateState } from "./state.ts";

/**
 * The improvement cycle (seed 004 §3.7; `brain improve`, hourly while the resident server runs, and when due
 * at the next start): bring the ledger up to date, collect the opportunities of the last `windowDays` by the
 * thresholds, skip what an earlier cycle handled (by hash), route each by the policy table, draft it (with
 * the model when one is given, else a rule from the pattern), and add it to the review queue — or, with
 * `autoApply`, apply a brain-file append at once. `dryRun` proposes nothing and changes no file (the ledger is
 * still brought up to date: it is the input).
 */
export interface CycleOptions {
  settings: ImproveSettings;
  dryRun?: boolean;
  provider?: LlmProvider | undefined;
}

export interface CycleReport {
  at: string;
  dryRun: boolean;
  synced: SyncResult;
  /** Ledger records in the window. */
  ledgerLines: number;
  opportunities: { kind: string; summary: string; issue: string; hash: string; handled: boolean }[];
  /** Drafted (dry run) or proposed. */
  drafts: ProposalDraft[];
  proposed: Proposal[];
  applied: Proposal[];
  /** Opportunities an earlier cycle handled, not proposed again. */
  duplicates: number;
  drafter: "rule" | "model";
}

export function windowLines(env: Pick<ReviewEnv, "home" | "now">, days: number): LedgerLine[] {
  const since = env.now().getTime() - days * 86_400_000;
  return feedbackLog(env.home)
    .read()
    .records.filter((r) => Date.parse(r.value.at) >= since)
    .map((r) => ({ line: r.line, r: r.value }));
}

export async function runCycle(env: ReviewEnv, o: CycleOptions): Promise<CycleReport> {
  const s = o.settings;
  const synced = await syncLedger(env.home, {
    targetChars: s.ledgerTargetChars,
    errorChars: s.ledgerErrorChars,
  });
  const lines = windowLines(env, s.windowDays);
  const state = loadState(env.home);
  const known = new Set(readProposals(env.home).proposals.map((p) => p.id));
  const handled = (h: string) => Boolean(state.handled[h]) || known.has(proposalId(h));
  const opps = collectOpportunities(lines, s, handled);
  const fresh: Opportunity[] = opps.filter((x) => !handled(x.hash));
  const entries = loadIndex(env.home).entries;
  const drafts: ProposalDraft[] = [];
  for (const x of fresh)
    drafts.push(o.provider ? await draftWithModel(o.provider, x, entries) : draftFromPattern(x, entries));
  const report: CycleReport = {
    at: env.now().toISOString(),
    dryRun: Boolean(o.dryRun),
    synced,
    ledgerLines: lines.length,
    opportunities: opps.map((x) => ({
      kind: x.kind,
      summary: x.summary,
      issue: x.issue,
      hash: x.hash,
      handled: handled(x.hash),
    })),
    drafts,
    proposed: [],
    applied: [],
    duplicates: opps.length - fresh.length,
    drafter: o.provider ? "model" : "rule",
  };
  if (o.dryRun) return report;
  const corrections = fresh.flatMap((x) => (x.corrections ?? []).map((c) => c.hash));
  const r = await proposeDrafts(env, drafts, { autoApply: s.autoApply, extraHandled: corrections });
  report.proposed = r.proposed;
  report.applied = r.applied;
  report.duplicates += r.duplicates;
  updateState(env.home, (st) => {
    st.lastCycle = report.at;
  });
  return report;
}
