/**
 * The duplicate key of seed 003 (SELECTION, "Duplicate detection: djb2 hash of first 200 chars"): djb2
 * over the UTF-16 units of the first 200 code points of the normalised text, as an unsigned 32-bit number.
 * Normalising first makes case, punctuation and spacing differences count as duplicates too.
 */
import { normalizeText } from "../../core/text.ts";

export function djb2(s: string): number {
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0;
  return h >>> 0;
}

export function duplicateKey(text: string, chars = 200): number | undefined {
  const norm = normalizeText(text);
  if (norm === "") return undefined;
  return djb2(Array.from(norm).slice(0, chars).join(""));
}
