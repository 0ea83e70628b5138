import type { Item, Section } from "../../core/budget/types.ts";
import type { FoldState } from "../../core/fold.ts";
import { oneLine } from "../../core/one-line.ts";
import { decisionLines, isEmpty } from "../../mind/decision.ts";
import type { SourceOutput, SourceRequest } from "../request.ts";
import { listSection, ORDER } from "../sections.ts";

/** Messages a recovered context carries (seed 004: "Last 8 messages from pre-compaction history"). */
export const RECOVERED_MESSAGES = 8;

/**
 * The agent's working context (seed 001's decision reads, src/mind/decision.ts): the primary goal, the
 * user's last message, the last error, the plan and its step, goals, the self-model, affect, relevant
 * episodes, facts, self-instructions, thoughts and what was explored — one labelled line each, so
 * `--explain` names every one. Volatile (it changes every tick): placed after every cacheable block, a
 * capped share of the budget, most important lines first. After a compaction (`recover`) the last 8
 * messages come too (seed 004's recent message snapshot).
 */
export function working(_state: FoldState, req: SourceRequest): SourceOutput {
  const w = req.working;
  if (!w) return { sections: [], problems: [] };
  const sections: Section[] = [];
  if (!isEmpty(w.decision)) {
    // The user's last message is the session's own: after a compaction it is where the work stood; at the
    // start of another session it is an earlier session's (maybe another project's) last word — left out.
    const items: Item[] = decisionLines(w.decision)
      .filter((l) => req.recover || l.label !== "mind:user")
      .map((l) => ({ text: l.text, entryIds: [], label: l.label }));
    const opts = { order: ORDER.working, priority: 76, cacheable: false, cap: 0.2 };
    sections.push(listSection("working", "## Working context (the agent's own state)", opts, items));
  }
  if (req.recover && w.messages.length > 0) {
    const items = w.messages.slice(-RECOVERED_MESSAGES).map((m, i) => ({
      text: `- ${oneLine(m.role)}: ${oneLine(m.text).slice(0, 600)}`,
      entryIds: [],
      label: `message:${i + 1}`,
    }));
    const opts = { order: ORDER.messages, priority: 74, cacheable: false, cap: 0.2 };
    sections.push(listSection("messages", "## Recent messages (before the compaction)", opts, items));
  }
  return { sections, problems: [] };
}
