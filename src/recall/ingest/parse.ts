/** A transcript to turns: detect its format (transcript.ts lists them), then the format's own parser. */
import { parseClaude, parsePi } from "./agents.ts";
import { parseGeneric, parseLocomo, parseOpenAI } from "./chat.ts";
import { hostFormatOf, parseCodex, parseCopilot, parseGemini } from "./host-transcripts.ts";
import {
  isObj,
  jsonLines,
  type Parsed,
  type ParseOptions,
  type ParseProblem,
  type TranscriptFormat,
} from "./transcript.ts";

export {
  FORMATS,
  type Json,
  type Line,
  type Parsed,
  type ParseOptions,
  type ParseProblem,
  type TranscriptFormat,
} from "./transcript.ts";

function wholeJson(text: string): unknown {
  const t = text.trimStart();
  if (!t.startsWith("[") && !t.startsWith("{")) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/** Guess the format from the document's shape (whole-file JSON first, then the first JSONL records). */
export function detectFormat(text: string): TranscriptFormat | null {
  const doc = wholeJson(text);
  if (doc !== undefined) {
    const first = Array.isArray(doc) ? doc[0] : doc;
    if (isObj(first) && isObj(first.conversation)) return "locomo";
    if (isObj(doc) && Array.isArray(doc.messages)) return "openai";
    if (Array.isArray(doc) && isObj(first) && "role" in first) return "openai";
    if (Array.isArray(doc) && isObj(first) && "speaker" in first) return "generic";
    if (isObj(doc) && !Array.isArray(doc)) {
      // A one-line JSONL file is also a whole JSON document: fall through to the line rules.
    } else return null;
  }
  const sample = jsonLines(text.split("\n").slice(0, 200).join("\n"), []);
  for (const { value: v } of sample) {
    const host = hostFormatOf(v);
    if (host) return host;
    if (v.type === "session" && typeof v.id === "string" && ("cwd" in v || "version" in v)) return "pi";
    if (v.type === "message" && isObj(v.message) && "role" in v.message) return "pi";
    if (
      (v.type === "user" || v.type === "assistant") &&
      isObj(v.message) &&
      ("sessionId" in v || "uuid" in v)
    )
      return "claude";
  }
  for (const { value: v } of sample) {
    if ("speaker" in v && "text" in v) return "generic";
    if ("role" in v && "content" in v) return "openai";
  }
  return null;
}

export function parseTranscript(text: string, opts: ParseOptions): Parsed | null {
  const format = opts.format ?? detectFormat(text);
  if (!format) return null;
  const problems: ParseProblem[] = [];
  const out: Parsed = { format, turns: [], problems, skipped: 0 };
  const parsers = {
    claude: parseClaude,
    pi: parsePi,
    openai: parseOpenAI,
    locomo: parseLocomo,
    generic: parseGeneric,
    codex: parseCodex,
    gemini: parseGemini,
    copilot: parseCopilot,
    // A database, not text: src/recall/ingest/opencode-db.ts reads it (readTranscript sends it there).
    opencode: () => {},
  } as const;
  parsers[format](text, opts, out);
  return out;
}
