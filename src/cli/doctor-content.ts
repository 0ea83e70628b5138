import { missingText } from "../core/entry-text.ts";
import { approxTokens } from "../core/text.ts";
import type { Brain } from "../engine/brain.ts";

/** What `brain doctor` says about content (warnings: nothing is broken, but something will not show). */
export interface ContentReport {
  /** Live entries without their text (hand-written lines): left out of every context. */
  incomplete: { line: number; id: string; type: string; field: string }[];
  /** The always-loaded brain files and their size, against the allowance next to the memory budget. */
  brainFiles: { files: { name: string; tokens: number }[]; tokens: number; allowance: number; over: boolean };
}

export function contentReport(brain: Brain): ContentReport {
  const incomplete: ContentReport["incomplete"] = [];
  for (const rec of brain.state.live()) {
    const field = missingText(rec.type, rec.peek() as Record<string, unknown>);
    if (field) incomplete.push({ line: rec.line, id: rec.id, type: rec.type, field });
  }
  incomplete.sort((a, b) => a.line - b.line);
  const files = brain
    .listBrainFiles()
    .filter((f) => f.mode === "always" && f.content)
    .map((f) => ({ name: f.name, tokens: approxTokens(`## ${f.name}\n${f.content}`) }));
  const tokens = files.reduce((n, f) => n + f.tokens, 0);
  const allowance = brain.settings.brainFileBudget || brain.settings.promptBudget;
  return { incomplete, brainFiles: { files, tokens, allowance, over: tokens > allowance } };
}

export function contentLines(c: ContentReport, configPath: string): string[] {
  const b = c.brainFiles;
  const budgetKey = "brainFileBudget";
  return [
    `entries without their text: ${c.incomplete.length}${c.incomplete.length ? " (left out of the context; fix or remove them)" : ""}`,
    ...c.incomplete.slice(0, 20).map((e) => `  line ${e.line}: ${e.type} ${e.id} has no ${e.field}`),
    `always-loaded brain files: ${b.tokens} tokens of ${b.allowance}${b.files.length ? ` (${b.files.map((f) => `${f.name} ${f.tokens}`).join(", ")})` : ""}`,
    ...(b.over
      ? [
          `warning: they exceed the allowance by ${b.tokens - b.allowance} tokens: the context cuts them (and says so); raise "${budgetKey}" in ${configPath} or trim them`,
        ]
      : []),
  ];
}
