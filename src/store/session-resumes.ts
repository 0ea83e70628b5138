import * as fs from "node:fs";
import { crypto } from "./crypto.ts";
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

export const hashId = (s: string) => crypto().createHash("sha256").update(s).digest("hex").slice(0, 32);

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

/** How much of the transcript's end is read for its last answer. */
const TAIL_BYTES = 256 * 1024;

/** The uuid of a Claude Code transcript's last assistant record ("" for none), or undefined when it cannot be read. */
export function lastAnswer(transcript: string): string | undefined {
  let fd: number | undefined;
  let text: string;
  try {
    fd = fs.openSync(transcript, "r");
    const size = fs.fstatSync(fd).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buf = Buffer.alloc(size - start);
    fs.readSync(fd, buf, 0, buf.length, start);
    text = buf.toString("utf8");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]?.trim();
    if (!line?.includes('"assistant"')) continue;
    try {
      const rec = JSON.parse(line) as { type?: unknown; uuid?: unknown };
      if (rec.type === "assistant" && typeof rec.uuid === "string") return rec.uuid;
    } catch {
      // a partial first line, or not JSON: passed over
    }
  }
  return "";
}
