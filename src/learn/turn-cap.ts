/**
 * The learner's caps on what it reads and stores (issue 21: one 200 MB transcript line became a 210 MB episode
 * that made a prompt hook take 120 s). Settings `learner.maxLineBytes` and `learner.maxTurnChars`.
 */

import { DEFAULT_SETTINGS } from "../config.ts";

/** A transcript line longer than this (bytes) is passed over without being loaded (src/learn/byte-range.ts). */
export const DEFAULT_MAX_LINE_BYTES = DEFAULT_SETTINGS.learner.maxLineBytes;
/** A turn's text longer than this (characters) is stored cut, with a marker saying so. */
export const DEFAULT_MAX_TURN_CHARS = DEFAULT_SETTINGS.learner.maxTurnChars;

/** `text` within `max` characters (a surrogate pair is not split), then a marker giving the whole length. */
export function capTurnText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let kept = Math.max(0, max);
  const last = text.charCodeAt(kept - 1);
  if (kept > 0 && last >= 0xd800 && last <= 0xdbff) kept--;
  return {
    text: `${text.slice(0, kept)}\n… [cut by the learner: ${text.length} characters, the first ${kept} kept]`,
    cut: true,
  };
}
