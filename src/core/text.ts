/**
 * Text normalisation for dedup. Rho lower-cases and collapses everything outside [a-z0-9] to a space,
 * which erases "café" to "caf" and CJK text to nothing. Ours keeps every letter, number and combining mark
 * of any script (after NFKC, so composed and decomposed accents compare equal).
 */
const NON_WORD = /[^\p{L}\p{N}\p{M}]+/gu;

export function normalizeText(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(NON_WORD, " ").trim();
}

/** The text an entry is deduplicated on: `text`, else `description` (as Rho does). */
export function dedupText(e: Record<string, unknown>): string {
  const raw = typeof e.text === "string" ? e.text : typeof e.description === "string" ? e.description : "";
  return normalizeText(raw);
}

/** Rho's token estimate: ~4 characters a token. */
export function approxTokens(s: string): number {
  return Math.ceil(s.length / 4);
}
