import type { FeedbackRecord } from "../core/feedback.ts";
import { feedbackLog } from "../store/feedback-log.ts";
import type { BrainHome } from "../store/home.ts";
import { clip } from "./tokens.ts";

/**
 * What the learner adds to the feedback ledger (`.brain/feedback.jsonl`, src/store/feedback-log.ts): the
 * user's corrections — what the INSTANT correction detector found, and turns that begin with an explicit
 * "no, …" — its model's failures (provider errors) and the answers it had to repair (self-heal events).
 * Texts capped and redacted (secretlint's preset, src/guards/write-guard.ts) before they are written.
 */
const TEXT_CHARS = 300;

/** A turn that opens by saying the agent got it wrong ("no, use pnpm", "that's wrong", "nein, …"). */
const EXPLICIT =
  /^\s*(?:no+|nope|nah|wrong|incorrect|not (?:that|this|quite|like that)|that'?s (?:wrong|not (?:it|right|what i))|don'?t do that|stop|nein|non|нет)(?:[\s,.!:;—–-]|$)/i;

export function isExplicitCorrection(text: string): boolean {
  return EXPLICIT.test(text);
}

export interface FeedbackWhere {
  session?: string | undefined;
  project?: string | undefined;
}

const where = (w: FeedbackWhere) => ({
  ...(w.session ? { session: w.session } : {}),
  ...(w.project ? { project: w.project } : {}),
});

/** The corrections of a pass: the user's words of each, the exchange it was in, when. */
export function correctionRecords(
  found: { text: string; at: string; source: "detector" | "explicit"; ref?: string }[],
  w: FeedbackWhere,
): FeedbackRecord[] {
  return found.map((c) => ({
    at: c.at,
    kind: "correction",
    ...where(w),
    text: clip(c.text, TEXT_CHARS),
    source: c.source,
    ...(c.ref ? { ref: c.ref } : {}),
  }));
}

export function providerErrorRecord(
  at: string,
  provider: string,
  message: string,
  w: FeedbackWhere,
): FeedbackRecord {
  return { at, kind: "provider-error", ...where(w), text: clip(message, TEXT_CHARS), source: provider };
}

export function selfHealRecord(at: string, what: string, source: string, w: FeedbackWhere): FeedbackRecord {
  return { at, kind: "self-heal", ...where(w), text: clip(what, TEXT_CHARS), source };
}

/** Append records to the ledger, their texts redacted first. Never throws: the ledger is not the learner's job. */
export async function recordFeedback(home: BrainHome, records: FeedbackRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  try {
    const { redactAll } = await import("../guards/write-guard.ts");
    const r = await redactAll(records.map((x) => x.text ?? ""));
    const out = records.map((x, i) => (x.text === undefined ? x : { ...x, text: r.texts[i] as string }));
    feedbackLog(home).append(out);
    return out.length;
  } catch {
    return 0;
  }
}
