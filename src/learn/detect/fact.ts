/**
 * The durable fact in a sentence (issue 23: "the candidate's text is the durable fact, not the whole turn"):
 * the sentence without its openers ("No,", "Actually", "Remember that", "Запомни:", "不对，") and trailing
 * courtesies ("please", "as I said"), on one line, its first letter capitalised. Empty when nothing of
 * substance is left. Model-free, so it keeps the user's words; a model may rephrase.
 */
import { clip, tokenize } from "../tokens.ts";
import { stripCues } from "./cues/index.ts";
import type { CueTable } from "./cues/types.ts";
import { LIMITS } from "./types.ts";

export function factText(sentence: string, tables: readonly CueTable[]): string {
  const cut = stripCues(sentence.replace(/\s+/gu, " "), tables);
  if (tokenize(cut).length < 2) return "";
  const first = cut.charAt(0);
  return clip(`${first.toLocaleUpperCase()}${cut.slice(1)}`, LIMITS.textChars);
}
