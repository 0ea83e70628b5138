/**
 * One host-aware entry: `brain hook <event>` tells the calling host from its payload and environment, answers
 * in that host's one shape, and handles each (host, session, event, turn) once however many configured
 * hooks fire for it — parallel firings included — through the installed bin. The dedup markers stay few.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, it, test } from "node:test";
import { detectHost } from "../../src/hooks/hosts.ts";
import { firstFiring, hash128, SWEEP_EVERY } from "../../src/hooks/seen.ts";
import { BrainHome } from "../../src/store/home.ts";
import { brainOk, freshSandbox, readLines, type Sandbox, show, writeConfig } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { common, runHook, writeClaudeProject } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const local = (sb: Sandbox, f: string) => join(sb.dir, "brain", ".brain", f);
const lines = (sb: Sandbox, f: string) => (fs.existsSync(local(sb, f)) ? readLines(local(sb, f)) : []);

async function seeded(t: Parameters<typeof freshSandbox>[0]) {
  const sb = freshSandbox(t, "brain-entry-");
  const project = writeClaudeProject(sb);
  // The default brain, as a `brain add` made it before issue 25 (an implicit brain now starts empty).
  await brainOk(sb, ["init"], { env });
  await brainOk(sb, ["add", "type=learning", "text=The staging cluster is called kite"], { env });
  fs.writeFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"user"}\n');
  return { sb, project };
}

describe("the same firing from several configured hooks", () => {
  it("a tool call fired four times at once is recorded once; the next call is recorded", async (t) => {
    const { sb, project } = await seeded(t);
    const call = (id: string) => ({
      ...common(sb, project, "PostToolUse"),
      tool_name: "Bash",
      tool_input: { command: "make" },
      tool_response: { stdout: "", stderr: "", interrupted: false },
      tool_use_id: id,
    });
    const rs = await Promise.all(
      [1, 2, 3, 4].map(() => runHook(sb, "post-tool-use", call("toolu_A"), { env })),
    );
    for (const r of rs) assert.equal(r.code, 0, show(r));
    assert.deepEqual(
      lines(sb, "tool-events.jsonl").map((e) => e.id),
      ["toolu_A"],
    );
    await runHook(sb, "post-tool-use", call("toolu_B"), { env });
    assert.deepEqual(
      lines(sb, "tool-events.jsonl").map((e) => e.id),
      ["toolu_A", "toolu_B"],
    );
  });

  it("a session start fired twice at once injects its context once; Stop queues once until the transcript grows", async (t) => {
    const { sb, project } = await seeded(t);
    const start = { ...common(sb, project, "SessionStart"), source: "startup" };
    const rs = await Promise.all([1, 2].map(() => runHook(sb, "session-start", start, { env })));
    const printed = rs.filter((r) => r.stdout !== "");
    assert.equal(printed.length, 1, rs.map(show).join("\n"));
    const out = printed[0]?.stdout.trim().split("\n") ?? [];
    assert.equal(out.length, 1, "one line: one shape");
    assert.deepEqual(Object.keys(JSON.parse(out[0] as string)), ["hookSpecificOutput"]);
    assert.match(out[0] as string, /staging cluster is called kite/);

    const stop = { ...common(sb, project, "Stop"), stop_hook_active: false };
    await Promise.all([1, 2, 3].map(() => runHook(sb, "stop", stop, { env })));
    assert.equal(lines(sb, "transcripts.jsonl").length, 1);
    // The next turn: the host appended to its transcript before the next Stop.
    fs.appendFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"assistant"}\n');
    await runHook(sb, "stop", stop, { env });
    assert.equal(lines(sb, "transcripts.jsonl").length, 2);
  });

  it("Claude Code 2.1's Stop names its turn (prompt_id): one turn queues once even if the transcript grew between its firings", async (t) => {
    const { sb, project } = await seeded(t);
    const stop = (turn: string) => ({
      ...common(sb, project, "Stop"),
      stop_hook_active: false,
      prompt_id: turn,
    });
    await runHook(sb, "stop", stop("ba9663c7-7579-4f20-9391-9398ffa21984"), { env });
    // Claude Code wrote a hook record to the transcript before the second hook of the same Stop read it.
    fs.appendFileSync(join(sb.dir, "transcript.jsonl"), '{"type":"attachment"}\n');
    await runHook(sb, "stop", stop("ba9663c7-7579-4f20-9391-9398ffa21984"), { env });
    assert.equal(lines(sb, "transcripts.jsonl").length, 1, "one turn, one queue record");
    await runHook(sb, "stop", stop("0d1e2f3a-0000-4000-8000-000000000002"), { env });
    assert.equal(lines(sb, "transcripts.jsonl").length, 2, "the next turn is its own");
  });

  it("the same payload after the window is a firing of its own", async (t) => {
    const { sb, project } = await seeded(t);
    const stop = { ...common(sb, project, "Stop") };
    await runHook(sb, "stop", stop, { env });
    await runHook(sb, "stop", stop, { env: { BRAIN_NOW: "2026-03-01T12:01:59.000Z" } });
    assert.equal(lines(sb, "transcripts.jsonl").length, 1, "within the 120 s window: a repeat");
    await runHook(sb, "stop", stop, { env: { BRAIN_NOW: "2026-03-01T12:02:01.000Z" } });
    assert.equal(lines(sb, "transcripts.jsonl").length, 2, "past it: its own");
  });
});

// Issue 25: a settings typo does not switch memory off (test/hooks/config-typo.test.ts has every kind of typo).
test("a wrong hooks setting is reported by the hook (exit 0, never 2), and memory carries on with the defaults", async (t) => {
  const { sb, project } = await seeded(t);
  writeConfig(sb, { hooks: { dedupSeconds: "soon" } });
  const r = await runHook(sb, "stop", { ...common(sb, project, "Stop") }, { env });
  assert.equal(r.code, 0, show(r));
  assert.match(r.stderr, /"hooks\.dedupSeconds" must be a whole number/);
  assert.equal(lines(sb, "transcripts.jsonl").length, 1);
});

describe("which host fired", () => {
  const CLAUDE = { session_id: "s", transcript_path: "/t.jsonl", cwd: "/p", hook_event_name: "Stop" };
  // biome-ignore format: a table reads best as one
  const cases: [string, Record<string, unknown>, Record<string, string>, string][] = [
    ["Claude Code",                        CLAUDE,                                                          {},                                         "claude"],
    ["Claude Code, its project dir set",   CLAUDE,                                                          { CLAUDE_PROJECT_DIR: "/p" },               "claude"],
    ["Gemini CLI (also sets Claude's var)", { ...CLAUDE, hook_event_name: "SessionEnd" },                   { GEMINI_PROJECT_DIR: "/p", CLAUDE_PROJECT_DIR: "/p" }, "gemini"],
    ["Gemini CLI, by its own event name",  { ...CLAUDE, hook_event_name: "AfterTool" },                     {},                                         "gemini"],
    ["Codex (turn_id and model)",          { ...CLAUDE, turn_id: "t1", model: "gpt-5" },                    {},                                         "codex"],
    ["Cursor",                             { conversation_id: "c", generation_id: "g", hook_event_name: "stop" }, {},                                 "cursor"],
    ["Copilot CLI (camelCase)",            { sessionId: "s", timestamp: 1, cwd: "/p", toolName: "bash" },   {},                                         "copilot"],
    ["Copilot CLI running .claude hooks",  { ...CLAUDE, timestamp: "2026-01-01T00:00:00.000Z" },            { COPILOT_CLI: "1", CLAUDE_PROJECT_DIR: "/p" }, "copilot"],
    ["Codex SessionStart (no turn_id)",    { ...CLAUDE, hook_event_name: "SessionStart", model: "m", transcript_path: "/h/.codex/sessions/2026/01/01/rollout-2026-01-01T00-00-00-abc.jsonl" }, {}, "codex"],
    ["Cursor, by its environment",         CLAUDE,                                                          { CURSOR_VERSION: "2.1.0" },                "cursor"],
    ["OpenCode (Brain's plugin)",          { ...CLAUDE, brain_host: "opencode" },                          { COPILOT_CLI: "1" },                       "opencode"],
  ];
  for (const [what, payload, hostEnv, id] of cases)
    it(`${what}: ${id}`, () => assert.equal(detectHost(payload, hostEnv).id, id));
});

test("the dedup markers: no false repeat, a repeat within the window always caught", () => {
  const dir = fs.mkdtempSync(join(process.env.TMPDIR ?? "/tmp", "brain-seen-"));
  try {
    const settings = { dedupSeconds: 60 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 30 })), {
          maxLength: 120,
        }),
        (steps) => {
          const home = new BrainHome(fs.mkdtempSync(join(dir, "h-")));
          const last = new Map<string, number>();
          let now = Date.parse("2026-03-01T12:00:00.000Z");
          for (const [k, dt] of steps) {
            now += dt * 1000 + 1; // each firing at its own millisecond, as separate processes are
            const key = hash128(`key ${k}`);
            const first = firstFiring(home, key, new Date(now), settings);
            const prev = last.get(key);
            // Never skips a firing whose key was not seen within the window.
            if (prev === undefined || now - prev >= 60_000) assert.equal(first, true, `key ${k} at ${now}`);
            else assert.equal(first, false, `key ${k} at ${now}: ${now - prev} ms after its first`);
            if (first) last.set(key, now);
            // Fired again at once: always a repeat.
            assert.equal(firstFiring(home, key, new Date(now), settings), false);
          }
        },
      ),
      { numRuns: 40 },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the dedup markers stay few: a sweep drops those older than the window, and the log they replaced", () => {
  const home = new BrainHome(fs.mkdtempSync(join(process.env.TMPDIR ?? "/tmp", "brain-seen-")));
  try {
    home.ensureLocal();
    const oldLog = `${home.file("hookSeen")}.jsonl`;
    fs.writeFileSync(oldLog, `{"k":"${"0".repeat(32)}","at":"2026-03-01T12:00:00.000Z"}\n`);
    let now = Date.parse("2026-03-01T12:00:00.000Z");
    for (let i = 0; i < 2000; i++) {
      now += 1000;
      assert.equal(firstFiring(home, hash128(`firing ${i}`), new Date(now), { dedupSeconds: 60 }), true);
    }
    const left = fs.readdirSync(home.file("hookSeen"));
    // 60 within the window, and those since the last sweep (1 firing in SWEEP_EVERY sweeps).
    assert.ok(left.length < 60 + 6 * SWEEP_EVERY, `${left.length} markers left of 2000`);
    assert.equal(fs.existsSync(oldLog), false, "the old dedup log is gone");
  } finally {
    fs.rmSync(home.dir, { recursive: true, force: true });
  }
});

for (const [what, expired, at] of [
  ["keys whose markers expired", true, undefined],
  ["new keys, at a time far from the clock's (BRAIN_NOW)", false, "2026-03-01T12:00:00.000Z"],
] as const)
  test(`firings at once of ${what}: exactly one is first for each`, async () => {
    const home = new BrainHome(fs.mkdtempSync(join(process.env.TMPDIR ?? "/tmp", "brain-seen-")));
    try {
      const n = 300;
      fs.mkdirSync(home.file("hookSeen"), { recursive: true });
      // Markers of earlier firings, past the window: each racing process finds them stale.
      const old = new Date(Date.now() - 10 * 60_000);
      for (let i = 0; expired && i < n; i++) {
        const marker = join(home.file("hookSeen"), hash128(`race ${i}`));
        fs.writeFileSync(marker, "");
        fs.utimesSync(marker, old, old);
      }
      const go = join(home.dir, "go");
      const script = join(import.meta.dirname, "..", "support", "first-firing.ts");
      const args = ["--import", "tsx", script, home.dir, go, String(n), ...(at ? [at] : [])];
      const racers = [1, 2, 3, 4].map(() => racer(args));
      await Promise.all(racers.map((r) => r.ready));
      fs.writeFileSync(go, "");
      const outs = await Promise.all(racers.map((r) => r.done));
      const firsts = outs.flatMap((o) => o.trim().split(" ").filter(Boolean).map(Number));
      const count = new Map<number, number>();
      for (const i of firsts) count.set(i, (count.get(i) ?? 0) + 1);
      const wrong = [...Array(n).keys()].filter((i) => count.get(i) !== 1);
      assert.deepEqual(
        wrong,
        [],
        `keys not first exactly once: ${wrong.map((i) => `${i}×${count.get(i) ?? 0}`)}`,
      );
    } finally {
      fs.rmSync(home.dir, { recursive: true, force: true });
    }
  });

/** A node process: `ready` when it printed "ready" on stderr, `done` with its stdout when it exits 0. */
function racer(args: string[]): { ready: Promise<void>; done: Promise<string> } {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  const ready = new Promise<void>((resolve) => child.stderr.once("data", () => resolve()));
  const done = new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
  return { ready, done };
}
