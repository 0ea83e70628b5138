import { createHash } from "node:crypto";
import type { DocSpec } from "./json-doc.ts";

/**
 * Which sessions a SessionStart resumed, and the transcript's last answer at that moment
 * (`.brain/session-resumes.json`): a compaction of that session before another answer keeps the resume's
 * context (src/hooks/compact-carry.ts). Hashes only — nothing a purge names — and the newest few.
 */
export interface SessionResume {
  /** sha256 of the session id (first 32 hex digits). */
  s: string;
  /** sha256 of the last assistant record's uuid in the transcript when it resumed ("" hashed: none). */
  a: string;
}
export interface SessionResumes {
  resumes: SessionResume[];
}

/** How many resumed sessions are remembered (the newest). */
export const MAX_RESUMES = 50;

export const hashId = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);

const isHash = (v: unknown) => typeof v === "string" && /^[0-9a-f]{32}$/.test(v);

export const SESSION_RESUMES_DOC: DocSpec<SessionResumes> = {
  file: "sessionResumes",
  check: (v) => {
    const list = (v as Partial<SessionResumes> | null)?.resumes;
    return Array.isArray(list) && list.every((r) => isHash(r?.s) && isHash(r?.a))
      ? { resumes: list.map((r) => ({ s: r.s, a: r.a })) }
      : { problem: 'not {"resumes": [{"s": <hash>, "a": <hash>}]}' };
  },
  empty: () => ({ resumes: [] }),
  purged: (doc) => doc,
};
