import { ENTRY_TABLE as T } from "./entry-types.ts";
import type { FoldState } from "./fold.ts";
import { rankLearnings } from "./rank-learnings.ts";
import type { Rec } from "./rec.ts";
import { approxTokens } from "./text.ts";

export const DEFAULT_BUDGET = 2000;
const WEIGHTS = { behavior: 0.15, preferences: 0.2, context: 0.25, learnings: 0.4 } as const;
const MEMORY_HEADER = "## Memory\n\n";

export interface RhoPromptResult {
  text: string;
  /** Ids of the entries whose text is in `text` (computed by the renderer itself, not a mirror). */
  injectedIds: string[];
}

interface Line {
  text: string;
  ids: string[];
}

/** Rho's takeLinesUntilBudget: always keeps the first line, then stops at the first line that overflows. */
function takeLines(lines: Iterable<Line>, total: number, budget: number): { taken: Line[]; omitted: number } {
  const taken: Line[] = [];
  let used = 0;
  for (const line of lines) {
    const t = approxTokens(`${line.text}\n`);
    if (used + t > budget && taken.length > 0) return { taken, omitted: total - taken.length };
    taken.push(line);
    used += t;
  }
  return { taken, omitted: 0 };
}

function kvSection(title: string, recs: Rec[]): Line[] {
  if (recs.length === 0) return [];
  const sorted = recs
    .map((r) => ({ key: String(r.entry.key ?? ""), value: String(r.entry.value ?? ""), id: r.id }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return [
    { text: title, ids: [] },
    ...sorted.map((e) => ({ text: `**${e.key}:** ${e.value}`, ids: [e.id] })),
  ];
}

/**
 * Rho's brain prompt (buildBrainPrompt), byte for byte: Identity and User first at full cost, one
 * `**key:** value` line per entry with keys in localeCompare order, then Behavior, Preferences, Project
 * and Learnings. Rho's budget is soft: every
 * section keeps its first line even when that overflows. The hard-capped renderer lives in the context
 * pipeline; this one exists for `--compat rho`.
 */
export function renderRhoPrompt(
  state: FoldState,
  cwd: string,
  nowMs: number,
  totalBudget: number = DEFAULT_BUDGET,
): RhoPromptResult {
  const identity = state.list("identity");
  const user = state.list("user");
  const behaviors = state.list("behavior");
  const preferences = state.list("preference");
  const contexts = state.list("context");
  const learnings = state.list("learning");
  const hasContent =
    behaviors.length > 0 ||
    preferences.length > 0 ||
    contexts.some((c) => cwd.startsWith(String(c.entry.path))) ||
    learnings.length > 0 ||
    identity.length > 0 ||
    user.length > 0;
  if (!hasContent) return { text: "", injectedIds: [] };

  const sections: string[] = [];
  const injected: string[] = [];
  let fixed = approxTokens(MEMORY_HEADER);
  for (const [title, recs] of [
    [`## ${T.identity.section}`, identity],
    [`## ${T.user.section}`, user],
  ] as const) {
    const lines = kvSection(title, recs);
    if (lines.length === 0) continue;
    const rendered = lines.map((l) => l.text).join("\n");
    sections.push(rendered);
    for (const l of lines) injected.push(...l.ids);
    fixed += approxTokens(`${rendered}\n\n`);
  }
  const budget = totalBudget - fixed;
  const behaviorBudget = Math.floor(budget * WEIGHTS.behavior);
  const prefsBudget = Math.floor(budget * WEIGHTS.preferences);
  const contextBudget = Math.floor(budget * WEIGHTS.context);
  let learningsBudget = Math.floor(budget * WEIGHTS.learnings);

  const section = (header: string, lines: Iterable<Line>, sectionBudget: number, total?: number): number => {
    const n = total ?? (lines as Line[]).length;
    const { taken, omitted } = takeLines(lines, n, sectionBudget - approxTokens(`${header}\n`));
    const out = [header, ...taken.map((l) => l.text)];
    if (omitted > 0) out.push(`(…${omitted} more omitted)`);
    const rendered = out.join("\n");
    sections.push(rendered);
    for (const l of taken) injected.push(...l.ids);
    return approxTokens(rendered);
  };

  // Behavior: one line per category, texts joined with ". "
  const behaviorLines: Line[] = [];
  for (const [cat, label] of [
    ["do", "Do"],
    ["dont", "Don't"],
    ["value", "Values"],
  ] as const) {
    const recs = behaviors.filter((b) => b.entry.category === cat);
    if (recs.length > 0) {
      behaviorLines.push({
        text: `**${label}:** ${recs.map((r) => String(r.entry.text)).join(". ")}`,
        ids: recs.map((r) => r.id),
      });
    }
  }
  if (behaviorLines.length > 0) {
    learningsBudget += Math.max(
      0,
      behaviorBudget - section(`## ${T.behavior.section}`, behaviorLines, behaviorBudget),
    );
  } else learningsBudget += behaviorBudget;

  // Preferences: one line per category, categories sorted with localeCompare
  const byCat = new Map<string, Rec[]>();
  for (const p of preferences) {
    const cat = String(p.entry.category);
    const arr = byCat.get(cat);
    if (arr) arr.push(p);
    else byCat.set(cat, [p]);
  }
  const prefLines: Line[] = [...byCat.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([cat, recs]) => ({
      text: `**${cat}:** ${recs.map((r) => String(r.entry.text)).join(". ")}`,
      ids: recs.map((r) => r.id),
    }));
  if (prefLines.length > 0) {
    learningsBudget += Math.max(
      0,
      prefsBudget - section(`## ${T.preference.section}`, prefLines, prefsBudget),
    );
  } else learningsBudget += prefsBudget;

  // Context: longest path that is a string prefix of cwd (Rho's startsWith)
  const best = contexts
    .filter((c) => cwd.startsWith(String(c.entry.path)))
    .sort((a, b) => String(b.entry.path).length - String(a.entry.path).length)[0];
  if (best) {
    const lines = String(best.entry.content)
      .split("\n")
      .map((text, i) => ({ text, ids: i === 0 ? [best.id] : [] }));
    learningsBudget += Math.max(
      0,
      contextBudget - section(`## ${T.context.section}: ${String(best.entry.project)}`, lines, contextBudget),
    );
  } else learningsBudget += contextBudget;

  // Learnings: score desc; ties by Rho's string comparison of `created` (newest first for one format)
  if (learnings.length > 0) {
    const lines = (function* () {
      for (const item of rankLearnings(learnings, cwd, nowMs, { rho: true }))
        yield { text: item.text, ids: item.entryIds };
    })();
    section(`## ${T.learning.section}`, lines, learningsBudget, learnings.length);
  }

  // Rho's prompt is empty when no section rendered (e.g. only behaviours of an unknown category).
  if (sections.length === 0) return { text: "", injectedIds: [] };
  return { text: MEMORY_HEADER + sections.join("\n\n"), injectedIds: injected };
}
