/**
 * The fixed text of the context hooks, shared by the in-process answer (src/hooks/handle.ts) and the check of
 * what the resident server answers (src/hooks/served-answer.ts). No imports: the prompt hook loads it.
 */

/** First lines of the session-start context (a normal start, and the recovery after a compaction). */
export const SESSION_HEADER =
  "# Brain: what you remember\nPersistent memory from earlier sessions. Store new durable learnings with the `brain` tool (action=add).";
export const RECOVERED_HEADER =
  "# Brain: memory recovered after compaction\nYour persistent memory (brain) — rules, files and paths in force before the compaction.";

/** Longest block of memories added beside a prompt (which memories: `Brain.promptMemories`). */
export const PROMPT_MAX_CHARS = 2_000;
