/**
 * The tune/check split of LoCoMo's ten conversations for recall work (issue 24), fixed BEFORE any tuning on
 * the class variants and kept here so every bench uses the same one. Ranking and rendering are tuned on the
 * TUNE conversations only; the CHECK conversations are reported, never looked at while tuning. (Earlier
 * tuning — issue 12's preview sizes and boilerplate rule — used the same five; see the README.)
 */
export const TUNE = ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"] as const;
export const CHECK = ["conv-44", "conv-47", "conv-48", "conv-49", "conv-50"] as const;

export type Part = "tune" | "check";

/** Which part a conversation belongs to (a conversation not listed is a check conversation). */
export function partOf(sampleId: string): Part {
  return (TUNE as readonly string[]).includes(sampleId) ? "tune" : "check";
}
