import type { PromptMessage } from "./prompt.ts";

/**
 * A delta too long for one extraction prompt, in pieces (issue 23: a session arriving in one Stop showed the
 * model only its newest ~3 000 tokens, 19 of 98 turns). Oldest first, each piece's messages within `tokens`
 * (≈ 4 characters a token, counted as the prompt writes them: "[role] text" and a line break); a message
 * longer than that alone is a piece of its own (the prompt shortens it). At most `maxPieces`: the newest are
 * kept, and `dropped` counts the older messages left out. Pure.
 */
export interface Split<M> {
  pieces: M[][];
  dropped: number;
}

export function splitMessages<M extends PromptMessage>(
  messages: readonly M[],
  tokens: number,
  maxPieces: number,
): Split<M> {
  const room = tokens * 4;
  const pieces: M[][] = [];
  let piece: M[] = [];
  let used = 0;
  for (const m of messages) {
    const size = m.role.length + 3 + m.text.trim().length + 1;
    if (piece.length > 0 && used + size > room) {
      pieces.push(piece);
      piece = [];
      used = 0;
    }
    piece.push(m);
    used += size;
  }
  if (piece.length > 0) pieces.push(piece);
  const keep = Math.max(1, maxPieces);
  const gone = pieces.slice(0, Math.max(0, pieces.length - keep));
  return { pieces: pieces.slice(-keep), dropped: gone.reduce((n, p) => n + p.length, 0) };
}
