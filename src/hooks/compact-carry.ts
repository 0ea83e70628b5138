import type { BrainHome } from "../store/home.ts";
import { JsonDoc } from "../store/json-doc.ts";
import { hashId, lastAnswer, MAX_RESUMES, SESSION_RESUMES_DOC } from "../store/session-resumes.ts";

/**
 * Whether a compaction keeps Brain's context from this session's resume, so the `compact` SessionStart need not
 * send it again (issue 27). What Claude Code 2.1.197 does (a real run against a fake model, test/e2e/
 * claude-mind.e2e.ts): a compaction keeps the newest API round verbatim — everything after the last answer —
 * and summarises the rest. A resume's SessionStart context is appended after the last answer, so a /compact
 * before the model answers again keeps it (and Brain's recovered context came on top of it: twice); after
 * another answer it is summarised away (the recovered context is then the only one). The compact hook's input
 * does not say what is kept, and the resume's records are not yet in the transcript when it runs — so Brain
 * notes each resume it answered with the transcript's last answer then (`.brain/session-resumes.json`, hashes),
 * and at the compaction compares: the same last answer, the resume's context is in the kept round. Anything
 * unreadable: not kept (Brain answers in full — twice beats none).
 */

/** Note a resume Brain answered: the session and the transcript's last answer then. */
export function noteResume(home: BrainHome, session: string, transcript: string | undefined): void {
  const a = transcript ? lastAnswer(transcript) : undefined;
  if (a === undefined) return;
  try {
    home.ensureLocal();
    const doc = new JsonDoc(home, SESSION_RESUMES_DOC);
    const s = hashId(session);
    const resumes = doc.load().resumes.filter((r) => r.s !== s);
    resumes.push({ s, a: hashId(a) });
    doc.save({ resumes: resumes.slice(-MAX_RESUMES) }, false);
  } catch {
    // A note lost costs a duplicate context after a compaction, never the session's start.
  }
}

/**
 * Whether this session was resumed with the transcript's last answer what it is now (nothing answered since):
 * the compaction keeps the resume's context. The note is used once (a later compaction answers in full).
 */
export function resumeKeptByCompaction(
  home: BrainHome,
  session: string,
  transcript: string | undefined,
): boolean {
  try {
    const doc = new JsonDoc(home, SESSION_RESUMES_DOC);
    const s = hashId(session);
    const all = doc.load().resumes;
    const note = all.find((r) => r.s === s);
    if (!note) return false;
    doc.save({ resumes: all.filter((r) => r !== note) }, false);
    const a = transcript ? lastAnswer(transcript) : undefined;
    return a !== undefined && hashId(a) === note.a;
  } catch {
    return false;
  }
}
