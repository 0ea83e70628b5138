import type { Turn } from "../core/episode.ts";
import { loadSqlite, openCodeMessages } from "../recall/ingest/opencode-db.ts";
import type { SessionCursor } from "./cursors.ts";
import { capTurnText } from "./turn-cap.ts";

/**
 * The learner's read of an OpenCode session. OpenCode keeps sessions in SQLite, so Brain's plugin queues
 * `<opencode.db>#<session id>` as the transcript; the session's conversation is read whole each time (a
 * message can appear between older ones while OpenCode writes it, so a position would skip it) and the
 * episodes' stable ids keep a message stored once. The cursor's `offset` counts the turns read.
 */
export function openCodeTarget(c: SessionCursor): { db: string; session: string } | undefined {
  if (c.host !== "opencode") return undefined;
  const i = c.transcript.lastIndexOf("#");
  return i > 0 ? { db: c.transcript.slice(0, i), session: c.transcript.slice(i + 1) } : undefined;
}

export interface OpenCodeDelta {
  turns: Turn[];
  /** Turns in the session now (what the cursor counts). */
  count: number;
  /** Turns whose text was cut to `maxTurnChars`. */
  cut: number;
}

export async function openCodeDelta(
  target: { db: string; session: string },
  maxTurnChars: number,
): Promise<OpenCodeDelta> {
  await loadSqlite();
  const messages = openCodeMessages(target.db, target.session);
  let cut = 0;
  const turns: Turn[] = [];
  for (const m of messages) {
    const r = capTurnText(m.text.trim(), maxTurnChars);
    if (!r.text) continue;
    if (r.cut) cut++;
    turns.push({ session: m.session, turn: m.id, speaker: m.role, role: m.role, text: r.text, date: m.date });
  }
  return { turns, count: turns.length, cut };
}
