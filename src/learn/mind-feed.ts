import type { Turn } from "../core/episode.ts";
import type { Brain } from "../engine/brain.ts";
import type { FeedMemo } from "../mind/feed.ts";
import { toolEvents } from "../recall/tool-events.ts";
import { START } from "../store/event-store.ts";
import type { BrainHome } from "../store/home.ts";
import { JsonDoc } from "../store/json-doc.ts";
import { toolEventLog } from "../store/tool-event-log.ts";
import { MIND_FEED_DOC } from "./mind-feed-cursor.ts";

/**
 * The learner feeds the agent's mind from what the hosts already recorded — never a second capture: the
 * tool calls of the one tool-event log, read from a cursor this module keeps (`.brain/mind-feed.json`),
 * become explored paths and URLs, the last error and the plan (src/mind/feed.ts); the user's last turn of a
 * transcript the learner read becomes the last user message. Runs in the learner's run (after each turn's
 * Stop), so the next prompt's anchors and the next context show it.
 */

/** Feed the mind with the tool events since the cursor; how many records it wrote. */
export async function feedMindFromTools(home: BrainHome, open: () => Promise<Brain>): Promise<number> {
  const doc = new JsonDoc(home, MIND_FEED_DOC);
  const cur = doc.load();
  const id = toolEventLog(home).store.identity();
  if (id.generation !== cur.generation || id.size < cur.position.offset) {
    cur.generation = id.generation;
    cur.position = START;
    delete cur.failed;
  }
  if (id.size === cur.position.offset) return 0;
  const r = await toolEvents(home).since(cur.position);
  const memo: FeedMemo = cur.failed ? { failed: cur.failed } : {};
  const written = r.events.length
    ? (await open()).mind.feedToolEvents(
        r.events.map((e) => e.event),
        memo,
      )
    : 0;
  doc.save(
    { generation: cur.generation, position: r.end, ...(memo.failed ? { failed: memo.failed } : {}) },
    false,
  );
  return written;
}

/** The user's last turn of a transcript delta the learner read: the mind's last user message. */
export function feedUserTurn(brain: Brain, turns: readonly Turn[], host: string, session?: string): void {
  const last = turns.findLast((t) => (t.role ?? t.speaker) === "user" && t.text.trim());
  if (last) brain.mind.userMessage(last.text, { host, ...(session ? { session } : {}) });
}
