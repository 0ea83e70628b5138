/**
 * Repeated mistakes (issue 28, "Measure"): does the fix reach the model when a failure comes back?
 *
 *   npm run build && node --import tsx bench/mistakes.ts [--part check|tune|all] [--seed 7] [--json]
 *     [--arms ledger,prompt] [--out outcomes.json]
 *
 * The set (bench/mistakes/families.json, written by hand before any tuning; split by family into tune and
 * check) is woven into Claude Code sessions (bench/mistakes/weave.ts) and replayed through the installed bin
 * (`dist/cli/brain.cjs hook <event>`) in a fresh temp HOME and brain: SessionStart, UserPromptSubmit for every
 * prompt, PostToolUse / PostToolUseFailure for every tool call, Stop and SessionEnd (the learner reads the
 * transcript: the user's "no, …" turns become ledger corrections), then `brain improve --json` — one
 * improvement cycle, as the resident server runs it between sessions (proposals go to review; nothing is
 * applied, improve.autoApply being off). Arms, in the same run:
 *   ledger   — the hooks as shipped: the failure hint at PostToolUseFailure, the prompt hook at the next prompt;
 *   prompt   — baseline (a): today's prompt hook alone (improve.failureHints off, no cycle: no ledger read);
 *   bm25     — baseline (b): plain BM25 (bench/mistakes/bm25.ts) over the earlier sessions' turns, queried with
 *              the failing command and its error, in the hint's 800 characters, at the failure moment.
 * For each recurrence: the fix is "in front of the model" when the text names every word of the family's fix.
 * Wrong hints: a hint on a distractor (a failure with nothing known), or a hint on a recurrence not naming its
 * fix.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { FAILURE_HINT_HEADER } from "../src/improve/failure-lookup.ts";
import { PlainBm25 } from "./mistakes/bm25.ts";
import { type Arm, type Outcome, report, type Totals } from "./mistakes/report.ts";
import { type Family, names, type Part, weave } from "./mistakes/weave.ts";

const run = promisify(execFile);
const ROOT = dirname(fileURLToPath(import.meta.url)).replace(/\/bench$/, "");
const BIN = join(ROOT, "dist", "cli", "brain.cjs");
const SET = join(ROOT, "bench", "mistakes", "families.json");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Env {
  env: NodeJS.ProcessEnv;
  home: string;
  brainDir: string;
}

async function cli(e: Env, args: string[], cwd: string, now: string, stdin?: string) {
  const child = run(process.execPath, [BIN, ...args], {
    env: { ...e.env, BRAIN_NOW: now },
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (stdin !== undefined) {
    child.child.stdin?.write(stdin);
    child.child.stdin?.end();
  }
  return (await child).stdout;
}

async function hook(e: Env, event: string, input: Record<string, unknown>, cwd: string, now: string) {
  const t0 = process.hrtime.bigint();
  const out = await cli(e, ["hook", event], cwd, now, JSON.stringify(input));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (!out.trim()) return { text: "", ms };
  const j = JSON.parse(out) as { hookSpecificOutput?: { additionalContext?: string } };
  return { text: j.hookSpecificOutput?.additionalContext ?? "", ms };
}

/** Wait until the learner has read every transcript to its end (polls its cursors; never against a clock). */
async function settled(e: Env, transcripts: string[]): Promise<void> {
  const cursors = join(e.brainDir, ".brain", "learn-cursors.json");
  for (let i = 0; i < 6000; i++) {
    try {
      const c = JSON.parse(fs.readFileSync(cursors, "utf8")) as {
        sessions: Record<string, { offset: number }>;
      };
      const lock = fs.existsSync(join(e.brainDir, ".brain", "learn.lock"));
      if (!lock && transcripts.every((t) => c.sessions[t]?.offset === fs.statSync(t).size)) return;
    } catch {
      /* not written yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the learner did not finish");
}

function sandbox(name: string, projects: string[], config?: unknown): Env & { dirOf: (p: string) => string } {
  const dir = fs.mkdtempSync(join(tmpdir(), `brain-mistakes-${name}-`));
  const home = join(dir, "home");
  fs.mkdirSync(home);
  if (config) {
    fs.mkdirSync(join(home, ".rho"), { recursive: true });
    fs.writeFileSync(join(home, ".rho", "config.json"), JSON.stringify(config));
  }
  const dirOf = (p: string) => join(dir, "src", p);
  for (const p of projects) fs.mkdirSync(join(dirOf(p), ".git"), { recursive: true });
  const brainPath = join(dir, "brain", "brain.jsonl");
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    BRAIN_PATH: brainPath,
    BRAIN_FSYNC: "0",
    BRAIN_SERVE_AUTOSTART: "0",
    TZ: "UTC",
  };
  return { env, home, brainDir: dirname(brainPath), dirOf };
}

const lineCount = (file: string) =>
  fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;

/** One arm's replay: every session through the hooks; outcomes of recurrences and distractors. */
async function replay(arm: "ledger" | "prompt", families: Family[], seed: number, totals: Totals) {
  const projects = [...new Set(families.map((f) => f.project))];
  const e = sandbox(arm, projects, arm === "prompt" ? { improve: { failureHints: false } } : undefined);
  const sessions = weave(families, seed, e.dirOf);
  const outcomes: Outcome[] = [];
  const bm25 = new PlainBm25();
  const transcripts: string[] = [];
  // The ledger's lines at the end of the previous session (the learner and the cycle both append to it).
  let ledgerBefore = 0;
  for (const [i, s] of sessions.entries()) {
    const file = join(e.home, ".claude", "projects", s.cwd.replace(/\//g, "-"), `${s.id}.jsonl`);
    fs.mkdirSync(dirname(file), { recursive: true });
    transcripts.push(file);
    const append = (r: unknown) => fs.appendFileSync(file, `${JSON.stringify(r)}\n`);
    const common = { session_id: s.id, transcript_path: file, cwd: s.cwd, permission_mode: "default" };
    const first = s.steps[0]?.at ?? new Date(s.start).toISOString();
    await hook(
      e,
      "session-start",
      { ...common, hook_event_name: "SessionStart", source: "startup" },
      s.cwd,
      first,
    );
    const pending: Outcome[] = [];
    for (const step of s.steps) {
      if (step.kind === "prompt") {
        const h = await hook(
          e,
          "user-prompt-submit",
          { ...common, hook_event_name: "UserPromptSubmit", prompt: step.text },
          s.cwd,
          step.at,
        );
        // The prompt after a recurrence: what the prompt hook put in front of the model.
        for (const o of pending.splice(0)) o.atPrompt = o.fix ? names(h.text, o.fix) : false;
        append(step.record);
        if (h.text)
          append({
            type: "attachment",
            sessionId: s.id,
            attachment: { type: "hook_additional_context", hookName: "UserPromptSubmit", content: [h.text] },
          });
        continue;
      }
      if (step.kind === "text") {
        append(step.record);
        continue;
      }
      append(step.call);
      const event = step.failed ? "PostToolUseFailure" : "PostToolUse";
      const payload = {
        ...common,
        hook_event_name: event,
        tool_name: step.tool,
        tool_input: step.input,
        tool_use_id: step.id,
        ...(step.failed
          ? { error: `Exit code 1\n${step.output}`, is_interrupt: false }
          : { tool_response: { stdout: step.output, stderr: "", interrupted: false }, duration_ms: 900 }),
      };
      const h = await hook(
        e,
        step.failed ? "post-tool-use-failure" : "post-tool-use",
        payload,
        s.cwd,
        step.at,
      );
      (step.failed ? totals.failureHookMs : totals.okHookMs)[arm].push(h.ms);
      append(step.result);
      if (h.text)
        append({
          type: "attachment",
          sessionId: s.id,
          attachment: { type: "hook_additional_context", hookName: event, content: [h.text] },
        });
      if (step.failed && (step.role === "recur" || step.role === "distractor")) {
        const hinted = h.text.startsWith(FAILURE_HINT_HEADER);
        const o: Outcome = {
          arm,
          family: s.family.id,
          class: s.family.class,
          part: s.family.part,
          role: step.role,
          ...(step.fix ? { fix: step.fix } : {}),
          hinted,
          atFailure: hinted && step.fix ? names(h.text, step.fix) : false,
          atPrompt: null,
          hint: h.text,
        };
        outcomes.push(o);
        pending.push(o);
        if (arm === "ledger") {
          // Baseline (b), at the same moment, over the turns of the sessions before this one.
          const q = `${String(step.input.command ?? "")}\n${step.output}`;
          const b = bm25.answer(q);
          outcomes.push({
            ...o,
            arm: "bm25",
            hinted: b !== "",
            atFailure: b !== "" && step.fix ? names(b, step.fix) : false,
            atPrompt: null,
            hint: b,
          });
        }
      }
    }
    const last = s.steps.at(-1)?.at ?? first;
    await hook(e, "stop", { ...common, hook_event_name: "Stop", stop_hook_active: false }, s.cwd, last);
    await hook(e, "session-end", { ...common, hook_event_name: "SessionEnd", reason: "exit" }, s.cwd, last);
    await settled(e, transcripts);
    if (arm === "ledger") {
      const cycleAt = new Date(Date.parse(last) + 10 * 60_000).toISOString();
      const out = JSON.parse(await cli(e, ["improve", "--json"], s.cwd, cycleAt)) as {
        opportunities: unknown[];
        proposed: unknown[];
        drafts: unknown[];
        duplicates: number;
      };
      const ledgerNow = lineCount(join(e.brainDir, ".brain", "feedback.jsonl"));
      totals.cycles.push({
        ledgerLines: lineCount(join(e.brainDir, ".brain", "feedback.jsonl")) - ledgerBefore,
        opportunities: out.opportunities.length,
        proposed: out.proposed.length,
        duplicates: out.duplicates,
      });
      ledgerBefore = ledgerNow;
      for (const st of s.steps)
        bm25.add(
          st.kind === "prompt"
            ? `user: ${st.text}`
            : st.kind === "text"
              ? `assistant: ${JSON.stringify((st.record.message as { content: unknown }).content)}`
              : st.tool === "Bash"
                ? `$ ${String(st.input.command)}\n${st.output}`
                : `edit ${String(st.input.file_path)}: ${String(st.input.new_string)}`,
        );
    }
    process.stderr.write(`${arm}: session ${i + 1}/${sessions.length} (${s.family.id}) done\n`);
  }
  return outcomes;
}

async function main(): Promise<void> {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
  const seed = Number(arg("seed") ?? 7);
  const part = (arg("part") ?? "check") as Part | "all";
  const families = (JSON.parse(fs.readFileSync(SET, "utf8")) as { families: Family[] }).families;
  const totals: Totals = {
    cycles: [],
    failureHookMs: { ledger: [], prompt: [] },
    okHookMs: { ledger: [], prompt: [] },
  };
  const arms = (arg("arms") ?? "ledger,prompt").split(",");
  const outcomes = [
    ...(arms.includes("ledger") ? await replay("ledger", families, seed, totals) : []),
    ...(arms.includes("prompt") ? await replay("prompt", families, seed, totals) : []),
  ];
  // A hint naming another family's fix (and not this one's) is a wrong hint.
  const fixes = families.flatMap((f) =>
    f.sessions.flatMap((s) =>
      s.steps.filter((x) => x.fix).map((x) => ({ id: f.id, fix: x.fix as string[] })),
    ),
  );
  for (const o of outcomes)
    if (o.hinted && !o.atFailure)
      o.wrong = o.role === "distractor" || fixes.some((f) => f.id !== o.family && names(o.hint, f.fix));
  const out = arg("out");
  if (out) fs.writeFileSync(out, JSON.stringify({ seed, outcomes, totals }, null, 1));
  const shown = outcomes.filter((o) => part === "all" || o.part === part);
  if (process.argv.includes("--json")) {
    process.stdout.write(`${JSON.stringify({ seed, part, outcomes: shown, totals }, null, 1)}\n`);
    return;
  }
  process.stdout.write(report(shown, totals, { seed, part, arms: ["ledger", "prompt", "bm25"] as Arm[] }));
}

await main();
