import { defaultBrain } from "../core/defaults.ts";
import { crypto } from "../store/crypto.ts";

/**
 * The DEEP layer's training data (seed 003: curated memories → an adapter, trained elsewhere): what the
 * brain holds as durable — its learnings, preferences, behaviours, what it knows of the user and itself, and
 * the proposals the user accepted — as chat examples in the format the OpenAI fine-tuning API and
 * `mlx_lm.lora` both read: one JSON object per line, `{"messages":[system, user, assistant]}`. Every example
 * says in its user turn what it is about and answers with the memory's own text, so a tuned model answers
 * from what the user taught it. Deduplicated by the assistant's answer (normalised); the caller redacts
 * texts and drops an example that held a secret (src/deep/export.ts). Brain never trains: it writes files.
 */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface Example {
  messages: ChatMessage[];
}

export type ExampleSource =
  | "learning"
  | "preference"
  | "behavior"
  | "user"
  | "identity"
  | "accepted-proposal";

export interface SourcedExample {
  source: ExampleSource;
  /** The memory's id (an entry id, a proposal id): the manifest can name what went in. */
  ref: string;
  at: string;
  example: Example;
}

/** A live brain entry as the export sees it (the folded entry's fields). */
export type EntryLike = Record<string, unknown> & { id: string; type: string; created?: string };

/** An accepted or applied proposal (src/improve/proposals.ts), as the export sees it. */
export interface ProposalLike {
  id: string;
  at: string;
  status: string;
  target: string;
  title: string;
  text: string;
  why: string;
  decided?: string;
}

export const SYSTEM_PROMPT =
  "You are a coding assistant working with one user. Answer from what this user taught you in earlier sessions.";

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");

function chat(user: string, assistant: string): Example {
  return {
    messages: [
      { role: "system", content: SYSTEM_PROMPT },
      { role: "user", content: user },
      { role: "assistant", content: assistant },
    ],
  };
}

/** The behaviours every brain starts with (src/core/defaults.ts): Brain's, not taught by the user. */
const SHIPPED = new Set(
  defaultBrain(new Date(0)).map((e) => `${e.id}\u0000${String((e as { text?: unknown }).text ?? "")}`),
);
const shipped = (e: EntryLike) => SHIPPED.has(`${e.id}\u0000${String(e.text ?? "")}`);

/**
 * One entry as an example, or null: a type that is not durable knowledge, an empty text, or a shipped
 * default left as it was shipped.
 */
export function entryExample(e: EntryLike): SourcedExample | null {
  if (shipped(e)) return null;
  const at = str(e.created);
  const of = (source: ExampleSource, user: string, answer: string): SourcedExample | null =>
    answer ? { source, ref: e.id, at, example: chat(user, answer) } : null;
  switch (e.type) {
    case "learning": {
      const where = str(e.projectPath) ? ` in ${str(e.projectPath)}` : "";
      return of("learning", `What have you learned from working with me${where}?`, str(e.text));
    }
    case "preference": {
      const cat = str(e.category) || "General";
      return of("preference", `What is my preference (${cat})?`, str(e.text));
    }
    case "behavior": {
      const how =
        e.category === "dont"
          ? "What should you not do?"
          : e.category === "value"
            ? "What do you value?"
            : "What should you do?";
      return of("behavior", how, str(e.text));
    }
    case "user":
      return str(e.key) ? of("user", `What is my ${str(e.key)}?`, str(e.value)) : null;
    case "identity":
      return str(e.key) ? of("identity", `What is your ${str(e.key)}?`, str(e.value)) : null;
    default:
      return null;
  }
}

/** An accepted (or applied) proposal as an example: the rule, asked about by why it was made. */
export function proposalExample(p: ProposalLike): SourcedExample | null {
  if (p.status !== "accepted" && p.status !== "applied") return null;
  const answer = p.text.trim();
  if (!answer) return null;
  return {
    source: "accepted-proposal",
    ref: p.id,
    at: p.decided ?? p.at,
    example: chat(`What rule did we agree on after this: ${p.why.trim()}?`, answer),
  };
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** Keep the first example of each answer (normalised); the count of those dropped. */
export function dedupExamples(xs: readonly SourcedExample[]): { kept: SourcedExample[]; duplicates: number } {
  const seen = new Set<string>();
  const kept: SourcedExample[] = [];
  for (const x of xs) {
    const key = norm(x.example.messages.at(-1)?.content ?? "");
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(x);
  }
  return { kept, duplicates: xs.length - kept.length };
}

/**
 * A seeded split (90/10 by default): each example goes by the hash of the seed and its answer, so the same
 * data and seed give the same split on every machine and run, and adding an example moves no other. With
 * two examples or more, validation holds at least one and training at least one.
 */
export function splitExamples<T extends SourcedExample>(
  xs: readonly T[],
  seed: string,
  validShare = 0.1,
): { train: T[]; valid: T[] } {
  const bucket = (x: T) =>
    Number.parseInt(
      crypto()
        .createHash("sha256")
        .update(`${seed}\u0000${x.example.messages.at(-1)?.content ?? ""}`)
        .digest("hex")
        .slice(0, 8),
      16,
    ) / 0xffffffff;
  const train: T[] = [];
  const valid: T[] = [];
  for (const x of xs) (bucket(x) < validShare ? valid : train).push(x);
  if (xs.length >= 2 && valid.length === 0) valid.push(train.pop() as T);
  if (xs.length >= 2 && train.length === 0) train.push(valid.pop() as T);
  return { train, valid };
}

/** Why a line is not a chat example both trainers accept, or null (the documented format, checked). */
export function checkExample(v: unknown): string | null {
  if (typeof v !== "object" || v === null || !Array.isArray((v as Example).messages)) return "no messages";
  const ms = (v as Example).messages;
  if (ms.length < 2) return "fewer than two messages";
  for (const m of ms) {
    if (!["system", "user", "assistant"].includes(m?.role)) return `unknown role ${JSON.stringify(m?.role)}`;
    if (typeof m.content !== "string" || m.content.trim() === "") return "a message without content";
  }
  if (ms.at(-1)?.role !== "assistant") return "the last message is not the assistant's";
  if (!ms.some((m) => m.role === "user")) return "no user message";
  return null;
}
