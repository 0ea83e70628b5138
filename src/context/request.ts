import type { FileProblem } from "../brainfiles/capabilities.ts";
import type { Assembled, Item, Section } from "../core/budget/types.ts";
import type { RecentPath } from "../project/recent.ts";
import type { RecentSession } from "../recall/recent-sessions.ts";
import type { Recalled } from "../recall/types.ts";

export interface ContextRequest {
  cwd: string;
  /** The prompt or question the context is for (ranks relevant memories). */
  query?: string;
  budget: number;
  /**
   * Tokens for the always-loaded brain files (SOUL.md, USER.md, AGENTS.md, other `always` files) next to
   * `budget`; 0 puts them in `budget` with everything else. Default: the `brainFileBudget` setting.
   */
  fileBudget?: number;
  /** Files the agent is working on (auto-attaches rules whose globs match). */
  files?: string[];
  /** Manual rules and brain files to include by name or path. */
  include?: string[];
  /** The host's session the context is for: the working context shows its own last user message and error. */
  session?: string;
  /** Post-compaction context: SOUL + USER + AGENTS in full, rules in force, recent paths, active plan. */
  recover?: boolean;
  explain?: boolean;
  /**
   * Project rules to leave out (the host loads them itself, or the output becomes one of them): a rule
   * format ("claude", "claude-rules", "agents", …), a path relative to the repository root, or "*" for all.
   */
  excludeRules?: string[];
  /**
   * Always-loaded brain files the host loads whole itself (Claude Code through an `@` import in its
   * CLAUDE.md, added by `brain install claude --core-files`): left out here so they are not sent twice.
   */
  excludeFiles?: string[];
}

/** A path the context used: a file the agent named, or a rule attached to it (worth re-injecting on recovery). */
export interface UsedPath {
  path: string;
  kind: RecentPath["kind"];
}

export interface ContextResult extends Assembled {
  problems: FileProblem[];
  /** Paths this context used, for `Brain.recordRecent` (building a context records nothing itself). */
  used: UsedPath[];
}

/** What every source sees: the request, resolved once by the orchestrator (nothing here is read twice). */
export interface SourceRequest {
  /** Absolute working directory. */
  cwd: string;
  now: Date;
  /** Directory of brain files; null for a store without one. */
  brainDir: string | null;
  include: ReadonlySet<string>;
  /** Files in play: the request's, plus on recovery the recently used ones. */
  files: string[];
  recover: boolean;
  excludeRules: ReadonlySet<string>;
  /** Always-loaded brain files the host loads itself (ContextRequest.excludeFiles). */
  excludeFiles: ReadonlySet<string>;
  /** Recently used paths (read once, for recovery). */
  recent: RecentPath[];
  /** Learnings and episodes relevant to the query, when there is one (they replace the learnings section). */
  recalled: Recalled[] | null;
  query: string;
  /** The context's token budget (recalled turns are shown at lengths sized by it). */
  budget: number;
  /** How much a query term tells (rarer weighs more), from the recall index. */
  termWeight?: (term: string) => number;
  /** Show every recalled turn up to this many characters instead (benchmark baselines). */
  fixedPreviewChars?: number;
  /** "Recently in this project": one line per recent session here, newest first (session start only). */
  sessions?: RecentSession[];
  /** The agent's working context and its last messages (src/mind/), when it has a mind. */
  working?: WorkingContext;
  /** The association graph's hubs block (seed 002's auto-context), when the setting is on. */
  hubs?: { header: string; lines: string[] };
}

/** What the working-context source shows (computed by the engine from the agent's mind). */
export interface WorkingContext {
  decision: import("../mind/decision.ts").DecisionContext;
  /** The last messages, oldest first (recovery after a compaction shows them). */
  messages: { role: string; text: string; at: string }[];
}

export interface SourceOutput {
  sections: Section[];
  problems: FileProblem[];
  /** Lines for the "Available context files" index (files the agent can load on request). */
  index?: Item[];
  /** Paths used if the named block survives the budget (no block: used whatever the budget keeps). */
  uses?: (UsedPath & { block?: string })[];
}

export type Source = (state: import("../core/fold.ts").FoldState, req: SourceRequest) => SourceOutput;
