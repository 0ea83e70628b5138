import { resolve } from "node:path";
import { assemble } from "../core/budget/assemble.ts";
import type { Item, Section } from "../core/budget/types.ts";
import type { FoldState } from "../core/fold.ts";
import { recentFor } from "../project/recent.ts";
import type { RecentSession } from "../recall/recent-sessions.ts";
import type { ContextRequest, ContextResult, Source, SourceRequest, UsedPath } from "./request.ts";
import { listSection, ORDER } from "./sections.ts";
import { brainFiles } from "./sources/brain-files.ts";
import { capabilities } from "./sources/capabilities.ts";
import { entries } from "./sources/entries.ts";
import { hubs } from "./sources/hubs.ts";
import { pinned } from "./sources/pinned.ts";
import { type Recalled, recall } from "./sources/recall.ts";
import { recent } from "./sources/recent.ts";
import { rules } from "./sources/rules.ts";
import { runtime } from "./sources/runtime.ts";
import { sessions } from "./sources/sessions.ts";
import { tasks } from "./sources/tasks.ts";

export type { ContextRequest, ContextResult, UsedPath } from "./request.ts";

/** Every source, in the order their sections are handed to the budget. */
const SOURCES: Source[] = [
  entries,
  pinned,
  recall,
  brainFiles,
  rules,
  capabilities,
  hubs,
  tasks,
  sessions,
  recent,
  runtime,
];

export interface BuildEnv {
  brainDir: string | null;
  now: Date;
  /** Learnings and episodes relevant to `req.query` (computed by the engine); null without a query. */
  recalled?: Recalled[] | null;
  /** How much a query term tells (rarer weighs more), from the recall index. */
  termWeight?: (term: string) => number;
  /** Show every recalled turn up to this many characters instead of budget-sized previews (baselines). */
  fixedPreviewChars?: number;
  /** "Recently in this project" lines (computed by the engine from the episode log). */
  sessions?: RecentSession[];
  /** The association graph's hubs block (computed by the engine when `autoContext` is on). */
  hubs?: { header: string; lines: string[] };
}

/**
 * Gather every source for a context request and assemble their sections under the budget. A read: files
 * are read, nothing is written — the paths the context used come back in `used` for `Brain.recordRecent`.
 */
export function buildContext(state: FoldState, req: ContextRequest, env: BuildEnv): ContextResult {
  const cwd = resolve(req.cwd);
  const recentPaths = env.brainDir ? recentFor(env.brainDir, cwd) : [];
  const sreq: SourceRequest = {
    cwd,
    now: env.now,
    brainDir: env.brainDir,
    include: new Set(req.include ?? []),
    files: [
      ...(req.files ?? []),
      ...(req.recover ? recentPaths.filter((r) => r.kind === "file").map((r) => r.path) : []),
    ],
    recover: req.recover ?? false,
    excludeRules: new Set(req.excludeRules ?? []),
    excludeFiles: new Set(req.excludeFiles ?? []),
    recent: recentPaths,
    recalled: env.recalled ?? null,
    query: req.query ?? "",
    budget: req.budget,
    ...(env.termWeight ? { termWeight: env.termWeight } : {}),
    ...(env.fixedPreviewChars ? { fixedPreviewChars: env.fixedPreviewChars } : {}),
    ...(env.sessions?.length ? { sessions: env.sessions } : {}),
    ...(env.hubs ? { hubs: env.hubs } : {}),
  };
  const sections: Section[] = [];
  const problems: ContextResult["problems"] = [];
  const index: Item[] = [];
  const uses: NonNullable<ReturnType<Source>["uses"]> = [];
  for (const source of SOURCES) {
    const out = source(state, sreq);
    sections.push(...out.sections);
    problems.push(...out.problems);
    index.push(...(out.index ?? []));
    uses.push(...(out.uses ?? []));
  }
  if (index.length) {
    const opts = { order: ORDER.index, priority: 80, cacheable: true, cap: 0.1 };
    const header = "## Available context files (load with load_brain_file)";
    sections.push(listSection("index:files", header, opts, index));
  }
  const result = assemble(sections, {
    budget: req.budget,
    ...(req.fileBudget ? { fileBudget: req.fileBudget } : {}),
    fixedShare: req.recover ? 1 : 0.6,
    exhaustive: req.explain ?? false,
  });
  const shown = new Set(result.blocks.map((b) => b.id));
  const used: UsedPath[] = [
    ...(req.files ?? []).map((f) => ({ path: resolve(cwd, f), kind: "file" as const })),
    ...uses.filter((u) => !u.block || shown.has(u.block)).map(({ path, kind }) => ({ path, kind })),
  ];
  return { ...result, problems, used };
}
