/**
 * Hostile line × reader, as properties (fast-check; FC_SEED replays a run (test/support/fc.ts), the seed is printed
 * on failure): random hostile JSON values (objects with a hostile toString, arrays, numbers, deep nesting,
 * control characters, __proto__) put into every field of every entry type and of episodes.
 *  (a) in process, many cases: every reader of the engine returns without throwing — cold, and again from
 *      the snapshot and the recall index it saved — and every line is either loaded or reported as a bad
 *      line with its number, exactly the lines whose field breaks the registry's JSON types;
 *  (b) through the real CLI, a few cases with many hostile lines each: every read command and hook exits
 *      0, and `doctor` exits 1 reporting exactly those lines of brain.jsonl and episodes.jsonl.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { LIVE_TYPES } from "../../src/core/types.ts";
import { Brain } from "../../src/engine/brain.ts";
import { runHook } from "../hooks/_support.ts";
import { brain, json, removeSandbox, sandbox, show } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { tempDir } from "./support/harness.ts";
import { type HostileLine, hostileLine, mustBeBad, render, TYPES, validEntry } from "./support/hostile.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const CLI_RUNS = Number(process.env.FUZZ_CLI_RUNS ?? 3);
const params = (numRuns: number) => ({ numRuns, includeErrorInReport: true });

interface Logs {
  brainLines: string[];
  episodeLines: string[];
  /** Expected bad line numbers per file. */
  brainBad: number[];
  episodeBad: number[];
}

/** A clean entry of every type, then the hostile lines, each in the log its type belongs to. */
function buildLogs(hostile: HostileLine[]): Logs {
  const logs: Logs = { brainLines: [], episodeLines: [], brainBad: [], episodeBad: [] };
  let n = 0;
  for (const type of TYPES) {
    const line = JSON.stringify(validEntry(type, n++));
    (type === "episode" ? logs.episodeLines : logs.brainLines).push(line);
  }
  for (const h of hostile) {
    const episode = h.type === "episode";
    const lines = episode ? logs.episodeLines : logs.brainLines;
    lines.push(render(h, n++));
    if (mustBeBad(h)) (episode ? logs.episodeBad : logs.brainBad).push(lines.length);
  }
  return logs;
}

function writeLogs(dir: string, logs: Logs): string {
  fs.mkdirSync(dir, { recursive: true });
  const path = join(dir, "brain.jsonl");
  fs.writeFileSync(path, `${logs.brainLines.join("\n")}\n`);
  fs.writeFileSync(join(dir, "episodes.jsonl"), `${logs.episodeLines.join("\n")}\n`);
  return path;
}

/** Every reader the engine has, on one brain; returns the bad line numbers it saw in each log. */
async function readEverything(path: string, cwd: string) {
  const b = Brain.open({ path, seedDefault: false, cwd });
  b.context({ cwd });
  b.context({ cwd, query: "staging note" });
  b.context({ cwd, recover: true });
  b.rhoPrompt({ cwd });
  b.search("staging note");
  b.recall("what was the staging note?");
  b.stats();
  b.heartbeat();
  for (const type of LIVE_TYPES) await b.act({ action: "list", type });
  await b.act({ action: "list", verbose: true });
  for (const f of b.listBrainFiles()) b.loadBrainFile(f.name);
  const h = b.health();
  const episodes = b.recallEngine.episodes;
  b.persist(true);
  return {
    brainBad: h.badLines.map((l) => l.line),
    total: h.total,
    episodeBad: episodes.badLines.map((l) => l.line),
    episodes: episodes.size,
  };
}

test(`(a) every engine reader survives hostile fields, and exactly the wrongly typed lines are bad (${RUNS} cases)`, async (t) => {
  const root = tempDir(t, "brain-hostile-fields-");
  let run = 0;
  let bad = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(hostileLine, { minLength: 1, maxLength: 6 }), async (hostile) => {
      const dir = join(root, String(run++));
      const logs = buildLogs(hostile);
      const path = writeLogs(dir, logs);
      for (const pass of ["cold", "from the snapshot and index"]) {
        const seen = await readEverything(path, dir);
        assert.deepEqual(seen.brainBad, logs.brainBad, `${pass}: brain.jsonl bad lines`);
        assert.deepEqual(seen.episodeBad, logs.episodeBad, `${pass}: episodes.jsonl bad lines`);
        assert.equal(
          seen.total + seen.brainBad.length,
          logs.brainLines.length,
          `${pass}: every line accounted for`,
        );
        assert.equal(
          seen.episodes + seen.episodeBad.length,
          logs.episodeLines.length,
          `${pass}: every episode line accounted for`,
        );
      }
      bad += logs.brainBad.length + logs.episodeBad.length;
      fs.rmSync(dir, { recursive: true, force: true });
    }),
    params(RUNS),
  );
  t.diagnostic(`hostile lines reported as bad: ${bad}`);
  assert.ok(bad > RUNS / 4, "a fair share of the generated lines were wrongly typed");
});

test(`(b) every read command and hook exits 0 on hostile fields, doctor reports them (${CLI_RUNS} cases)`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(hostileLine, { minLength: 12, maxLength: 20 }), async (hostile) => {
      const sb = sandbox("brain-hostile-cli-");
      try {
        const project = join(sb.dir, "project");
        fs.mkdirSync(join(project, ".git"), { recursive: true });
        const logs = buildLogs(hostile);
        writeLogs(join(sb.dir, "brain"), logs);
        const commands = [
          ["context", "--cwd", project],
          ["context", "--cwd", project, "--query", "staging note"],
          ["context", "--cwd", project, "--recover"],
          ["context", "--cwd", project, "--compat", "rho"],
          ["list"],
          ["list", "verbose=true"],
          ["search", "staging"],
          ["stats"],
          ["heartbeat"],
          ["export-rules", "--format", "agents", "--cwd", project, "--dry-run"],
        ];
        for (const args of commands) {
          const r = await brain(sb, args, { cwd: project });
          assert.equal(r.code, 0, `${args.join(" ")}: ${show(r)}`);
        }
        const common = { session_id: "s", transcript_path: join(sb.dir, "t.jsonl"), cwd: project };
        for (const [event, extra] of [
          ["session-start", { hook_event_name: "SessionStart", source: "startup" }],
          [
            "user-prompt-submit",
            { hook_event_name: "UserPromptSubmit", prompt: "what was the staging note?" },
          ],
        ] as const) {
          const r = await runHook(sb, event, { ...common, ...extra });
          assert.equal(r.code, 0, `hook ${event}: ${show(r)}`);
        }
        const d = await brain(sb, ["--json", "doctor"]);
        const report = json<{ badLines: { line: number }[]; episodes: { badLines: { line: number }[] } }>(d);
        assert.equal(d.code, logs.brainBad.length + logs.episodeBad.length > 0 ? 1 : 0, show(d));
        assert.deepEqual(
          report.badLines.map((b) => b.line),
          logs.brainBad,
        );
        assert.deepEqual(
          report.episodes.badLines.map((b) => b.line),
          logs.episodeBad,
        );
        const c = await brain(sb, ["compact"]);
        assert.equal(c.code, 0, `compact: ${show(c)}`);
      } finally {
        removeSandbox(sb);
      }
    }),
    // No shrinking: each case runs a dozen processes; the counterexample and seed are printed as found.
    { ...params(CLI_RUNS), endOnFailure: true },
  );
});
