/**
 * A small autonomous agent loop on Brain's library (seed 001's loop): decide → act → tick, and reflect every
 * N ticks. The agent's mind (goals, plan, self, affect, thoughts, what it explored) lives in
 * `<dir>/.brain/mind.jsonl`; every decision sees `brain.mind.decisionContext()`.
 *
 * The model is any OpenAI-compatible chat endpoint (OpenAI, Ollama's /v1, a local server):
 *
 *   MODEL_BASE_URL=https://api.openai.com/v1 MODEL=gpt-4o-mini OPENAI_API_KEY=… \
 *     npx tsx examples/mind-loop.ts --dir /tmp/agent --goal "Find what this repo's tests need" --ticks 6
 *
 * Its one tool reads a file or lists a directory (inside --root, the current directory by default); what it
 * found becomes an explored path, a failure the last error. In your own code import from the package
 * ("brain") instead of ../src/index.ts.
 */
import * as fs from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Brain, type DecisionContext, type ReflectInput, type TickInput } from "../src/index.ts";

interface Decision {
  thought: string;
  /** "read" a file, "list" a directory, "done" when the goal is reached. */
  action: "read" | "list" | "done";
  path?: string;
  /** The next steps, when the decision changes the plan. */
  plan?: string[];
}

const { values: o } = parseArgs({
  options: {
    dir: { type: "string" },
    root: { type: "string", default: process.cwd() },
    goal: { type: "string" },
    ticks: { type: "string", default: "6" },
    "reflect-every": { type: "string", default: "3" },
  },
});
const baseUrl = process.env.MODEL_BASE_URL ?? "";
if (!o.dir || !baseUrl) {
  process.stderr.write(
    "usage: MODEL_BASE_URL=… [MODEL=…] mind-loop --dir <brain dir> [--goal …] [--ticks n]\n",
  );
  process.exit(2);
}
const root = resolve(o.root);

/** One JSON answer from the model (response_format json_object). */
async function ask<T>(system: string, user: string): Promise<T> {
  const res = await fetch(`${baseUrl.replace(/\/$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(process.env.OPENAI_API_KEY ? { authorization: `Bearer ${process.env.OPENAI_API_KEY}` } : {}),
    },
    body: JSON.stringify({
      model: process.env.MODEL ?? "gpt-4o-mini",
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
    }),
  });
  if (!res.ok) throw new Error(`model: HTTP ${res.status}`);
  const body = (await res.json()) as { choices: { message: { content: string } }[] };
  return JSON.parse(body.choices[0]?.message.content ?? "{}") as T;
}

/** The tool: a file's first lines, or a directory's entries (never outside the root). */
function act(d: Decision): { summary: string; novel: boolean } {
  const path = resolve(root, d.path ?? ".");
  if (relative(root, path).startsWith("..")) throw new Error(`${d.path} is outside ${root}`);
  if (d.action === "list") {
    const names = fs.readdirSync(path).slice(0, 30);
    return { summary: `${names.length} entries: ${names.join(", ")}`, novel: names.length > 0 };
  }
  const text = fs.readFileSync(path, "utf8");
  return { summary: text.split("\n").slice(0, 3).join(" ").slice(0, 200), novel: true };
}

const DECIDE = `You are an autonomous agent. Reply with JSON {"thought", "action": "read"|"list"|"done", "path",
"plan"?: [steps]}. Read or list only paths under the root; say "done" when your primary goal is reached.`;
const REFLECT = `Reflect on your recent actions. Reply with JSON {"selfSummary", "facts": [..], "selfInstructions": [..]}.`;

const brain = Brain.open({ path: join(o.dir, "brain.jsonl"), cwd: o.dir });
const mind = brain.mind;
if (o.goal && !mind.goal.list(false).some((g) => g.text === o.goal)) mind.goal.add(o.goal);
const ticks = Number(o.ticks);
const every = Number(o["reflect-every"]);
for (let i = 1; i <= ticks; i++) {
  const ctx: DecisionContext & { text: string } = mind.decisionContext();
  const d = await ask<Decision>(DECIDE, `Root: ${root}\n\n${ctx.text}`);
  if (d.plan?.length) mind.replan(d.plan);
  if (d.action === "done") {
    if (ctx.primaryGoal) mind.goal.complete(ctx.primaryGoal.id);
    mind.tick({ action: { type: "done" }, outcome: "success", thought: d.thought });
    process.stdout.write(`tick ${i}: done — ${d.thought}\n`);
    break;
  }
  const tick: TickInput = { action: { type: d.action, what: d.path ?? "." }, thought: d.thought };
  try {
    const r = act(d);
    mind.explored(resolve(root, d.path ?? "."), r.summary);
    Object.assign(tick, { outcome: "success", novel: r.novel });
    (tick.action as { summary?: string }).summary = r.summary.slice(0, 120);
  } catch (e) {
    Object.assign(tick, { outcome: "failure", error: (e as Error).message });
  }
  const t = mind.tick(tick);
  process.stdout.write(`tick ${t.tick}: ${d.action} ${d.path ?? "."} → ${t.outcome}\n`);
  if (i % every === 0) {
    const r = await ask<ReflectInput>(REFLECT, mind.decisionContext().text);
    mind.reflect({
      ...(r.selfSummary ? { selfSummary: r.selfSummary } : {}),
      ...(Array.isArray(r.facts) ? { facts: r.facts } : {}),
      ...(Array.isArray(r.selfInstructions) ? { selfInstructions: r.selfInstructions } : {}),
    });
    process.stdout.write(`tick ${t.tick}: reflected\n`);
  }
}
brain.close();
