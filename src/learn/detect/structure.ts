/**
 * Structural cues of model-free learning (seed 003's "structural heuristics", issue 23): what the shape of an
 * exchange says whatever its language — a question is not a rule, pasted output is not the user speaking,
 * and a short statement that names a term of the assistant's last step and brings a new specific one (a
 * version, a path, a command, a port) redirects it. No word lists here: those are the cue table's
 * (cues/); these hold for every script.
 */
import { tokenize } from "../tokens.ts";
import { isKeyword } from "./keywords.ts";

/** A question: ends with a question mark of any script, or a Chinese question particle. */
export function isQuestion(sentence: string): boolean {
  return /[?？؟⸮]\s*["'»”)]*\s*$|^\s*¿|[吗呢嘛][。.!！]?\s*$/u.test(sentence);
}

/** Lines a person did not write: compiler and test output, stack frames, shell prompts, log records. */
const MACHINE_LINE =
  /^\s*(?:\S+\.\w+:\d+(?::\d+)?\b|at \S+ \(|Traceback \(|File "|\$ |> |\[\w+\]|error\b|warning\b|\w+Error:|E\s{2,}|\d{4}-\d{2}-\d{2}[T ]\d)|^\s{4,}\S/iu;

/**
 * The part of a typed message that is the user's prose: fenced code blocks are cut out, and once pasted
 * output starts (a line that reads as machine output), the rest is the paste and what the user says about it.
 */
export function proseOf(text: string): string {
  const noFences = text.replace(/```[\s\S]*?(?:```|$)/gu, "\n");
  const out: string[] = [];
  for (const line of noFences.split("\n")) {
    if (MACHINE_LINE.test(line)) break;
    out.push(line);
  }
  return out.join("\n").trim();
}

const HAS_DIGIT = /\p{N}/u;
const LATIN = /^[a-z0-9]/iu;
const NON_LATIN_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Code-like spans of a text: `backticked`, paths, dotted or dashed names, camelCase, flags. */
function codeSpans(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`]+)`/gu)) out.push(m[1] as string);
  for (const m of text.matchAll(/(?:^|\s)(\S*[./:_@=]\S*|-{1,2}[\w-]+|[a-z]+[A-Z]\w*)/gu))
    out.push(m[1] as string);
  return out;
}

/**
 * Specific terms of a text: tokens with a digit, tokens of code-like spans, and Latin tokens inside a
 * sentence of another script (a tool named in Russian or Chinese). What a redirect brings.
 */
export function specificTerms(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text)) if (HAS_DIGIT.test(t)) out.add(t);
  for (const span of codeSpans(text)) for (const t of tokenize(span)) out.add(t);
  if (NON_LATIN_SCRIPT.test(text)) for (const t of tokenize(text)) if (LATIN.test(t)) out.add(t);
  for (const m of text.matchAll(/\b[A-Z]{2,}[A-Z0-9]*\b/gu)) out.add((m[0] as string).toLowerCase());
  return out;
}

/** Terms of the assistant's step: its keywords, specific terms, and every word of its tool calls. */
export function stepTerms(text: string, tools: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of tokenize(text)) if (isKeyword(t)) out.add(t);
  for (const t of specificTerms(text)) out.add(t);
  for (const line of tools) for (const t of tokenize(line)) if (t.length >= 2) out.add(t);
  return out;
}

export interface Reference {
  /** Terms of the assistant's previous step the sentence names. */
  back: string[];
  /** Specific terms the sentence brings that the step did not have. */
  fresh: string[];
  /** Every specific term of the sentence. */
  specific: string[];
}

/** How a sentence relates to the assistant's previous step. */
export function reference(sentence: string, prev: ReadonlySet<string>): Reference {
  const words = new Set(tokenize(sentence));
  const back = [...words].filter((w) => prev.has(w) && (isKeyword(w) || HAS_DIGIT.test(w) || w.length >= 3));
  const specific = [...specificTerms(sentence)];
  const fresh = specific.filter((t) => !prev.has(t));
  return { back, fresh, specific };
}
