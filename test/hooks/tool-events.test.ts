/**
 * Tool calls captured once into `.brain/tool-events.jsonl`, through the installed bin fed Claude Code's
 * PostToolUse / PostToolUseFailure payloads (and pi's tool_result in process): one checked line per call —
 * kind, target, outcome, exit code, error excerpt — every text capped by the settings and key-shaped
 * secrets redacted on the hook path; the reader API redacts again fully and reports bad lines.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { checkToolEvent, type ToolEvent } from "../../src/core/tool-event.ts";
import { createBrainExtension } from "../../src/hosts/pi/extension.ts";
import type { PiApi, PiContext } from "../../src/hosts/pi/types.ts";
import { toolEvents } from "../../src/recall/tool-events.ts";
import { BrainHome } from "../../src/store/home.ts";
import { freshSandbox, readLines, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { fc, SEED } from "../support/fc.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const logOf = (sb: Sandbox) => join(sb.dir, "brain", ".brain", "tool-events.jsonl");
const events = (sb: Sandbox) => (fs.existsSync(logOf(sb)) ? readLines(logOf(sb)) : []);

let n = 0;
/** A Claude Code tool payload (a fresh tool_use_id each: each is its own call). */
function toolPayload(
  sb: Sandbox,
  cwd: string,
  tool: string,
  input: unknown,
  failed?: { error: string; interrupt?: boolean },
) {
  n++;
  return {
    ...common(sb, cwd, failed ? "PostToolUseFailure" : "PostToolUse"),
    tool_name: tool,
    tool_input: input,
    tool_use_id: `toolu_${n}`,
    ...(failed
      ? { error: failed.error, is_interrupt: failed.interrupt ?? false }
      : { tool_response: { stdout: "", stderr: "", interrupted: false }, duration_ms: 12 }),
  };
}

async function fire(sb: Sandbox, payload: ReturnType<typeof toolPayload>, extraEnv = {}) {
  const event = "error" in payload ? "post-tool-use-failure" : "post-tool-use";
  const r = await runHook(sb, event, payload, { env: { ...env, ...extraEnv } });
  assert.equal(r.code, 0, show(r));
  assert.equal(r.stdout, "", "a tool hook prints nothing");
  return r;
}

describe("Claude Code's tool hooks", () => {
  it("record each call once: kind and target by tool, outcome, exit code, error, session, project", async (t) => {
    const sb = freshSandbox(t, "brain-tools-");
    const project = writeClaudeProject(sb);
    const sub = join(project, "pkg");
    fs.mkdirSync(sub);
    const calls: [ReturnType<typeof toolPayload>, Partial<ToolEvent>][] = [
      [
        toolPayload(sb, sub, "Bash", { command: "npm test", description: "run" }),
        { kind: "command", target: "npm test", outcome: "ok", ms: 12 },
      ],
      [toolPayload(sb, sub, "Read", { file_path: "/src/a.ts" }), { kind: "read", target: "/src/a.ts" }],
      [
        toolPayload(sb, sub, "Edit", { file_path: "/src/a.ts", old_string: "a", new_string: "b" }),
        { kind: "edit", target: "/src/a.ts" },
      ],
      [
        toolPayload(sb, sub, "Grep", { pattern: "TODO", path: "/src" }),
        { kind: "search", target: "TODO in /src" },
      ],
      [
        toolPayload(sb, sub, "WebFetch", { url: "https://example.com/doc", prompt: "x" }),
        { kind: "fetch", target: "https://example.com/doc" },
      ],
      [
        toolPayload(sb, sub, "mcp__brain__brain", { action: "list" }),
        { kind: "other", target: '{"action":"list"}' },
      ],
      [
        toolPayload(
          sb,
          sub,
          "Bash",
          { command: "pnpm lint" },
          { error: "Exit code 2\nlint failed: 3 problems" },
        ),
        { kind: "command", outcome: "error", exit: 2, error: "Exit code 2\nlint failed: 3 problems" },
      ],
      [
        toolPayload(
          sb,
          sub,
          "Bash",
          { command: "sleep 100" },
          { error: "Interrupted by user", interrupt: true },
        ),
        { outcome: "interrupted", error: "Interrupted by user" },
      ],
    ];
    for (const [payload] of calls) await fire(sb, payload);
    const got = events(sb);
    assert.equal(got.length, calls.length);
    got.forEach((line, i) => {
      const [payload, want] = calls[i] as (typeof calls)[number];
      assert.ok(!("problem" in checkToolEvent(line)), JSON.stringify(line));
      assert.deepEqual({ ...line, ...want }, line, `call ${i}: ${JSON.stringify(line)}`);
      assert.equal(line.host, "claude");
      assert.equal(line.session, payload.session_id);
      assert.equal(line.cwd, sub);
      assert.equal(line.project, project, "the repository the call ran in");
      assert.equal(line.id, payload.tool_use_id);
      assert.equal(line.at, env.BRAIN_NOW);
    });
  });

  it("cap every text at the settings' sizes, head and tail kept", async (t) => {
    const sb = freshSandbox(t, "brain-tools-cap-");
    const project = writeClaudeProject(sb);
    writeConfig(sb, { hooks: { toolTargetChars: 20, toolErrorChars: 30 } });
    const command = "0123456789ABCDEFGHIJK"; // one character over the cap of 20
    const error = `E${"x".repeat(30)}Z`;
    await fire(sb, toolPayload(sb, project, "Bash", { command }));
    await fire(sb, toolPayload(sb, project, "Bash", { command: "true" }, { error }));
    const [capped, failed] = events(sb);
    assert.equal(capped?.target, "0123456789…CDEFGHIJK");
    assert.equal(String(capped?.target).length, 20);
    assert.equal(String(failed?.error).length, 30);
    assert.match(String(failed?.error), /^Ex+…x+Z$/);
    const exact = "x".repeat(20);
    await fire(sb, toolPayload(sb, project, "Bash", { command: exact }));
    assert.equal(events(sb).at(-1)?.target, exact, "at the cap: kept whole");
  });

  it("record nothing with auto-memory off", async (t) => {
    const sb = freshSandbox(t, "brain-tools-off-");
    const project = writeClaudeProject(sb);
    await fire(sb, toolPayload(sb, project, "Bash", { command: "ls" }), { RHO_AUTO_MEMORY: "0" });
    assert.deepEqual(events(sb), []);
  });
});

/** Secrets of the shapes a command line carries, generated (fast-check, seeded). */
const alnum = (len: number) =>
  fc.string({
    unit: fc.constantFrom(..."abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"),
    minLength: len,
    maxLength: len,
  });
const secrets = fc.tuple(
  alnum(36).map((s) => `ghp_${s}`),
  alnum(40).map((s) => `sk-proj-${s}`),
  alnum(16).map((s) => `AKIA${s.toUpperCase().replace(/[^A-Z0-9]/g, "Q")}`),
  alnum(24).map((s) => `xoxb-1234567890-${s}`),
  alnum(20).map((s) => `glpat-${s}`),
  alnum(32).map((s) => `Authorization: Bearer ${s}`),
  alnum(12).map((s) => `https://deploy:${s}@git.example.com/repo.git`),
  alnum(24).map((s) => `API_TOKEN=${s}`),
);
const secretPart = (s: string) => s.replace(/^.*(?:Bearer |deploy:|=)/, "").replace(/@.*$/, "");

describe("secrets", () => {
  it("key-shaped secrets never reach the log on the hook path, in a command or an error", async (t) => {
    const sb = freshSandbox(t, "brain-tools-secrets-");
    const project = writeClaudeProject(sb);
    // Caps above what is written: every secret is in the kept text, none cut away.
    writeConfig(sb, { hooks: { toolTargetChars: 4000, toolErrorChars: 4000 } });
    // Every shape in each call, fresh values each run.
    const samples = fc.sample(fc.tuple(secrets, secrets), { numRuns: 3, seed: SEED });
    for (const [a, b] of samples) {
      await fire(
        sb,
        toolPayload(sb, project, "Bash", { command: a.map((x) => `curl -H '${x}'`).join(" && ") }),
      );
      await fire(
        sb,
        toolPayload(sb, project, "Bash", { command: "deploy" }, { error: `Exit code 1\n${b.join("\n")}` }),
      );
    }
    const text = fs.readFileSync(logOf(sb), "utf8");
    for (const s of samples.flat(2))
      assert.ok(!text.includes(secretPart(s)), `${s} reached the log:\n${text}`);
  });

  it("the reader redacts again fully (what only secretlint knows) and reports bad lines", async (t) => {
    const sb = freshSandbox(t, "brain-tools-read-");
    const project = writeClaudeProject(sb);
    // A SendGrid key: secretlint's preset knows it, the hook's key shapes do not.
    const sendgrid = "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    await fire(sb, toolPayload(sb, project, "Bash", { command: `send --key ${sendgrid}` }));
    assert.match(fs.readFileSync(logOf(sb), "utf8"), /SG\.abcdefghij/, "on disk: the hook's pass missed it");
    fs.appendFileSync(
      logOf(sb),
      '{"at":"2026-03-01T12:00:00.000Z","host":"claude","kind":"command"}\nnot json\n',
    );
    await fire(sb, toolPayload(sb, project, "Read", { file_path: "/etc/hosts" }));
    const home = BrainHome.ofLog(sb.brainPath);
    const r = await toolEvents(home).since();
    assert.deepEqual(
      r.events.map((e) => [e.line, e.event.kind]),
      [
        [1, "command"],
        [4, "read"],
      ],
    );
    assert.ok(!JSON.stringify(r.events).includes("SG.abcdefghij"), JSON.stringify(r.events));
    assert.match(r.events[0]?.event.target ?? "", /^send --key \[REDACTED/);
    assert.deepEqual(
      r.bad.map((b) => b.line),
      [2, 3],
    );
    // From where the last read ended: only what came after.
    await fire(sb, toolPayload(sb, project, "Glob", { pattern: "**/*.md" }));
    const next = await toolEvents(home).since(r.end);
    assert.deepEqual(
      next.events.map((e) => e.event.target),
      ["**/*.md"],
    );
    const mine = await toolEvents(home).forSession(common(sb, project, "x").session_id);
    assert.equal(mine.length, 3);
    assert.deepEqual(await toolEvents(home).forSession("another"), []);
  });
});

describe("pi", () => {
  it("tool_result is recorded once into the same log, host pi", async (t) => {
    const sb = freshSandbox(t, "brain-tools-pi-");
    const project = writeClaudeProject(sb);
    const handlers = new Map<string, (e: unknown, ctx: PiContext) => unknown>();
    const api = {
      on: (name: string, h: (e: unknown, ctx: PiContext) => unknown) => handlers.set(name, h),
      registerTool: () => {},
      registerCommand: () => {},
    };
    createBrainExtension({ brainPath: sb.brainPath, now: () => new Date(env.BRAIN_NOW) })(
      api as unknown as PiApi,
    );
    const ctx: PiContext = { cwd: project, sessionManager: { getSessionId: () => "pi-1" } };
    const result = handlers.get("tool_result");
    assert.ok(result);
    result(
      { toolCallId: "c1", toolName: "read", input: { path: "src/a.ts" }, content: [], isError: false },
      ctx,
    );
    result(
      {
        toolCallId: "c2",
        toolName: "bash",
        input: { command: "make" },
        content: [{ type: "text", text: "make: *** No rule to make target. Command exited with code 2" }],
        isError: true,
      },
      ctx,
    );
    const got = events(sb);
    assert.deepEqual(
      got.map((e) => [e.host, e.session, e.kind, e.target, e.outcome, e.exit, e.id]),
      [
        ["pi", "pi-1", "read", "src/a.ts", "ok", undefined, "c1"],
        ["pi", "pi-1", "command", "make", "error", 2, "c2"],
      ],
    );
    assert.match(got[1]?.error as string, /No rule to make target/);
  });
});
