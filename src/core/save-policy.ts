/**
 * When a derived file (the recall index, the association graph, the mind's snapshot) is worth writing at the
 * end of a process. A process that does not write it leaves its catch-up — the records applied since the
 * file was last written — to every later process, and hooks are short processes that run on every prompt:
 * with a fixed threshold of 500 records, each prompt hook re-applied up to 500 records (the graph's own use
 * events grow by one per prompt), ~15 ms of a 110 ms hook on a small brain. Writing costs about the file's
 * size; re-applying costs about the tail. So the file is written once the tail reaches a sixteenth of what
 * it covers (a small brain: every few prompts, a few KB), and at the latest after `cap` records (a large
 * one: the write is then amortised over many processes).
 */
export const TAIL_SHARE = 16;

export function worthSaving(unsaved: number, covered: number, cap: number): boolean {
  if (unsaved <= 0) return false;
  return unsaved >= cap || unsaved * TAIL_SHARE >= covered;
}
