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

const CHAT_ROLES = new Set(["user", "assistant"]);

function wholeDoc(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * OpenAI-style chat: `{"messages":[…], "id"?, "created"?}`, a bare array of messages, or JSONL with one
 * message a line. User and assistant messages become turns (system, developer and tool messages are
 * instructions and tool output, not conversation); `name`, when present, is the speaker.
 */
export function parseOpenAI(text: string, opts: ParseOptions, out: Parsed): void {
  const doc = wholeDoc(text);
  let messages: { line: number; value: unknown }[];
  let session = opts.session;
  let date = opts.fallbackDate;
  if (isObj(doc) && Array.isArray(doc.messages)) {
    messages = doc.messages.map((value, i) => ({ line: i + 1, value }));
    session = str(doc.session) || str(doc.id) || session;
    date = isoDate(doc.date) ?? isoDate(doc.created) ?? date;
  } else if (Array.isArray(doc)) {
    messages = doc.map((value, i) => ({ line: i + 1, value }));
  } else {
    messages = jsonLines(text, out.problems);
  }
  let n = 0;
  for (const { line, value: m } of messages) {
    if (!isObj(m)) {
      out.problems.push({ line, reason: "message is not an object" });
      continue;
    }
    const role = str(m.role);
    const body = textOf(m.content);
    if (!CHAT_ROLES.has(role) || !body) {
      out.skipped++;
      continue;
    }
    n++;
    out.turns.push({
      session,
      turn: `${session}:${n}`,
      speaker: str(m.name) || role,
      role,
      text: body,
      date: isoDate(m.date) ?? isoDate(m.created) ?? date,
    });
  }
}

/** Generic JSONL, one turn a line: {"session","date","speaker","text","turn"?} (`role` stands in for speaker). */
export function parseGeneric(text: string, opts: ParseOptions, out: Parsed): void {
  const doc = wholeDoc(text);
  const lines: { line: number; value: unknown }[] = Array.isArray(doc)
    ? doc.map((value, i) => ({ line: i + 1, value }))
    : jsonLines(text, out.problems);
  const counts = new Map<string, number>();
  for (const { line, value: v } of lines) {
    if (!isObj(v)) {
      out.problems.push({ line, reason: "not a JSON object" });
      continue;
    }
    const body = typeof v.text === "string" ? v.text.trim() : "";
    const speaker = str(v.speaker) || str(v.role);
    if (!body || !speaker) {
      if (!body) out.skipped++;
      else out.problems.push({ line, reason: "missing speaker" });
      continue;
    }
    const session = str(v.session) || opts.session;
    const n = (counts.get(session) ?? 0) + 1;
    counts.set(session, n);
    const date = isoDate(v.date);
    if (v.date !== undefined && !date)
      out.problems.push({ line, reason: `date does not parse: ${str(v.date)}` });
    out.turns.push({
      session,
      turn: str(v.turn) || `${session}:${n}`,
      speaker,
      ...(typeof v.role === "string" ? { role: v.role } : {}),
      text: body,
      date: date ?? opts.fallbackDate,
    });
  }
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** LoCoMo's session time, e.g. "1:56 pm on 8 May, 2023" → "2023-05-08T13:56:00.000Z"; null if it differs. */
export function locomoDate(s: unknown): string | null {
  if (typeof s !== "string") return null;
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(s);
  if (!m) return isoDate(s);
  const month = MONTHS.indexOf((m[5] as string).toLowerCase());
  if (month < 0) return null;
  let hour = Number(m[1]) % 12;
  if ((m[3] as string).toLowerCase() === "pm") hour += 12;
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

/**
 * LoCoMo (one sample or a list): `conversation.session_N` is a list of {speaker, dia_id, text, blip_caption?}
 * and `session_N_date_time` its time. Sessions are namespaced by `sample_id`; the dia_id is the turn id.
 * A shared image is kept as its caption, `[image: …]`, the way the benchmark's own baselines show it.
 */
export function parseLocomo(text: string, opts: ParseOptions, out: Parsed): void {
  const doc = wholeDoc(text);
  const samples = Array.isArray(doc) ? doc : [doc];
  samples.forEach((sample, i) => {
    const conv = isObj(sample) ? sample.conversation : undefined;
    if (!isObj(conv)) {
      out.problems.push({ line: i + 1, reason: "sample has no conversation" });
      return;
    }
    const sampleId =
      str((sample as Json).sample_id) || (samples.length > 1 ? `${opts.session}#${i + 1}` : opts.session);
    const keys = Object.keys(conv)
      .filter((k) => /^session_\d+$/.test(k))
      .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
    for (const key of keys) {
      const date = locomoDate(conv[`${key}_date_time`]);
      if (!date) out.problems.push({ line: i + 1, reason: `${sampleId} ${key}: no session date` });
      const turns = conv[key];
      if (!Array.isArray(turns)) continue;
      turns.forEach((t, j) => {
        if (!isObj(t)) return;
        const caption =
          typeof t.blip_caption === "string" && t.blip_caption ? ` [image: ${t.blip_caption}]` : "";
        const body = `${str(t.text).trim()}${caption}`.trim();
        if (!body || !str(t.speaker)) {
          out.skipped++;
          return;
        }
        out.turns.push({
          session: `${sampleId}:${key}`,
          turn: str(t.dia_id) || `${key}:${j + 1}`,
          speaker: str(t.speaker),
          text: body,
          date: date ?? opts.fallbackDate,
        });
      });
    }
  });
}
