/**
 * The knowledge-update variant (issue 24, class 1): a fact the conversation states is restated in one or two
 * LATER sessions with a changed value, and the question asks for the current one.
 *
 * By rule and seed, per conversation: the single-hop and multi-hop questions with one evidence turn whose
 * gold answer (a phrase of 1–4 words, no digits) is in that turn and not in the question, and whose session
 * has a later one, in seeded order, up to UPDATES_PER_CONVERSATION of them. For each: the sentence of the
 * evidence turn holding the answer is said again by the same speaker in 1–2 seeded later sessions (distinct,
 * in date order), each time with the answer replaced by a new value — the answer of another conversation's
 * question that occurs nowhere in this one — behind a seeded lead-in ("Quick update: ", or none). The
 * question gets a seeded "now" cue and its gold answer is the LAST value; the earlier values (the original
 * one included) are kept for the order check. The original question is taken out (its answer is outdated).
 */

import { terms } from "../../src/recall/analyze.ts";
import {
  type Bit,
  type ClassBuilt,
  conversationText,
  FreshValues,
  insertBits,
  type Probe,
  pick,
  sample as pickSome,
  sessionsOf,
  shuffled,
  speakersOf,
} from "./needles.ts";
import { evidenceIds, type LocomoSample, turnBody } from "./variants.ts";
import { answerEligible, answerWords, evidencePhrases, words } from "./visible.ts";

export const UPDATES_PER_CONVERSATION = 12;

const LEAD_INS = [
  "",
  "Quick update: ",
  "Update on something I told you before: ",
  "Things have changed since I last mentioned it. ",
  "Oh, and by the way, ",
  "Small correction to what I said a while ago: ",
];
const CUES: ((q: string) => string)[] = [
  (q) => `${q} now?`,
  (q) => `${q} these days?`,
  (q) => `As of now, ${lower(q)}?`,
  (q) => `Most recently, ${lower(q)}?`,
  (q) => `${q} currently?`,
];

function lower(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** A question's gold answer when it can be restated: 1–4 words, letters only. */
function restatable(answer: unknown): string | null {
  if (typeof answer !== "string") return null;
  const a = answer.trim();
  const n = words(a).length;
  return n >= 1 && n <= 4 && !/\d/.test(a) && !/[,;/]/.test(a) ? a : null;
}

/** The answers of every other conversation's questions: the values restatements change to. */
export function updatePool(all: readonly LocomoSample[], except: string): string[] {
  const out = new Set<string>();
  for (const s of all) {
    if (s.sample_id === except) continue;
    for (const q of s.qa) {
      const a = (q.category === 1 || q.category === 4) && restatable(q.answer);
      if (a) out.add(a);
    }
  }
  return [...out].sort();
}

/** `text` with the first word-for-word occurrence of `answer` swapped for `value`; null if none. */
export function restate(text: string, answer: string, value: string): string | null {
  const pattern = words(answer).join("[^\\p{L}\\p{N}]+");
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, "iu");
  return re.test(text) ? text.replace(re, value).trim() : null;
}

/** A lead-in before a turn: after a full stop the turn keeps its capital. */
function led(lead: string, text: string): string {
  return !lead || lead.endsWith(". ") ? `${lead}${text}` : `${lead}${lower(text)}`;
}

/** Whether a turn shares a word (speakers' names aside) with the question. */
function sharesWord(question: string, text: string, names: readonly string[]): boolean {
  const skip = new Set(names.flatMap((n) => terms(n)));
  const doc = new Set(terms(text));
  return terms(question).some((t) => !skip.has(t) && doc.has(t));
}

/** A value as a turn says it: the value with the words around it there (visible.ts). */
function spoken(text: string, value: string): string[] {
  return evidencePhrases(text, words(value))[0] ?? words(value);
}

export function updateVariant(s: LocomoSample, r: () => number, pool: readonly string[]): ClassBuilt {
  const sessions = sessionsOf(s);
  const turnOf = new Map(sessions.flatMap((x) => x.turns.map((t) => [t.dia_id, { t, n: x.n }] as const)));
  const values = new FreshValues(r, pool, conversationText(s));
  const bits: Bit[] = [];
  const probes: Probe[] = [];
  const replaced = new Set<number>();
  const candidates = shuffled(
    r,
    s.qa.map((q, i) => ({ q, i })),
  ).filter(({ q }) => {
    if (q.category !== 1 && q.category !== 4) return false;
    const ev = evidenceIds(q.evidence);
    const a = restatable(q.answer);
    const at = ev.length === 1 ? turnOf.get(ev[0] as string) : undefined;
    if (!a || !at || !sessions.some((x) => x.n > at.n)) return false;
    return answerEligible(q.question, answerWords(a), [turnBody(at.t)]);
  });
  for (const { q, i } of candidates) {
    if (probes.length >= UPDATES_PER_CONVERSATION) break;
    const answer = restatable(q.answer) as string;
    const at = turnOf.get(evidenceIds(q.evidence)[0] as string)!;
    const core = turnBody(at.t);
    // The turn before it, asked again, when the answer turn alone does not say what it is about.
    const list = sessions.find((x) => x.n === at.n)?.turns ?? [];
    const prev = list[list.indexOf(at.t) - 1];
    const asked =
      prev && prev.speaker !== at.t.speaker && !sharesWord(q.question, core, speakersOf(s))
        ? [{ speaker: prev.speaker, text: turnBody(prev) }]
        : [];
    const later = sessions.filter((x) => x.n > at.n);
    const count = Math.min(later.length, 1 + Math.floor(r() * 2));
    const chosen = pickSome(r, later, count);
    const said: { n: number; value: string; text: string }[] = [];
    for (const x of chosen) {
      const value = values.take();
      const restated = value ? restate(core, answer, value) : null;
      if (!value || !restated) break;
      said.push({ n: x.n, value, text: led(pick(r, LEAD_INS), restated) });
    }
    if (said.length !== chosen.length || said.length === 0) continue;
    for (const x of said)
      bits.push({ session: x.n, turns: [...asked, { speaker: at.t.speaker, text: x.text }] });
    const latest = said[said.length - 1] as (typeof said)[number];
    const base = q.question.trim().replace(/\?+\s*$/, "");
    probes.push({
      question: pick(r, CUES)(base),
      category: "update",
      needs: [[words(latest.value)]],
      // The order check looks for each value as its own turn says it (a value alone may occur elsewhere).
      update: {
        latest: spoken(latest.text, latest.value),
        earlier: [spoken(core, answer), ...said.slice(0, -1).map((x) => spoken(x.text, x.value))],
      },
    });
    replaced.add(i);
  }
  const withNeedles = insertBits(s, bits, r);
  return { sample: { ...withNeedles, qa: s.qa.filter((_, i) => !replaced.has(i)) }, probes };
}
