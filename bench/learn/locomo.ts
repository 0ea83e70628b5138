/**
 * The model-free learning path on LoCoMo (issue 11 "Measure"): each conversation is fed session by session
 * the way the Stop hook feeds a session — the session written as a Claude Code transcript (speaker A as the
 * user, B as the assistant, each record's uuid its LoCoMo dia_id), queued (src/learn/queue.ts `enqueue`, as
 * the hook does) and learned by the learner's own run (`runLearner`, what the detached `brain learn --quiet`
 * runs; in process here so 270 sessions do not pay 270 process starts). Then:
 *  (a) the share of LoCoMo `observation` annotations whose evidence turn produced a candidate (an exchange —
 *      the user turn and the answer to it — named in a candidate's evidence), and candidates per session,
 *      beside "every turn", "nothing" and "as many turns at random" in the same run;
 *  (b) the share of questions whose evidence turn reaches what the prompt hook adds for the question
 *      (`promptMemories`, the UserPromptSubmit path, 2 000 characters), decided on the text only.
 */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_SETTINGS } from "../../src/config.ts";
import { Brain } from "../../src/engine/brain.ts";
import { readInbox } from "../../src/learn/inbox.ts";
import { enqueue } from "../../src/learn/queue.ts";
import { runLearner } from "../../src/learn/worker.ts";
import { TOP_K } from "../../src/recall/index.ts";
import { BrainHome } from "../../src/store/home.ts";
import { answerWords, evidencePhrases, hasPhrase, haystack } from "../recall/visible.ts";

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
interface Conversation {
  sample_id: string;
  conversation: Record<string, unknown>;
  observation: Record<string, Record<string, [string, string | string[]][]>>;
  qa: { question: string; answer?: unknown; evidence: string[]; category: number }[];
}

export interface ConversationRun {
  sample: string;
  sessions: number;
  turns: string[];
  /** Exchange id (its user turn) → the turns it spans. */
  exchanges: Map<string, string[]>;
  /** Inbox candidates: their evidence exchanges and the curator's score. */
  candidates: { evidence: string[]; score: number; reason: string }[];
  observations: string[];
  /** Questions with evidence (adversarial ones aside): whether the evidence reached the prompt hook's output. */
  questions: { visible: boolean; deep: boolean }[];
}

export function loadLocomo(file: string): Conversation[] {
  return JSON.parse(fs.readFileSync(file, "utf8")) as Conversation[];
}

function sessionsOf(c: Conversation): { n: number; date: string; turns: Turn[] }[] {
  const out: { n: number; date: string; turns: Turn[] }[] = [];
  for (let n = 1; Array.isArray(c.conversation[`session_${n}`]); n++) {
    const raw = String(c.conversation[`session_${n}_date_time`] ?? "");
    const ms = Date.parse(raw.replace(/^(\d+:\d+ [ap]m) on /i, ""));
    out.push({
      n,
      date: new Date(Number.isNaN(ms) ? Date.UTC(2023, 0, n) : ms).toISOString(),
      turns: c.conversation[`session_${n}`] as Turn[],
    });
  }
  return out;
}

const textOf = (t: Turn) => (t.blip_caption ? `${t.text} [shares ${t.blip_caption}]` : t.text);

/** Feed one conversation through the hook path and the learner; `threshold` is the curator's. */
export async function feedConversation(
  c: Conversation,
  threshold: number,
  opts: { questions?: boolean } = {},
): Promise<ConversationRun> {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-bench-learn-"));
  try {
    const brainPath = join(dir, "brain", "brain.jsonl");
    const cwd = join(dir, "project");
    fs.mkdirSync(join(cwd, ".git"), { recursive: true });
    const speakerA = String(c.conversation.speaker_a);
    const settings = { ...DEFAULT_SETTINGS, curatorThreshold: threshold };
    const open = async () => Brain.open({ path: brainPath, settings, cwd, fsync: false });
    const run: ConversationRun = {
      sample: c.sample_id,
      sessions: 0,
      turns: [],
      exchanges: new Map(),
      candidates: [],
      observations: [],
      questions: [],
    };
    for (const s of sessionsOf(c)) {
      run.sessions++;
      const transcript = join(dir, `session-${s.n}.jsonl`);
      const sessionId = `${c.sample_id}-s${s.n}`;
      let exchange: string | undefined;
      let lastRole = "";
      const lines = s.turns.map((t) => {
        const role = t.speaker === speakerA ? "user" : "assistant";
        if (role === "user" && lastRole !== "user") exchange = t.dia_id;
        if (exchange) run.exchanges.set(exchange, [...(run.exchanges.get(exchange) ?? []), t.dia_id]);
        lastRole = role;
        run.turns.push(t.dia_id);
        const content = role === "user" ? textOf(t) : [{ type: "text", text: textOf(t) }];
        return JSON.stringify({
          type: role,
          sessionId,
          uuid: t.dia_id,
          timestamp: s.date,
          cwd,
          message: { role, content },
        });
      });
      fs.writeFileSync(transcript, `${lines.join("\n")}\n`);
      enqueue(BrainHome.ofLog(brainPath), [
        {
          host: "claude",
          event: "stop",
          at: s.date,
          session_id: sessionId,
          transcript_path: transcript,
          cwd,
        },
      ]);
      await runLearner({
        home: BrainHome.ofLog(brainPath),
        now: () => new Date(s.date),
        openBrain: open,
        durable: false,
        learn: { extractor: async () => undefined, autoAccept: false, curatorThreshold: threshold },
      });
    }
    run.candidates = readInbox(BrainHome.ofLog(brainPath)).items.map((i) => ({
      evidence: i.evidence,
      score: i.score,
      reason: i.reason,
    }));
    for (const per of Object.values(c.observation))
      for (const facts of Object.values(per))
        for (const [, ev] of facts) for (const id of Array.isArray(ev) ? ev : [ev]) run.observations.push(id);
    if (opts.questions) {
      const b = await open();
      const byId = new Map<string, Turn>();
      for (const s of sessionsOf(c)) for (const t of s.turns) byId.set(t.dia_id, t);
      for (const q of c.qa) {
        if (q.category === 5 || q.evidence.length === 0) continue;
        const ans = answerWords(q.answer);
        const reaches = (depth?: number) => {
          const h = haystack(
            b.promptMemories(q.question, { maxChars: 2000, ...(depth ? { depth } : {}) }).text,
          );
          return q.evidence.some((id) => {
            const t = byId.get(id.trim());
            return t ? evidencePhrases(textOf(t), ans).some((p) => hasPhrase(h, p)) : false;
          });
        };
        run.questions.push({ visible: reaches(), deep: reaches(TOP_K) });
      }
      b.close();
    }
    return run;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Observations whose evidence turn lies in an exchange named by one of `picked`'s evidence. */
export function coverage(run: ConversationRun, picked: { evidence: string[] }[]): number {
  const covered = new Set<string>();
  for (const c of picked)
    for (const e of c.evidence) for (const t of run.exchanges.get(e) ?? [e]) covered.add(t);
  const hit = run.observations.filter((o) => covered.has(o)).length;
  return run.observations.length === 0 ? 0 : hit / run.observations.length;
}

/** Share of candidates whose exchanges hold an observation's evidence turn (precision of the candidates). */
export function precision(run: ConversationRun, picked: { evidence: string[] }[]): number {
  if (picked.length === 0) return 0;
  const obs = new Set(run.observations);
  const good = picked.filter((c) =>
    c.evidence.some((e) => (run.exchanges.get(e) ?? [e]).some((t) => obs.has(t))),
  );
  return good.length / picked.length;
}

/** A seeded choice of `k` exchanges (the "as many at random" baseline). */
export function randomExchanges(run: ConversationRun, k: number, seed: number): { evidence: string[] }[] {
  const ids = [...run.exchanges.keys()];
  let x = seed >>> 0 || 1;
  const r = () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  }
  return ids.slice(0, k).map((id) => ({ evidence: [id] }));
}
