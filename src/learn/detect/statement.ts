/**
 * What one typed user message says that is worth remembering (issue 23): its sentences, each read for
 * structure (a question, pasted output, a redirect of the assistant's last step) and, with the cue table,
 * for the content cues that make a proposal — an explicit request to remember, a standing rule (always,
 * never), a correction that states how things are, a preference. Task talk ("no, the other file", "for
 * now", "never mind") proposes nothing. Pure.
 */
import { sentences } from "../tokens.ts";
import { CUE_TABLES, type CueKind, cuesOf } from "./cues/index.ts";
import { factText } from "./fact.ts";
import { isQuestion, proseOf, type Reference, reference } from "./structure.ts";

export type StatementKind = "request" | "rule" | "correction" | "preference" | "redirect";

export interface Statement {
  /** The sentence(s) as typed, and the durable fact cut from them. */
  sentence: string;
  fact: string;
  kind: StatementKind;
  /** Seed 003's weights: explicit requests 0.85, rules and preferences 0.75, corrections 0.7, redirects 0.55. */
  confidence: number;
  signals: string[];
}

export interface ReadOptions {
  /** Use the per-language cue table (else structure only). */
  cueTable: boolean;
}

const WEIGHT: Record<StatementKind, number> = {
  request: 0.85,
  rule: 0.75,
  preference: 0.75,
  correction: 0.7,
  redirect: 0.55,
};

/** Sentences too long to be one fact are someone's explanation, not a rule. */
const MAX_SENTENCE = 300;

function kindOf(c: Set<CueKind>, ref: Reference): StatementKind | undefined {
  const has = (k: CueKind) => c.has(k);
  const redirect = ref.back.length > 0 && ref.fresh.length > 0;
  if (has("request")) return "request";
  if (has("preference")) return "preference";
  if (has("deictic")) return undefined;
  if (has("rule")) return "rule";
  if (
    has("opener") &&
    (has("contrast") || has("weakRule") || has("convention") || has("prohibition") || redirect)
  )
    return "correction";
  if (has("prohibition") && (has("contrast") || has("convention") || ref.back.length > 0))
    return "correction";
  if (has("contrast") && ref.back.length > 0) return "correction";
  if (
    has("reproach") &&
    (has("convention") || has("contrast") || has("weakRule") || has("negation") || redirect)
  )
    return "correction";
  if (has("convention") && (has("contrast") || has("weakRule") || has("prohibition") || has("negation")))
    return "rule";
  if (has("universal") && (has("weakRule") || has("convention") || has("negation"))) return "rule";
  // How things are done here, naming something specific (a tool, a path, a version): a convention.
  if (has("convention") && ref.specific.length > 0) return "rule";
  return undefined;
}

/** The statements of a typed message; `prev` holds the terms of the assistant's step before it. */
export function readStatements(text: string, prev: ReadonlySet<string>, o: ReadOptions): Statement[] {
  const out: Statement[] = [];
  const tables = o.cueTable ? CUE_TABLES : [];
  let last: { sentence: string; cues: Set<CueKind> } | undefined;
  for (const sentence of sentences(proseOf(text))) {
    if (sentence.length > MAX_SENTENCE || isQuestion(sentence)) {
      last = undefined;
      continue;
    }
    const cues = cuesOf(sentence, tables);
    // "Remember that for next time.": the request is for the sentence before it.
    if (cues.has("pointer") && last) {
      const prior = out.at(-1);
      if (prior && prior.sentence === last.sentence) {
        prior.kind = "request";
        prior.confidence = WEIGHT.request;
        prior.signals.push("pointer");
      } else if (!last.cues.has("dismissal") && !last.cues.has("oneOff")) {
        const fact = factText(last.sentence, tables);
        if (fact)
          out.push({
            sentence: last.sentence,
            fact,
            kind: "request",
            confidence: WEIGHT.request,
            signals: ["pointer"],
          });
      }
      last = undefined;
      continue;
    }
    last = { sentence, cues };
    if (cues.has("dismissal") || cues.has("oneOff") || cues.has("narrative") || cues.has("pointer")) continue;
    const ref = reference(sentence, prev);
    let kind: StatementKind | undefined = o.cueTable
      ? kindOf(cues, ref)
      : ref.back.length && ref.fresh.length
        ? "redirect"
        : undefined;
    // After a rule or a correction, a sentence on how things are done here goes on with it.
    const before = out.at(-1);
    if (!kind && o.cueTable && before && cues.has("convention")) kind = before.kind;
    if (!kind) continue;
    const fact = factText(sentence, tables);
    if (!fact) continue;
    const signals: string[] = [...cues].sort();
    if (ref.back.length && ref.fresh.length) signals.push("refers-back");
    out.push({ sentence, fact, kind, confidence: WEIGHT[kind], signals });
  }
  return out;
}
