import { BrainError } from "../core/errors.ts";
import type { CycleReport } from "../improve/cycle.ts";
import type { Duplicate } from "../improve/dedup.ts";
import type { SyncResult } from "../improve/ledger.ts";
import type { Proposal, ProposalDraft, ProposalStatus } from "../improve/proposals.ts";
import type { ProposeResult, ReviewEnv } from "../improve/review.ts";
import type { TemplateSyncResult } from "../improve/template-sync.ts";
import type { ImproveBrain } from "../improve/types.ts";
import type { LlmProvider } from "../learn/extract/types.ts";
import { packageVersion } from "../package-root.ts";
import type { BrainHome } from "../store/home.ts";

/**
 * The improve facet (issue 28): the feedback ledger, the improvement cycle and the review queue of one brain,
 * for every surface (`brain improve` and `brain proposals`, the MCP and pi tools, the HTTP API and the
 * viewer). Its modules (src/improve/) are loaded on first use: opening a brain loads none of them.
 */
/** What the facet needs of the engine's Brain (structural: no type cycle between brain.ts and this file). */
export interface FacetBrain extends ImproveBrain {
  readonly core: { readonly home: BrainHome | null };
}

export class ImproveFacet {
  readonly #brain: FacetBrain;

  constructor(brain: FacetBrain) {
    this.#brain = brain;
  }

  get home(): BrainHome {
    const home = this.#brain.core.home;
    if (!home) throw new BrainError("INVALID", "learning from mistakes needs a brain with a directory");
    return home;
  }

  #env(): ReviewEnv {
    return { brain: this.#brain, home: this.home, now: this.#brain.now };
  }

  /** Bring the ledger and the failure index up to date with the tool-event log. */
  async syncLedger(): Promise<SyncResult> {
    const { syncLedger } = await import("../improve/ledger.ts");
    const s = this.#brain.settings.improve;
    return syncLedger(this.home, { targetChars: s.ledgerTargetChars, errorChars: s.ledgerErrorChars });
  }

  /**
   * Whatever of the loop is due (src/improve/schedule.ts: a cycle hourly, a dedup scan daily, the template
   * sync on a new version) — the resident server's "hourly", run after its learner. Returns what ran.
   */
  async runDue(provider?: () => Promise<LlmProvider | undefined>): Promise<string[]> {
    const { runDue } = await import("../improve/schedule.ts");
    return runDue(
      { settings: this.#brain.settings, now: this.#brain.now, improve: this },
      this.home,
      packageVersion(),
      provider,
    );
  }

  /** One improvement cycle (`dryRun`: propose nothing, change no file). */
  async cycle(o: { dryRun?: boolean; provider?: LlmProvider | undefined } = {}): Promise<CycleReport> {
    const { runCycle } = await import("../improve/cycle.ts");
    return runCycle(this.#env(), { settings: this.#brain.settings.improve, ...o });
  }

  async proposals(status: ProposalStatus | "all" = "pending"): Promise<Proposal[]> {
    const { listProposals } = await import("../improve/review.ts");
    return listProposals(this.home, { status });
  }

  async proposal(id: string): Promise<{ proposal: Proposal; diff: string }> {
    const { showProposal } = await import("../improve/review.ts");
    return showProposal(this.#brain, this.home, id);
  }

  async accept(id: string, text?: string): Promise<Proposal> {
    const { acceptProposal } = await import("../improve/review.ts");
    return acceptProposal(this.#env(), id, text === undefined ? {} : { text });
  }

  async edit(id: string, text: string): Promise<Proposal> {
    const { editProposal } = await import("../improve/review.ts");
    return editProposal(this.#env(), id, text);
  }

  async reject(id: string): Promise<Proposal> {
    const { rejectProposal } = await import("../improve/review.ts");
    return rejectProposal(this.#env(), id);
  }

  async revert(id: string): Promise<Proposal> {
    const { revertProposal } = await import("../improve/review.ts");
    return revertProposal(this.#env(), id);
  }

  /**
   * The dedup scan: the same line in several brain files → removal proposals for every copy outside the file
   * of the lowest canonical rank (reviewed like every proposal; `dryRun`: propose nothing).
   */
  async dedup(
    o: { dryRun?: boolean } = {},
  ): Promise<{ duplicates: Duplicate[]; proposed: Proposal[]; skipped: number }> {
    const [{ findDuplicates, removalDrafts }, { updateState }] = await Promise.all([
      import("../improve/dedup.ts"),
      import("../improve/state.ts"),
    ]);
    const dir = this.#brain.brainDir;
    const duplicates = dir ? findDuplicates(dir) : [];
    if (o.dryRun) return { duplicates, proposed: [], skipped: 0 };
    const r = await this.propose(removalDrafts(duplicates));
    updateState(this.home, (s) => {
      s.lastDedup = this.#brain.now().toISOString();
    });
    return { duplicates, proposed: r.proposed, skipped: r.duplicates };
  }

  /** Merge new sections of the shipped templates into the brain files (append-only) when the version changed. */
  async syncTemplates(o: { force?: boolean; dryRun?: boolean } = {}): Promise<TemplateSyncResult> {
    const { syncTemplates } = await import("../improve/template-sync.ts");
    return syncTemplates(this.#brain, this.home, packageVersion(), o);
  }

  /** Add drafts to the review queue (the agent's `rsi_propose`, the dedup scan): never applied here. */
  async propose(drafts: ProposalDraft[]): Promise<ProposeResult> {
    // What is proposed lands in files the host reads (a skill, TOOLS.md): no credential goes there.
    const { findSecrets } = await import("../guards/secrets.ts");
    for (const d of drafts) {
      const found = await findSecrets(`${d.title}\n${d.text}\n${d.why}`);
      if (found.length > 0)
        throw new BrainError(
          "INVALID",
          `the proposal "${d.title}" contains what looks like a secret (${found[0]?.kind})`,
        );
    }
    const { proposeDrafts } = await import("../improve/review.ts");
    return proposeDrafts(this.#env(), drafts);
  }
}
