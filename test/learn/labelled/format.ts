/**
 * The labelled set of coding sessions (issue 23): written in a small line format (sessions-*.txt) and turned
 * here into the records Claude Code writes to a session transcript, with the labels beside them.
 *
 *   === <id> | tune|check|holdout | <cwd> [| lang]
 *                                          a session (its transcript; sessions run in file order)
 *   > text                                 what the user typed (a user record, string content)
 *   >+ text                                an extra text part (IDE note, hook text) of the NEXT typed record
 *   ? request|correction|preference[#k]: fact
 *                                          the durable fact the typed turn above carries (#k: the same fact
 *                                          stated in several turns — any of them may carry the candidate)
 *   < text                                 the assistant's text
 *   ! Tool: input                          an assistant tool call (Bash: command, Read/Edit/Write: path)
 *   = text                                 the tool's result (a user record with a tool_result part)
 *   /name args                             a slash command as Claude Code records it (command-message/-name/-args)
 *   | text   |! text                       the command's expanded template (a user record; |! marked isMeta)
 *   ~ text   ~~ text                       a compaction summary (~: isCompactSummary, after a compact_boundary;
 *                                          ~~: the same text without the flag, as older versions wrote it)
 *   # text   #! text                       hook or harness text in a user record (#!: isMeta)
 *   x text                                 an interrupt ("[Request interrupted by user]")
 *   two leading spaces                     continues the item above on a new line; `//` starts a comment.
 *
 * Every record not written with `>` is text the user never typed: a candidate drawn from one is a failure.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join } from "node:path";

export type Kind = "request" | "correction" | "preference";
/**
 * tune: what the detectors were tuned on; check: only checked (but the cue table's author wrote both);
 * holdout: written after the detectors were frozen, never tuned on.
 */
export type Split = "tune" | "check" | "holdout";

export interface Fact {
  /** session id + key: the same fact stated in several turns is one fact. */
  key: string;
  kind: Kind;
  text: string;
  /** The typed turns (record uuids) that state it. */
  turns: string[];
  /** The session of its first statement, and that session's split and language. */
  session: string;
  split: Split;
  lang: string;
}

export interface LabelledSession {
  id: string;
  split: Split;
  cwd: string;
  lang: string;
  /** The transcript's lines (JSON records), in order. */
  records: Record<string, unknown>[];
  /** uuids of user records the user typed, and of those the user never typed (templates, summaries, …). */
  typed: string[];
  untyped: string[];
  /** uuid → text of every user-role record, for checks on the candidates' text. */
  userText: Map<string, string>;
}

export interface LabelledSet {
  sessions: LabelledSession[];
  facts: Fact[];
}

const HERE = new URL(".", import.meta.url).pathname;
export const SESSION_FILES = [
  "sessions-en.txt",
  "sessions-ru.txt",
  "sessions-zh.txt",
  "sessions-round2.txt",
  "sessions-round3.txt",
];

interface Item {
  op: string;
  text: string;
  label?: { kind: Kind; key?: string; fact: string };
}

const OPS = ["=== ", ">+ ", "> ", "? ", "< ", "! ", "= ", "/", "|! ", "| ", "~~ ", "~ ", "#! ", "# ", "x "];

function items(lines: string[], file: string): { head: string; items: Item[] }[] {
  const out: { head: string; items: Item[] }[] = [];
  lines.forEach((raw, i) => {
    if (raw.trim() === "" || raw.startsWith("//")) return;
    if (raw.startsWith("  ")) {
      const last = out.at(-1)?.items.at(-1);
      if (!last) throw new Error(`${file}:${i + 1}: continuation without an item`);
      last.text += `\n${raw.slice(2)}`;
      return;
    }
    const op = OPS.find((o) => raw.startsWith(o));
    if (!op) throw new Error(`${file}:${i + 1}: unknown line: ${raw}`);
    const text = raw.slice(op.length);
    if (op === "=== ") {
      out.push({ head: text, items: [] });
      return;
    }
    const session = out.at(-1);
    if (!session) throw new Error(`${file}:${i + 1}: item before the first session`);
    if (op === "? ") {
      const m = /^(request|correction|preference)(?:#(\S+))?: (.+)$/.exec(text);
      const target = session.items.findLast((it) => it.op === ">");
      if (!m || !target) throw new Error(`${file}:${i + 1}: bad label: ${raw}`);
      const label = { kind: m[1] as Kind, fact: m[3] as string, ...(m[2] ? { key: m[2] } : {}) };
      // A turn with two facts carries two labels: keep them on copies of the one turn.
      if (target.label) session.items.push({ op: "?+", text: "", label });
      else target.label = label;
      return;
    }
    session.items.push({ op: op.trim(), text });
  });
  return out;
}

let clock = 0;

function build(file: string, lang: string, head: string, list: Item[], facts: Map<string, Fact>) {
  const [id, splitName, cwd, ownLang] = head.split("|").map((s) => s.trim()) as [
    string,
    string,
    string,
    string | undefined,
  ];
  if (splitName !== "tune" && splitName !== "check" && splitName !== "holdout")
    throw new Error(`${file}: ${id}: split must be tune, check or holdout`);
  const split: Split = splitName;
  const h = createHash("sha256").update(id).digest("hex");
  const session = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  const s: LabelledSession = {
    id,
    split,
    cwd,
    lang: ownLang ?? lang,
    records: [],
    typed: [],
    untyped: [],
    userText: new Map(),
  };
  let n = 0;
  let parent: string | null = null;
  let extra: string[] = [];
  let lastTool = "";
  let lastTyped = "";
  const push = (type: string, fields: Record<string, unknown>): string => {
    n++;
    clock++;
    const uuid = `${id}-u${n}`;
    s.records.push({
      parentUuid: parent,
      isSidechain: false,
      userType: "external",
      cwd,
      sessionId: session,
      version: "2.1.197",
      gitBranch: "main",
      type,
      ...fields,
      uuid,
      timestamp: new Date(Date.UTC(2026, 2, 2, 9, 0, 0) + clock * 60_000).toISOString(),
    });
    parent = uuid;
    return uuid;
  };
  const user = (content: unknown, more: Record<string, unknown> = {}, typed = false): string => {
    const uuid = push("user", { message: { role: "user", content }, ...more });
    (typed ? s.typed : s.untyped).push(uuid);
    const text = typeof content === "string" ? content : JSON.stringify(content);
    s.userText.set(uuid, text);
    return uuid;
  };
  for (const it of list) {
    switch (it.op) {
      case ">+":
        extra.push(it.text);
        break;
      case ">": {
        const content = extra.length
          ? [...extra.map((t) => ({ type: "text", text: t })), { type: "text", text: it.text }]
          : it.text;
        extra = [];
        lastTyped = user(content, {}, true);
        if (it.label) label(it.label, lastTyped);
        break;
      }
      case "?+":
        if (it.label) label(it.label, lastTyped);
        break;
      case "<":
        push("assistant", {
          message: {
            role: "assistant",
            model: "claude-sonnet-4-5",
            content: [{ type: "text", text: it.text }],
          },
        });
        break;
      case "!": {
        const m = /^(\w+): ([\s\S]+)$/.exec(it.text);
        if (!m) throw new Error(`${file}: ${id}: bad tool call: ${it.text}`);
        const [tool, arg] = [m[1] as string, m[2] as string];
        lastTool = `toolu_${id}_${n + 1}`;
        const input = tool === "Bash" ? { command: arg, description: "Run a command" } : { file_path: arg };
        push("assistant", {
          message: {
            role: "assistant",
            model: "claude-sonnet-4-5",
            content: [{ type: "tool_use", id: lastTool, name: tool, input }],
          },
        });
        break;
      }
      case "=":
        user([{ type: "tool_result", tool_use_id: lastTool, content: it.text, is_error: false }], {
          toolUseResult: { stdout: it.text, stderr: "", interrupted: false },
        });
        break;
      default:
        if (it.op.startsWith("/")) {
          const [name, ...args] = it.text.split(" ");
          user(
            `<command-message>${name} is running…</command-message>\n<command-name>/${name}</command-name>\n<command-args>${args.join(" ")}</command-args>`,
          );
        } else if (it.op === "|" || it.op === "|!") {
          user([{ type: "text", text: it.text }], it.op === "|!" ? { isMeta: true } : {});
        } else if (it.op === "~" || it.op === "~~") {
          if (it.op === "~") {
            push("system", {
              subtype: "compact_boundary",
              content: "Conversation compacted",
              level: "info",
              compactMetadata: { trigger: "auto", preTokens: 167_000 },
            });
          }
          user(it.text, it.op === "~" ? { isCompactSummary: true, isVisibleInTranscriptOnly: true } : {});
        } else if (it.op === "#" || it.op === "#!") {
          user(it.text, it.op === "#!" ? { isMeta: true } : {});
        } else if (it.op === "x") {
          user([{ type: "text", text: it.text }]);
        } else throw new Error(`${file}: ${id}: unknown op ${it.op}`);
    }
  }
  function label(l: NonNullable<Item["label"]>, uuid: string): void {
    // A key names one fact across sessions (a preference restated another day); else the turn is the fact.
    const key = l.key ? `#${l.key}` : `${id}#${uuid}`;
    const f = facts.get(key);
    if (f) {
      if (f.split !== split) throw new Error(`${file}: fact ${key} is stated in both splits`);
      f.turns.push(uuid);
      return;
    }
    facts.set(key, { key, kind: l.kind, text: l.fact, turns: [uuid], session: id, split, lang: s.lang });
  }
  return s;
}

/** The whole labelled set, in file order. */
export function loadLabelled(dir = HERE): LabelledSet {
  clock = 0;
  const facts = new Map<string, Fact>();
  const sessions: LabelledSession[] = [];
  for (const name of SESSION_FILES) {
    const lang = /sessions-(\w+)\.txt/.exec(name)?.[1] ?? "?";
    const file = join(dir, name);
    for (const s of items(fs.readFileSync(file, "utf8").split("\n"), name))
      sessions.push(build(name, lang, s.head, s.items, facts));
  }
  const ids = new Set<string>();
  for (const s of sessions) {
    if (ids.has(s.id)) throw new Error(`two sessions named ${s.id}`);
    ids.add(s.id);
  }
  return { sessions, facts: [...facts.values()] };
}

/** A session's transcript text (JSONL, one record a line). */
export function transcriptOf(s: LabelledSession, upTo = s.records.length): string {
  return s.records
    .slice(0, upTo)
    .map((r) => `${JSON.stringify(r)}\n`)
    .join("");
}
