import { relative, resolve } from "node:path";
import { globsMatch } from "../../brainfiles/activation.ts";
import type { FileProblem } from "../../brainfiles/capabilities.ts";
import type { Item, Section } from "../../core/budget/types.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine, QUOTE_NOTE, quotedLines } from "../../core/one-line.ts";
import { discoverRules } from "../../project/rules.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { fileSection, ORDER } from "../sections.ts";

/**
 * Project rules (AGENTS.md, CLAUDE.md, .cursor/rules, …) discovered for cwd: always-mode ones as stable
 * blocks, auto-attached (glob match) and named ones as volatile blocks — those are remembered as used when
 * they survive the budget — and agent-mode ones in the index.
 */
export function rules(_state: FoldState, req: SourceRequest): SourceOutput {
  const sections: Section[] = [];
  const problems: FileProblem[] = [];
  const index: Item[] = [];
  const uses: SourceOutput["uses"] = [];
  const exclude = req.excludeRules;
  const found = exclude.has("*")
    ? []
    : discoverRules(req.cwd).filter((r) => !exclude.has(r.format) && !exclude.has(r.path));
  found.forEach((r, i) => {
    if (r.problem) problems.push({ file: r.path, ...r.problem });
    if (!r.content) return;
    const rel = req.files.map((p) => relative(r.scope, resolve(req.cwd, p)));
    const attached = r.mode === "auto" && globsMatch(r.globs, rel);
    const named = req.include.has(r.path);
    if (r.mode === "always" || attached || named) {
      const volatile = attached || named;
      const id = `rule:${r.path}`;
      const order = (volatile ? ORDER.autoRules : ORDER.rules) + i / 1000;
      sections.push(
        fileSection(
          id,
          `## Project rules: ${oneLine(r.path)}\n${QUOTE_NOTE}`,
          quotedLines(r.content),
          order,
          volatile ? 72 : 65,
          !volatile,
          r.path,
        ),
      );
      if (volatile) uses.push({ path: r.file, kind: "rule", block: id });
    } else if (r.mode === "agent") {
      const about = r.description ? ` — ${oneLine(r.description)}` : "";
      index.push({ text: `- ${oneLine(r.path)}${about} (rule)`, entryIds: [], label: r.path });
    }
  });
  return { sections, problems, index, uses };
}
