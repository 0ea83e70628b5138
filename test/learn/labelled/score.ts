/**
 * Scoring the learner's candidates against the labelled set (format.ts). A candidate is right when one of the
 * turns it names states a labelled fact and its text says that fact (it covers at least half of the fact's
 * words and is not much longer: the fact, not the whole turn); a second candidate for a fact already found
 * counts against precision. A candidate that names a turn the user never typed, or whose text comes from
 * one, is counted apart: it must never happen.
 */
import { normalizeText } from "../../../src/core/text.ts";
import { tokenize } from "../../../src/learn/tokens.ts";
import type { Fact, Kind, LabelledSession } from "./format.ts";

export interface Proposed {
  text: string;
  /** Turn ids (transcript uuids) the candidate names as its evidence. */
  evidence: string[];
}

export interface Figures {
  facts: number;
  recalled: number;
  candidates: number;
  correct: number;
  /** On a labelled turn, but the text is not the fact (the whole turn, a fragment, another fact). */
  wrongText: number;
  /** A further candidate for a fact already found. */
  duplicates: number;
  /** Drawn from text the user never typed (a template, a summary, hook output, an interrupt). */
  untyped: number;
  byKind: Record<Kind, { facts: number; recalled: number }>;
  byLang: Record<string, { facts: number; recalled: number; candidates: number; correct: number }>;
  /** Facts not found and candidates that were wrong, for reading. */
  missed: string[];
  wrong: string[];
}

const words = (s: string) => new Set(tokenize(s));

/** Whether a candidate's text says the fact: half of the fact's words, at most 2.5 times as many words + 3. */
export function saysFact(candidate: string, fact: string): boolean {
  const e = words(fact);
  const c = words(candidate);
  if (e.size === 0 || c.size === 0) return false;
  let shared = 0;
  for (const w of e) if (c.has(w)) shared++;
  return shared / e.size >= 0.5 && c.size <= 2.5 * e.size + 3;
}

export function precision(f: Pick<Figures, "correct" | "candidates">): number {
  return f.candidates === 0 ? 1 : f.correct / f.candidates;
}

export function recall(f: Pick<Figures, "recalled" | "facts">): number {
  return f.facts === 0 ? 1 : f.recalled / f.facts;
}

/** Recall of explicit requests and corrections (the goal is on these). */
export function requestRecall(f: Figures): number {
  const facts = f.byKind.request.facts + f.byKind.correction.facts;
  const got = f.byKind.request.recalled + f.byKind.correction.recalled;
  return facts === 0 ? 1 : got / facts;
}

export function score(sessions: LabelledSession[], facts: Fact[], proposed: Proposed[]): Figures {
  const ids = new Set(sessions.map((s) => s.id));
  const mine = facts.filter((f) => ids.has(f.session));
  const untypedIds = new Set(sessions.flatMap((s) => s.untyped));
  const untypedTexts = sessions.flatMap((s) => s.untyped.map((u) => normalizeText(s.userText.get(u) ?? "")));
  const langOf = new Map<string, string>();
  for (const s of sessions) for (const u of [...s.typed, ...s.untyped]) langOf.set(u, s.lang);
  const f: Figures = {
    facts: mine.length,
    recalled: 0,
    candidates: proposed.length,
    correct: 0,
    wrongText: 0,
    duplicates: 0,
    untyped: 0,
    byKind: {
      request: { facts: 0, recalled: 0 },
      correction: { facts: 0, recalled: 0 },
      preference: { facts: 0, recalled: 0 },
    },
    byLang: {},
    missed: [],
    wrong: [],
  };
  const lang = (l: string) => {
    f.byLang[l] ??= { facts: 0, recalled: 0, candidates: 0, correct: 0 };
    return f.byLang[l];
  };
  for (const fact of mine) {
    f.byKind[fact.kind].facts++;
    lang(fact.lang).facts++;
  }
  const found = new Set<string>();
  for (const p of proposed) {
    const l = lang(langOf.get(p.evidence[0] ?? "") ?? "?");
    l.candidates++;
    const text = normalizeText(p.text);
    const fromUntyped =
      p.evidence.some((e) => untypedIds.has(e)) ||
      (text.length >= 12 && untypedTexts.some((u) => u.includes(text)));
    if (fromUntyped) {
      f.untyped++;
      f.wrong.push(`UNTYPED ${p.text}`);
      continue;
    }
    const onTurn = mine.filter((fact) => fact.turns.some((t) => p.evidence.includes(t)));
    const hit = onTurn.find((fact) => saysFact(p.text, fact.text));
    if (!hit) {
      if (onTurn.length) f.wrongText++;
      f.wrong.push(`${onTurn.length ? "TEXT " : ""}${p.text}`);
      continue;
    }
    if (found.has(hit.key)) {
      f.duplicates++;
      f.wrong.push(`DUP ${p.text}`);
      continue;
    }
    found.add(hit.key);
    f.correct++;
    l.correct++;
  }
  for (const fact of mine) {
    if (found.has(fact.key)) {
      f.recalled++;
      f.byKind[fact.kind].recalled++;
      lang(fact.lang).recalled++;
    } else f.missed.push(`${fact.kind} ${fact.text}`);
  }
  return f;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** One line of figures: precision, recall (all facts; requests and corrections), untyped. */
export function line(f: Figures): string {
  return `candidates ${f.candidates}, precision ${pct(precision(f))}, recall ${pct(recall(f))} (requests+corrections ${pct(requestRecall(f))}, preferences ${f.byKind.preference.recalled}/${f.byKind.preference.facts}), wrong text ${f.wrongText}, duplicates ${f.duplicates}, from untyped text ${f.untyped}`;
}
