import { relative, resolve } from "node:path";
import { globsMatch } from "../../brainfiles/activation.ts";
import type { FileProblem } from "../../brainfiles/capabilities.ts";
import { listBrainFiles } from "../../brainfiles/read.ts";
import type { Item, Section } from "../../core/budget/types.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { fileSection, ORDER } from "../sections.ts";

const kb = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/** Where a loaded brain file goes and how much it matters: SOUL, USER, AGENTS have their own places. */
function placement(name: string, requested: boolean): [order: number, priority: number] {
  if (name === "AGENTS.md") return [ORDER.agents, 30];
  if (name === "SOUL.md") return [ORDER.soul, 40];
  if (name === "USER.md") return [ORDER.userFile, 50];
  return requested ? [ORDER.autoRules, 70] : [ORDER.rules - 1, 60];
}

/**
 * Brain files (markdown beside brain.jsonl): always-mode files in full, auto-mode ones when a file in play
 * matches their globs, manual ones when named; agent-mode files are listed in the index; PLAN.md on recovery.
 */
export function brainFiles(_state: FoldState, req: SourceRequest): SourceOutput {
  const sections: Section[] = [];
  const problems: FileProblem[] = [];
  const index: Item[] = [];
  if (!req.brainDir) return { sections, problems };
  const files = req.files.map((p) => relative(req.cwd, resolve(req.cwd, p)));
  for (const f of listBrainFiles(req.brainDir)) {
    if (f.problem) problems.push({ file: `${req.brainDir}/${f.name}`, ...f.problem });
    const attached = f.mode === "auto" && globsMatch(f.globs, files);
    const named = req.include.has(f.name) || req.include.has(f.name.replace(/\.md$/, ""));
    // The host loads this always-mode file whole itself (an import in its own memory file): not twice.
    if (f.mode === "always" && !named && req.excludeFiles.has(f.name)) continue;
    if ((f.mode === "always" || attached || named) && f.content) {
      const [order, priority] = placement(f.name, attached || named);
      const always = !(attached || named);
      const section = fileSection(
        `brain-file:${f.name}`,
        `## ${f.name}`,
        f.content,
        order,
        priority,
        always,
        f.name,
      );
      // Always-loaded files have their own allowance next to the memory budget (ContextRequest.fileBudget).
      sections.push(always ? { ...section, allowance: { name: f.name } } : section);
    } else if (f.mode === "agent" && f.content && f.name !== "PLAN.md") {
      const about = f.owns ? ` — ${oneLine(f.owns)}` : f.description ? ` — ${oneLine(f.description)}` : "";
      // Seed 004 §2.3: files outside the core and contextual lists are marked as the user's own.
      const tag = f.kind === "user-created" ? " (user-created)" : "";
      index.push({ text: `- ${f.name}${tag}${about} (${kb(f.bytes)})`, entryIds: [], label: f.name });
    }
    if (f.name === "PLAN.md" && f.content && req.recover) {
      sections.push(fileSection("plan", "## Active plan", f.content, ORDER.plan, 75, false, "PLAN.md"));
    }
  }
  return { sections, problems, index };
}
