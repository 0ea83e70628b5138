/**
 * `brain doctor` tells, per host, when it last fired each of Brain's hooks (src/hooks/fired.ts,
 * src/cli/doctor-hooks.ts) — through the built CLI: `brain install codex`, hooks fired as Codex and Copilot
 * fire them (their payloads on stdin), then doctor, text and --json. A Codex whose hooks file changed after
 * its last firing (an upgrade, a re-trust it has not had) is flagged until its hooks fire again. Times come
 * from BRAIN_NOW (the hooks' and doctor's clock) and the hooks file's mtime, set by the test.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { it } from "node:test";
import { runHook } from "../hooks/_support.ts";
import { brainOk, freshSandbox, type Sandbox } from "../support/cli.ts";

const T0 = Date.parse("2026-03-01T12:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const SID = "01a2188c-15e5-7541-9922-f24e0cfa7da2";

interface HostHooks {
  host: string;
  installed: { file: string; changed: string }[];
  fired: { event: string; name: string; last: string | null }[];
  attention?: string;
}

function codex(sb: Sandbox, cwd: string, event: string): Record<string, unknown> {
  const transcript = join(sb.dir, `rollout-2026-03-01T12-00-00-${SID}.jsonl`);
  return {
    session_id: SID,
    turn_id: "t1",
    transcript_path: transcript,
    cwd,
    hook_event_name: event,
    model: "m",
  };
}

async function fire(sb: Sandbox, event: string, payload: unknown, minutes: number, env = {}) {
  const r = await runHook(sb, event, payload, { env: { BRAIN_NOW: at(minutes), ...env } });
  assert.equal(r.code, 0, r.stderr);
}

async function doctor(sb: Sandbox, minutes: number): Promise<{ hooks: HostHooks[]; text: string }> {
  const env = { env: { BRAIN_NOW: at(minutes) } };
  const json = await brainOk(sb, ["doctor", "--json"], env);
  const text = await brainOk(sb, ["doctor"], env);
  return { hooks: (JSON.parse(json.stdout) as { hooks: HostHooks[] }).hooks, text: text.stdout };
}

it("doctor: each host's last firing per hook; an installed Codex whose hooks stopped firing after a change is flagged", async (t) => {
  const sb = freshSandbox(t, "brain-doctor-hooks-");
  const project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  await brainOk(sb, ["init"], { env: { BRAIN_NOW: at(-120) } });
  await brainOk(sb, ["install", "codex"]);
  const hooksFile = join(sb.home, ".codex", "hooks.json");
  const touch = (minutes: number) => fs.utimesSync(hooksFile, new Date(T0), new Date(T0 + minutes * 60_000));
  touch(-60);

  // Installed, never fired: flagged, with Codex's way back.
  let d = await doctor(sb, 0);
  let cx = d.hooks.find((h) => h.host === "codex");
  assert.deepEqual(
    cx?.installed.map((i) => i.file),
    [hooksFile],
  );
  assert.match(String(cx?.attention), /no hook has fired yet \(installed 1 h ago\).*\/hooks/);
  assert.ok(
    cx?.fired.every((f) => f.last === null),
    JSON.stringify(cx),
  );

  await fire(sb, "session-start", { ...codex(sb, project, "SessionStart"), source: "startup" }, 0);
  await fire(sb, "user-prompt-submit", { ...codex(sb, project, "UserPromptSubmit"), prompt: "hi" }, 0);
  // Copilot running a hook (not installed by `brain install`): listed too.
  const copilot = { sessionId: SID, timestamp: T0, cwd: project, prompt: "hello" };
  await fire(sb, "user-prompt-submit", copilot, 1, { COPILOT_CLI: "1" });

  d = await doctor(sb, 2);
  cx = d.hooks.find((h) => h.host === "codex");
  assert.equal(cx?.attention, undefined, JSON.stringify(cx));
  const last = Object.fromEntries(cx?.fired.map((f) => [f.event, f.last]) ?? []);
  assert.equal(last["session-start"], at(0));
  assert.equal(last["user-prompt-submit"], at(0));
  assert.equal(last.stop, null);
  assert.match(
    d.text,
    /codex: session-start 2 min ago, user-prompt-submit 2 min ago, [^\n]*stop never[^\n]*installed hooks: .*\.codex\/hooks\.json/,
  );
  const cp = d.hooks.find((h) => h.host === "copilot");
  assert.equal(cp?.fired.find((f) => f.event === "user-prompt-submit")?.last, at(1));
  assert.deepEqual(cp?.installed, []);
  assert.match(d.text, /copilot: [^\n]*user-prompt-submit 1 min ago[^\n]*not installed by brain install/);
  assert.ok(!d.hooks.some((h) => h.host === "gemini"), "a host neither installed nor fired is not listed");

  // The hooks file changes (an upgrade, an edit): nothing fires after it — flagged, in text and JSON.
  touch(5);
  d = await doctor(sb, 10);
  cx = d.hooks.find((h) => h.host === "codex");
  assert.match(String(cx?.attention), /no hook has fired since .*hooks\.json changed 5 min ago/);
  assert.match(d.text, /! no hook has fired since .*hooks\.json changed 5 min ago/);

  // Codex runs them again (trusted again): the flag goes.
  await fire(sb, "stop", { ...codex(sb, project, "Stop"), stop_hook_active: false }, 11);
  d = await doctor(sb, 12);
  cx = d.hooks.find((h) => h.host === "codex");
  assert.equal(cx?.attention, undefined, JSON.stringify(cx));
  assert.equal(cx?.fired.find((f) => f.event === "stop")?.last, at(11));

  // A mark is the first firing of its minute (hooks.firedEverySeconds): a change within that minute may have
  // come before a later firing — not flagged; one a full minute after it is known to be after — flagged.
  touch(11.5);
  d = await doctor(sb, 13);
  assert.equal(d.hooks.find((h) => h.host === "codex")?.attention, undefined);
  touch(12);
  d = await doctor(sb, 13);
  assert.match(String(d.hooks.find((h) => h.host === "codex")?.attention), /changed 1 min ago/);
});
