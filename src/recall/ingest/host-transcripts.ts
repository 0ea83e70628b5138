import {
  isObj,
  isoDate,
  type Json,
  jsonLines,
  type Parsed,
  type ParseOptions,
  str,
  textOf,
} from "./transcript.ts";

/**
 * The session files of the other agent hosts, read as the real programs wrote them (docs/hosts.md has the
 * versions): only what the user and the model said becomes a turn; what the host itself put in the
 * conversation (its instructions, the environment, context a hook added — Brain's own included) does not.
 */

/** Text a host adds to the conversation for the model, not said by the user: never a turn. */
const HARNESS =
  /^\s*(<environment_context>|<user_instructions>|<skills_instructions>|<session_context>|<INSTRUCTIONS>|# AGENTS\.md instructions|<system_reminder>|<current_datetime>)/;

/** A hook's context inside a user message (Gemini CLI wraps it so). */
const HOOK_CONTEXT = /<hook_context>[\s\S]*?<\/hook_context>\s*/g;

function turn(out: Parsed, session: string, id: string, role: string, text: string, date: string): void {
  const t = text.replace(HOOK_CONTEXT, "").trim();
  if (!t || HARNESS.test(t)) {
    out.skipped++;
    return;
  }
  out.turns.push({ session, turn: id, speaker: role, role, text: t, date });
}

/**
 * Codex (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`, 0.171): `{timestamp, type, payload}` lines;
 * `session_meta` names the session, `response_item` lines with `payload.type: "message"` hold the
 * conversation (`role` user / assistant / developer; content parts `input_text` / `output_text`).
 * Developer messages (instructions, hook context) and the environment block are the harness.
 */
export function parseCodex(text: string, opts: ParseOptions, out: Parsed): void {
  let session = opts.session;
  for (const { line, value: v } of jsonLines(text, out.problems, opts.lineOffset)) {
    const p = isObj(v.payload) ? v.payload : undefined;
    if (v.type === "session_meta" && p) {
      session = str(p.id) || str(p.session_id) || session;
      continue;
    }
    if (
      v.type !== "response_item" ||
      p?.type !== "message" ||
      (p.role !== "user" && p.role !== "assistant")
    ) {
      out.skipped++;
      continue;
    }
    const date = isoDate(v.timestamp) ?? opts.fallbackDate;
    turn(out, session, str(p.id) || `${session}:${line}`, String(p.role), textOf(p.content), date);
  }
}

function geminiMessage(out: Parsed, session: string, m: Json, line: number, fallback: string): void {
  const role = m.type === "user" ? "user" : m.type === "gemini" ? "assistant" : undefined;
  if (!role) {
    out.skipped++;
    return;
  }
  // Gemini's parts are `{text}` without a type.
  const parts = Array.isArray(m.content) ? m.content : [];
  const body =
    typeof m.content === "string"
      ? m.content
      : parts.map((p) => (isObj(p) && typeof p.text === "string" ? p.text : "")).join("\n");
  turn(out, session, str(m.id) || `${session}:${line}`, role, body, isoDate(m.timestamp) ?? fallback);
}

/**
 * Gemini CLI (`~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`, 0.61): a header
 * `{sessionId, projectHash, startTime, kind}`, then message records `{id, timestamp, type: "user" | "gemini"
 * | "info" …, content}` (content a string or `[{text}]`) and `{"$set": {messages: [...]}}` updates that
 * restate messages (ids keep a restated turn one episode).
 */
export function parseGemini(text: string, opts: ParseOptions, out: Parsed): void {
  let session = opts.session;
  for (const { line, value: v } of jsonLines(text, out.problems, opts.lineOffset)) {
    if (typeof v.sessionId === "string" && "projectHash" in v) {
      session = v.sessionId || session;
      continue;
    }
    const set = isObj(v.$set) ? v.$set : undefined;
    if (set) {
      if (Array.isArray(set.messages))
        for (const m of set.messages) if (isObj(m)) geminiMessage(out, session, m, line, opts.fallbackDate);
      continue;
    }
    geminiMessage(out, session, v, line, opts.fallbackDate);
  }
}

/**
 * Copilot CLI (`~/.copilot/session-state/<id>/events.jsonl`, 1.0.102): `{type, data, id, timestamp}` events;
 * `session.start` names the session, `user.message` holds what the user typed (`content`; the
 * `transformedContent` the model got carries the host's and the hooks' additions) and `assistant.message`
 * the answer (`content`; tool requests alone are not conversation).
 */
export function parseCopilot(text: string, opts: ParseOptions, out: Parsed): void {
  let session = opts.session;
  for (const { line, value: v } of jsonLines(text, out.problems, opts.lineOffset)) {
    const d = isObj(v.data) ? v.data : undefined;
    if (v.type === "session.start" && d) {
      session = str(d.sessionId) || session;
      continue;
    }
    const role =
      v.type === "user.message" ? "user" : v.type === "assistant.message" ? "assistant" : undefined;
    if (!role || !d) {
      out.skipped++;
      continue;
    }
    const date = isoDate(v.timestamp) ?? opts.fallbackDate;
    turn(out, session, str(v.id) || `${session}:${line}`, role, textOf(d.content), date);
  }
}

/** Which of these a JSONL record belongs to (null: none of them). */
export function hostFormatOf(v: Json): "codex" | "gemini" | "copilot" | null {
  if ((v.type === "session_meta" || v.type === "response_item") && isObj(v.payload)) return "codex";
  if (typeof v.sessionId === "string" && "projectHash" in v && "startTime" in v) return "gemini";
  if (
    typeof v.type === "string" &&
    /^(session\.start|user\.message|assistant\.message)$/.test(v.type) &&
    isObj(v.data)
  )
    return "copilot";
  return null;
}
