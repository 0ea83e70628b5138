/**
 * What counts as "in the context" for bench:recall — decided on the rendered text only, never on ids.
 *
 * Text is compared as word sequences: lower-cased, every run of characters that are not letters or digits
 * turned into one space ("Caroline's pottery…" → "caroline s pottery"). A phrase is present in a text when its
 * words appear there contiguously as whole words.
 *
 * - Answer in context: the question's gold answer (a string or number; adversarial questions have none) is
 *   present in the rendered context.
 * - Evidence turn visible: let `core` be the evidence turn's own words (the original LoCoMo turn with its
 *   image caption, whatever long message a variant embeds it in). When the gold answer is present in `core`,
 *   the turn is visible if, for one occurrence, the answer with up to WINDOW words of `core` on each side
 *   (fewer at the turn's edges) is present in the context — the answer as this turn says it, not the same
 *   words from elsewhere. Otherwise, when some sentences of `core` share words with the answer (stop words
 *   aside; "The sunday before 25 May 2023" → sunday, 25, may, 2023), the answer-bearing part is the sentence
 *   sharing the most distinct ones, and the turn is visible if one such sentence is present whole. Otherwise
 *   (no answer, as for adversarial questions, or no word in common) the whole of `core` must be present.
 *   A preview of another part of the turn (or of the message around it) does not count.
 */
export const WINDOW = 3;

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A text prepared for repeated phrase look-ups. */
export interface Haystack {
  padded: string;
}

export function haystack(text: string): Haystack {
  return { padded: ` ${words(text).join(" ")} ` };
}

export function hasPhrase(h: Haystack, phrase: readonly string[]): boolean {
  return phrase.length > 0 && h.padded.includes(` ${phrase.join(" ")} `);
}

/** Start indexes of `needle` in `hay` (word arrays). */
export function occurrences(hay: readonly string[], needle: readonly string[]): number[] {
  const out: number[] = [];
  if (needle.length === 0) return out;
  for (let i = 0; i + needle.length <= hay.length; i++) {
    let ok = true;
    for (let j = 0; j < needle.length && ok; j++) ok = hay[i + j] === needle[j];
    if (ok) out.push(i);
  }
  return out;
}

/** The gold answer of a LoCoMo question as words, or [] when it has none. */
export function answerWords(answer: unknown): string[] {
  return typeof answer === "string" || typeof answer === "number" ? words(String(answer)) : [];
}

/**
 * The phrases any one of which makes an evidence turn visible (see the file comment): the answer with its
 * surrounding words for each occurrence, or the whole turn.
 */
export function evidencePhrases(core: string, answer: readonly string[]): string[][] {
  const c = words(core);
  const at = occurrences(c, answer);
  if (at.length > 0)
    return at.map((i) => c.slice(Math.max(0, i - WINDOW), Math.min(c.length, i + answer.length + WINDOW)));
  const key = new Set(answer.filter((w) => !STOP.has(w)));
  const sentences = core.split(/(?<=[.!?])\s+|\n+/).map(words);
  const shared = sentences.map((s) => new Set(s.filter((w) => key.has(w))).size);
  const best = Math.max(0, ...shared);
  return best > 0 ? sentences.filter((_, i) => shared[i] === best) : [c];
}

/** Words too common to place an answer in a turn. */
const STOP = new Set(
  (
    "a an the and or but of to in on at by for with from as is are was were be been it its this that these " +
    "those he she they we you i his her their our your my me him them us not no yes do did does so very " +
    "about into over after before than then there here what which who when where why how s t"
  ).split(" "),
);

/** Answer-in-context applies to a question whose answer is in one of its evidence turns and not in itself. */
export function answerEligible(
  question: string,
  answer: readonly string[],
  cores: readonly string[],
): boolean {
  if (answer.length === 0) return false;
  if (hasPhrase(haystack(question), answer)) return false;
  return cores.some((c) => occurrences(words(c), answer).length > 0);
}
