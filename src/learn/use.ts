import type { Turn } from "../core/episode.ts";
import type { Brain } from "../engine/brain.ts";

/**
 * Memories that keep being used do not decay (issue 23): use restarts the clock, as reinforcement does, in a
 * form Rho's own `decay` agrees with since it reads only brain.jsonl — an update of the memory (same id,
 * `used` counted up, which refreshes `created`), written by the learner, never by building a context.
 *
 * A memory counts as used in a session when the per-prompt hook brings it back for a prompt the user typed
 * there: the learner asks the same question the hook asked (Brain.promptMemories, the turn's text, its
 * project, the session) for at most MAX_PROMPTS of the delta's typed prompts. Rate-limited: a memory is
 * updated only when its last write (`created`) is at least USE_EVERY_DAYS old, so at most once a week each,
 * and at most MAX_UPDATES a pass. Memories that never decay (high importance, pinned) are left alone.
 */
export const USE_EVERY_DAYS = 7;
export const MAX_PROMPTS = 20;
export const MAX_UPDATES = 20;
const DAY_MS = 86_400_000;

type Reader = Pick<Brain, "promptMemories" | "act">;

export interface UseOptions {
  now: Date;
  project?: string;
  session?: string;
}

/**
 * The learnings and preferences the typed prompts of `turns` brought back whose clock is due (each once), with
 * their use count so far.
 */
export function usedDue(
  brain: Pick<Brain, "promptMemories">,
  turns: readonly Turn[],
  o: UseOptions,
): Map<string, number> {
  const prompts = turns
    .filter((t) => (t.role ?? t.speaker) === "user" && t.origin === undefined)
    .slice(-MAX_PROMPTS);
  const out = new Map<string, number>();
  for (const t of prompts) {
    const m = brain.promptMemories(t.text, {
      withGraph: false,
      ...(o.project ? { cwd: o.project } : {}),
      ...(o.session ? { session: o.session } : {}),
    });
    for (const h of m.hits) {
      if (h.type !== "learning" && h.type !== "preference") continue;
      const e = h.entry as Record<string, unknown>;
      if (e.importance === "high" || e.pinned === true) continue;
      const created = Date.parse(String(e.created ?? ""));
      if (Number.isFinite(created) && o.now.getTime() - created < USE_EVERY_DAYS * DAY_MS) continue;
      out.set(h.id, typeof e.used === "number" ? e.used : 0);
    }
  }
  return out;
}

/** Record the use of what the session's prompts brought back; the number of memories updated. */
export async function recordUse(brain: Reader, turns: readonly Turn[], o: UseOptions): Promise<number> {
  let n = 0;
  for (const [id, used] of [...usedDue(brain, turns, o)].slice(0, MAX_UPDATES)) {
    await brain.act({ action: "update", id, used: used + 1 });
    n++;
  }
  return n;
}
