/**
 * Realistic multi-session coding work for the per-prompt hook (issue 24), woven by rule and seed from the
 * labelled facts in test/recall/fixtures/coding-sessions.json: Claude Code transcripts (JSONL records as
 * Claude Code writes them) for two projects, one session a day, alternating, each session working through
 * one to three facts, with the chatter real sessions have — "yes" / "ok do it" / "continue", slash commands
 * (`<command-name>` records), a custom command's template, compaction summaries ("This session is being
 * continued…", `isCompactSummary`), hook output (attachment records), interrupts, tool calls and results —
 * and a credential said in passing. Pure: the same fixture and seed give the same sessions.
 */
import { prng } from "../../test/support/prng.ts";

export interface Fact {
  id: string;
  project: string;
  part: "tune" | "check" | "none";
  ask: string;
  said: string;
  question: string | null;
  answer: string | null;
}
export interface Fixture {
  projects: string[];
  facts: Fact[];
  named: { from: string; fact: string; part: "tune" | "check"; question: string }[];
  unrelated: { project: string; prompt: string }[];
  contentless: string[];
  chatter: { user: string[]; assistant: string[] };
  template: { command: string; text: string };
  secrets: { project: string; said: string; secret: string; question: string }[];
}

/** One JSONL record; a prompt record is where the UserPromptSubmit hook runs. */
export interface Step {
  record: Record<string, unknown>;
  /** The text a user typed (the hook's prompt), when this record is a prompt. */
  prompt?: string;
}
export interface Session {
  id: string;
  project: string;
  steps: Step[];
}

/** A prompt asked after every session, with what it needs. */
export interface Probe {
  kind: "fact" | "named" | "unrelated" | "contentless" | "secret";
  /** The project whose directory the prompt is typed in. */
  cwd: string;
  prompt: string;
  part: "tune" | "check";
  /** The answer phrase (fact, named); the secret that must not come back (secret). */
  answer?: string;
  /** The project the answer was said in. */
  from?: string;
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 2, 3, 9, 0);

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

function uuid(r: () => number): string {
  const h = () => Math.floor(r() * 16).toString(16);
  const s = (n: number) => Array.from({ length: n }, h).join("");
  return `${s(8)}-${s(4)}-4${s(3)}-8${s(3)}-${s(12)}`;
}

const TOOL_NOISE = [
  "> billing@1.4.0 test\n> node --test\n\n✔ 142 tests passed (3.2s)",
  "src/config.ts\nsrc/server.ts\nsrc/plugins/rate-limit.ts\nsrc/payments/charge.ts\ntest/charges.test.ts",
  "commit 9f2c1e7 Fix flaky date test\ncommit 41d8a02 Bump dependencies\ncommit 7be3310 Add usage export",
  "export function handler(req, reply) {\n  const { id } = req.params;\n  return reply.send(await load(id));\n}",
  "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect [as oncomplete]",
  "make: Nothing to be done for 'build'.\nwrote public/index.html (412 pages)",
  "photoblog/images.py:41: resize(img, width)\nphotoblog/build.py:88: for post in posts:",
];

/** The sessions, in the order they happened, and the probes asked after them. */
export function weave(
  fx: Fixture,
  seed: number,
  dirOf: (project: string) => string = (p) => `/home/sam/src/${p}`,
): { sessions: Session[]; probes: Probe[] } {
  const r = prng(seed);
  const perProject = new Map<string, Fact[][]>();
  for (const p of fx.projects) {
    const facts = fx.facts.filter((f) => f.project === p);
    const groups: Fact[][] = [];
    for (let i = 0; i < facts.length; ) {
      const n = Math.min(facts.length - i, 1 + Math.floor(r() * 3));
      groups.push(facts.slice(i, i + n));
      i += n;
    }
    perProject.set(p, groups);
  }
  const sessions: Session[] = [];
  let day = 0;
  for (let round = 0; ; round++) {
    let any = false;
    for (const p of fx.projects) {
      const group = perProject.get(p)?.[round];
      if (!group) continue;
      any = true;
      const secrets = fx.secrets.filter((s) => s.project === p && round === 1);
      sessions.push(session(r, fx, p, dirOf(p), group, secrets, START + day++ * DAY));
    }
    if (!any) break;
  }
  return { sessions, probes: probes(fx) };
}

function session(
  r: () => number,
  fx: Fixture,
  project: string,
  dir: string,
  facts: Fact[],
  secrets: Fixture["secrets"],
  start: number,
): Session {
  const id = uuid(r);
  let t = start;
  let parent: string | null = null;
  const steps: Step[] = [];
  const base = (type: string, extra: Record<string, unknown>) => {
    const uuidNow = uuid(r);
    t += 20_000 + Math.floor(r() * 60_000);
    const rec = {
      parentUuid: parent,
      isSidechain: false,
      userType: "external",
      cwd: dir,
      sessionId: id,
      version: "1.0.98",
      type,
      uuid: uuidNow,
      timestamp: new Date(t).toISOString(),
      ...extra,
    };
    parent = uuidNow;
    return rec;
  };
  const user = (content: unknown, extra: Record<string, unknown> = {}) =>
    base("user", { message: { role: "user", content }, ...extra });
  const prompt = (text: string) => steps.push({ record: user(text), prompt: text });
  const assistant = (text: string, tool?: { name: string; input: Record<string, unknown> }) => {
    const toolId = `toolu_${uuid(r).replace(/-/g, "").slice(0, 20)}`;
    const content: unknown[] = [{ type: "text", text }];
    if (tool) content.push({ type: "tool_use", id: toolId, name: tool.name, input: tool.input });
    steps.push({ record: base("assistant", { message: { role: "assistant", content } }) });
    if (tool)
      steps.push({
        record: user([{ type: "tool_result", tool_use_id: toolId, content: pick(r, TOOL_NOISE) }]),
      });
  };
  const meta = (content: string) => steps.push({ record: user(content, { isMeta: true }) });

  if (r() < 0.5)
    meta(
      "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>",
    );
  if (r() < 0.4) {
    steps.push({
      record: user(
        `<command-message>${fx.template.command} is running…</command-message>\n<command-name>/${fx.template.command}</command-name>`,
      ),
    });
    // Older Claude Code versions stored a custom command's expanded template as a plain user turn.
    steps.push({ record: user(fx.template.text) });
    assistant("No blocking issues in the staged changes; two small naming nits noted inline.");
  }
  for (const [i, f] of facts.entries()) {
    prompt(f.ask);
    assistant(pick(r, fx.chatter.assistant), { name: "Bash", input: { command: "git log --oneline -5" } });
    if (r() < 0.25) {
      steps.push({ record: user([{ type: "text", text: "[Request interrupted by user for tool use]" }]) });
      prompt(pick(r, ["continue", "go on, sorry", "continue please"]));
    }
    assistant("Let me read the code involved.", { name: "Read", input: { file_path: "src/index.ts" } });
    assistant(f.said, { name: "Edit", input: { file_path: "src/index.ts" } });
    prompt(pick(r, fx.chatter.user));
    assistant(pick(r, fx.chatter.assistant));
    if (i === 0 && facts.length > 1 && r() < 0.5) {
      // A compaction: the summary restates what happened so far.
      steps.push({
        record: base("system", { subtype: "compact_boundary", content: "Conversation compacted" }),
      });
      steps.push({
        record: user(
          `This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nAnalysis: the user asked: ${f.ask}\nSummary: ${f.said}\nPending tasks: none. Current work: continuing with the next request.`,
          { isCompactSummary: true, isVisibleInTranscriptOnly: true },
        ),
      });
    }
  }
  for (const s of secrets) {
    prompt(s.said);
    assistant("Thanks, noted. I won't put it in any file.");
  }
  prompt(pick(r, ["thanks, that's all for today", "great, thanks!", "ok thanks"]));
  assistant("You're welcome.");
  return { id, project, steps };
}

function probes(fx: Fixture): Probe[] {
  const out: Probe[] = [];
  for (const f of fx.facts)
    if (f.question && f.answer && f.part !== "none")
      out.push({
        kind: "fact",
        cwd: f.project,
        prompt: f.question,
        part: f.part,
        answer: f.answer,
        from: f.project,
      });
  for (const n of fx.named) {
    const f = fx.facts.find((x) => x.id === n.fact) as Fact;
    out.push({
      kind: "named",
      cwd: n.from,
      prompt: n.question,
      part: n.part,
      answer: f.answer as string,
      from: f.project,
    });
  }
  for (const [i, u] of fx.unrelated.entries())
    out.push({ kind: "unrelated", cwd: u.project, prompt: u.prompt, part: i % 2 ? "check" : "tune" });
  for (const [i, c] of fx.contentless.entries())
    out.push({
      kind: "contentless",
      cwd: fx.projects[i % fx.projects.length] as string,
      prompt: c,
      part: i % 2 ? "check" : "tune",
    });
  for (const s of fx.secrets)
    out.push({ kind: "secret", cwd: s.project, prompt: s.question, part: "check", answer: s.secret });
  return out;
}
