import { relative, resolve } from "node:path";
import { assemble } from "./core/context/assemble.ts";
import { entrySections, ORDER } from "./core/context/entry-sections.ts";
import type { Assembled, Item, Section } from "./core/context/types.ts";
import type { FoldState } from "./core/fold.ts";
import { heartbeat } from "./core/heartbeat.ts";
import { oneLine, QUOTE_NOTE, quotedLines } from "./core/one-line.ts";
import { globsMatch } from "./sources/activation.ts";
import { type BrainFile, listBrainFiles } from "./sources/brain-files.ts";
import { readRecent, rememberPaths } from "./sources/recent.ts";
import { discoverRules, type Rule } from "./sources/rules.ts";
import { type FileProblem, loadCapabilities } from "./sources/skills.ts";

export interface ContextRequest {
  cwd: string;
  /** The prompt or question the context is for (ranks relevant memories). */
  query?: string;
  budget: number;
  /** Files the agent is working on (auto-attaches rules whose globs match). */
  files?: string[];
  /** Manual rules and brain files to include by name or path. */
  include?: string[];
  /** Post-compaction context: SOUL + USER + AGENTS in full, rules in force, recent paths, active plan. */
  recover?: boolean;
  explain?: boolean;
  /**
   * Project rules to leave out (the host loads them itself, or the output becomes one of them): a rule
   * format ("claude", "claude-rules", "agents", …), a path relative to the repository root, or "*" for all.
   */
  excludeRules?: string[];
}

export interface ContextResult extends Assembled {
  problems: FileProblem[];
}

function lines(text: string | string[], label: string): Item[] {
  return (typeof text === "string" ? text.split("\n") : text).map((t, i) => ({
    text: t,
    entryIds: [],
    label: `${label}:${i + 1}`,
  }));
}

function fileSection(
  id: string,
  header: string,
  content: string | string[],
  order: number,
  priority: number,
  cacheable: boolean,
  label: string,
  cap?: number,
): Section {
  const items = lines(content, label);
  return {
    id,
    header,
    cacheable,
    order,
    allocation: { kind: "fixed", priority, ...(cap ? { cap } : {}) },
    items,
    total: items.length,
    contiguous: true,
  };
}

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/**
 * Gather every source for a context request — brain entries, brain files, project rules, skills and
 * commands, tasks, recent paths, runtime — and assemble them under the budget. Files are read here;
 * the assembly itself is pure.
 */
export function buildContext(
  state: FoldState,
  brainDir: string | null,
  req: ContextRequest,
  now: Date,
  /** Builds the learnings/recall section for a query (ranked by relevance); replaces the learnings one. */
  recall?: (cwd: string, nowMs: number) => Section,
): ContextResult {
  const cwd = resolve(req.cwd);
  const nowMs = now.getTime();
  const sections: Section[] = entrySections(state, { cwd, nowMs, ...(recall ? { learnings: false } : {}) });
  if (recall) sections.push(recall(cwd, nowMs));
  const problems: FileProblem[] = [];
  const include = new Set(req.include ?? []);
  const recent = brainDir ? readRecent(brainDir) : [];
  const files = [
    ...(req.files ?? []),
    ...(req.recover ? recent.filter((r) => r.kind === "file").map((r) => r.path) : []),
  ];
  const index: Item[] = [];
  /** Rules attached for this request; remembered only if their block survives the budget. */
  const attachedRules: { path: string; block: string }[] = [];
  const remembered: { path: string; kind: "file" | "rule" }[] = (req.files ?? []).map((f) => ({
    path: resolve(cwd, f),
    kind: "file" as const,
  }));

  // Brain files
  const brainFiles: BrainFile[] = brainDir ? listBrainFiles(brainDir) : [];
  for (const f of brainFiles) {
    if (f.problem) problems.push({ file: `${brainDir}/${f.name}`, ...f.problem });
    const attached =
      f.mode === "auto" &&
      globsMatch(
        f.globs,
        files.map((p) => relative(cwd, resolve(cwd, p))),
      );
    const named = include.has(f.name) || include.has(f.name.replace(/\.md$/, ""));
    if ((f.mode === "always" || attached || named) && f.content) {
      const [order, priority] =
        f.name === "AGENTS.md"
          ? [ORDER.agents, 30]
          : f.name === "SOUL.md"
            ? [ORDER.soul, 40]
            : f.name === "USER.md"
              ? [ORDER.userFile, 50]
              : attached || named
                ? [ORDER.autoRules, 70]
                : [ORDER.rules - 1, 60];
      sections.push(
        fileSection(
          `brain-file:${f.name}`,
          `## ${f.name}`,
          f.content,
          order,
          priority,
          !(attached || named),
          f.name,
        ),
      );
    } else if (f.mode === "agent" && f.content && f.name !== "PLAN.md") {
      index.push({
        text: `- ${f.name}${f.owns ? ` — ${oneLine(f.owns)}` : f.description ? ` — ${oneLine(f.description)}` : ""} (${kb(f.bytes)})`,
        entryIds: [],
        label: f.name,
      });
    }
    if (f.name === "PLAN.md" && f.content && req.recover) {
      sections.push(fileSection("plan", "## Active plan", f.content, ORDER.plan, 75, false, "PLAN.md"));
    }
  }

  // Project rules
  const exclude = new Set(req.excludeRules ?? []);
  const rules: Rule[] = exclude.has("*")
    ? []
    : discoverRules(cwd).filter((r) => !exclude.has(r.format) && !exclude.has(r.path));
  rules.forEach((r, i) => {
    if (r.problem) problems.push({ file: r.path, ...r.problem });
    if (!r.content) return;
    const rel = files.map((p) => relative(r.scope, resolve(cwd, p)));
    const attached = r.mode === "auto" && globsMatch(r.globs, rel);
    const named = include.has(r.path);
    if (r.mode === "always" || attached || named) {
      const volatile = attached || named;
      sections.push(
        fileSection(
          `rule:${r.path}`,
          `## Project rules: ${oneLine(r.path)}\n${QUOTE_NOTE}`,
          quotedLines(r.content),
          (volatile ? ORDER.autoRules : ORDER.rules) + i / 1000,
          volatile ? 72 : 65,
          !volatile,
          r.path,
        ),
      );
      if (volatile) attachedRules.push({ path: r.file, block: `rule:${r.path}` });
    } else if (r.mode === "agent") {
      index.push({
        text: `- ${oneLine(r.path)}${r.description ? ` — ${oneLine(r.description)}` : ""} (rule)`,
        entryIds: [],
        label: r.path,
      });
    }
  });
  if (index.length) {
    sections.push({
      id: "index:files",
      header: "## Available context files (load with load_brain_file)",
      cacheable: true,
      order: ORDER.index,
      allocation: { kind: "fixed", priority: 80, cap: 0.1 },
      items: index,
      total: index.length,
      contiguous: false,
    });
  }

  // Skills, commands, tools
  if (brainDir) {
    const caps = loadCapabilities(brainDir);
    problems.push(...caps.problems);
    const items: Item[] = caps.items.map((c) => ({
      text: `- ${c.kind === "command" ? `/${oneLine(c.name)}` : `${c.kind} ${oneLine(c.name)}`}${c.description ? ` — ${oneLine(c.description)}` : ""}`,
      entryIds: [],
      label: `${c.kind}:${c.name}`,
    }));
    if (items.length) {
      sections.push({
        id: "index:skills",
        header: "## Available commands & skills",
        cacheable: true,
        order: ORDER.index + 1,
        allocation: { kind: "fixed", priority: 85, cap: 0.1 },
        items,
        total: items.length,
        contiguous: false,
      });
    }
  }

  // Tasks and due reminders
  const hb = heartbeat(state, now);
  const taskItems: Item[] = [
    ...hb.reminders.map((r) => ({
      text: `- reminder ${oneLine(r.id)}: ${oneLine(r.text)} (${r.reason === "never-run" ? "never run" : "due"})`,
      entryIds: [r.id],
    })),
    ...hb.tasks.map((t) => ({
      text: `- task ${oneLine(t.id)}: ${oneLine(t.description)}${t.priority !== "normal" ? ` [${oneLine(t.priority)}]` : ""}${t.due ? ` (due ${oneLine(t.due)}${t.overdue ? ", overdue" : ""})` : ""}`,
      entryIds: [t.id],
    })),
  ];
  if (taskItems.length) {
    sections.push({
      id: "tasks",
      header: "## Tasks and reminders",
      cacheable: false,
      order: ORDER.tasks,
      allocation: { kind: "fixed", priority: 90, cap: 0.1 },
      items: taskItems,
      total: taskItems.length,
      contiguous: false,
    });
  }

  if (req.recover && recent.length) {
    const items = recent.slice(0, 30).map((r) => ({
      text: `- ${r.kind === "rule" ? "rule " : ""}${oneLine(r.path)}`,
      entryIds: [],
      label: r.path,
    }));
    sections.push({
      id: "recent",
      header: "## Recently accessed paths",
      cacheable: false,
      order: ORDER.recent,
      allocation: { kind: "fixed", priority: 78, cap: 0.15 },
      items,
      total: items.length,
      contiguous: false,
    });
  }

  const runtime: Item[] = [
    { text: `- now: ${now.toISOString()}`, entryIds: [], label: "now" },
    { text: `- cwd: ${oneLine(cwd)}`, entryIds: [], label: "cwd" },
  ];
  sections.push({
    id: "runtime",
    header: "## Runtime",
    cacheable: false,
    order: ORDER.runtime,
    allocation: { kind: "fixed", priority: 5 },
    items: runtime,
    total: runtime.length,
    contiguous: false,
  });

  const result = assemble(sections, {
    budget: req.budget,
    fixedShare: req.recover ? 1 : 0.6,
    exhaustive: req.explain ?? false,
  });
  const shown = new Set(result.blocks.map((b) => b.id));
  for (const r of attachedRules) if (shown.has(r.block)) remembered.push({ path: r.path, kind: "rule" });
  if (brainDir && remembered.length) rememberPaths(brainDir, remembered, now);
  return { ...result, problems };
}
