import type { Turn } from "../core/episode.ts";
import { typedText, untypedReason } from "../recall/ingest/harness.ts";

/**
 * What the learner may learn from (issue 23): only what the user typed and what the assistant answered. The
 * transcript parsers already drop or mark host text (src/recall/ingest/harness.ts); this checks every turn
 * again, whatever parsed it (pi's in-process messages, a format added later): a marked turn (a compaction
 * summary) and a user turn that reads as host text are left out, host notes inside a typed turn cut out.
 * Tool-call turns stay, as the assistant's side of the exchange (what it did), never as the user's words.
 */
export function learnableTurns(turns: readonly Turn[]): Turn[] {
  const out: Turn[] = [];
  for (const t of turns) {
    if (t.origin === "tool") {
      out.push(t);
      continue;
    }
    if (t.origin) continue;
    if ((t.role ?? t.speaker) !== "user") {
      out.push(t);
      continue;
    }
    if (untypedReason(t.text)) continue;
    const text = typedText(t.text);
    if (text) out.push(text === t.text ? t : { ...t, text });
  }
  return out;
}

/** The turns that become episodes: everything but tool calls (those reach the agent's memory another way). */
export function episodeTurns(turns: readonly Turn[]): Turn[] {
  return turns.filter((t) => t.origin !== "tool");
}
