/**
 * Issue 10 item 10: one hostile line must never take the brain down. A value nested 200 000 levels deep, a
 * preference whose `category` is an object with a hostile `toString`, an object in an episode's `speaker`
 * or `date` — every read command, run as a real CLI process on real files, exits 0 with everything else
 * loaded, and `doctor` reports each such line by number (brain.jsonl and episodes.jsonl) and exits 1.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runHook } from "../hooks/_support.ts";
import { brain, json, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";

const created = "2026-01-01T00:00:00.000Z";
const DEEP = 200_000;
const deepArray = `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`;
const deepObject = `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`;
const line = (o: Record<string, unknown>) => JSON.stringify({ created, ...o });
const episode = (id: string, o: Record<string, unknown>) =>
  line({
    id,
    type: "episode",
    session: "s1",
    turn: id,
    speaker: "Ada",
    text: "we moved the staging port to 8443",
    date: "2026-01-02T10:00:00.000Z",
    source: "generic:test.jsonl",
    ...o,
  });

/** brain.jsonl: [line text, bad reason pattern or null when the line must load]. */
const BRAIN: [string, RegExp | null][] = [
  [line({ id: "good0001", type: "learning", text: "The staging cluster is called kite" }), null],
  [`{"id":"deep0001","type":"learning","text":"deep extra","x":${deepArray}}`, /nested deeper/],
  [`{"id":"deep0002","type":"learning","text":${deepObject}}`, /nested deeper/],
  [line({ id: "pref0001", type: "preference", text: "Tabs", category: { toString: 1 } }), /category/],
  [line({ id: "good0002", type: "preference", text: "Early returns", category: "Code" }), null],
];
/** episodes.jsonl, the same way. */
const EPISODES: [string, RegExp | null][] = [
  [episode("ep000001", {}), null],
  [episode("ep000002", { speaker: { toString: 1 } }), /speaker/],
  [episode("ep000003", { date: { toString: 1 } }), /date/],
  [`{"id":"ep000004","type":"episode","text":"deep","x":${deepObject}}`, /nested deeper/],
  [episode("ep000005", { turn: "t5", text: "the deploy window is Tuesday" }), null],
];

const write = (path: string, lines: [string, RegExp | null][]) =>
  fs.writeFileSync(path, lines.map(([l]) => `${l}\n`).join(""));
const badOf = (lines: [string, RegExp | null][]) =>
  lines.flatMap(([, re], i) => (re ? [{ line: i + 1, re }] : []));

let sb: Sandbox;
let project: string;
before(() => {
  sb = sandbox("brain-hostile-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
});
after(() => removeSandbox(sb));

/** A fresh brain holding the hostile lines (compaction rewrites it, so every test starts over). */
function reset(): void {
  const dir = dirname(sb.brainPath);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  write(sb.brainPath, BRAIN);
  write(join(dir, "episodes.jsonl"), EPISODES);
}

describe("a hostile line in brain.jsonl or episodes.jsonl", () => {
  const reads: [string, string[], RegExp][] = [
    ["context", ["context", "--cwd", "PROJECT"], /kite/],
    ["context --query", ["context", "--cwd", "PROJECT", "--query", "staging port"], /8443/],
    ["list", ["list"], /kite/],
    ["search", ["search", "staging"], /8443/],
    ["stats", ["stats"], /2L|1L/],
    [
      "export-rules",
      ["export-rules", "--all", "--format", "agents", "--cwd", "PROJECT", "--dry-run"],
      /kite/,
    ],
    ["compact", ["compact"], /Compacted/],
  ];
  for (const [name, args, expect] of reads) {
    it(`${name} exits 0 and shows what loaded`, async () => {
      reset();
      const r = await brain(
        sb,
        args.map((a) => (a === "PROJECT" ? project : a)),
        { cwd: project },
      );
      assert.equal(r.code, 0, show(r));
      assert.match(r.stdout, expect, show(r));
    });
  }

  it("the session-start and prompt hooks exit 0 with the rest of the brain", async () => {
    reset();
    const common = { session_id: "s", transcript_path: join(sb.dir, "t.jsonl"), cwd: project };
    for (const name of ["session-start", "SessionStart"]) {
      // Each its own session: the same start fired twice would be a repeat the hooks answer once.
      const start = await runHook(sb, name, {
        ...common,
        session_id: `s-${name}`,
        hook_event_name: "SessionStart",
      });
      assert.equal(start.code, 0, show(start));
      assert.match(start.stdout, /kite/);
    }
    const prompt = await runHook(sb, "user-prompt-submit", {
      ...common,
      hook_event_name: "UserPromptSubmit",
      prompt: "which port does staging use?",
    });
    assert.equal(prompt.code, 0, show(prompt));
  });

  it("doctor reports every hostile line of both logs by number and exits 1", async () => {
    reset();
    const r = await brain(sb, ["--json", "doctor"]);
    assert.equal(r.code, 1, show(r));
    const report = json<{
      badLines: { line: number; reason: string }[];
      episodes: { badLines: { line: number; reason: string }[] };
    }>(r);
    for (const [what, got, want] of [
      ["brain.jsonl", report.badLines, badOf(BRAIN)],
      ["episodes.jsonl", report.episodes?.badLines ?? [], badOf(EPISODES)],
    ] as const) {
      assert.deepEqual(
        got.map((b) => b.line),
        want.map((b) => b.line),
        `${what}: ${JSON.stringify(got)}`,
      );
      want.forEach((w, i) => {
        assert.match(got[i]?.reason ?? "", w.re, what);
      });
    }
    const text = await brain(sb, ["doctor"]);
    assert.equal(text.code, 1, show(text));
    assert.match(text.stdout, /line 4: field "category" is an object/);
    assert.match(text.stdout, /episodes[\s\S]*line 2: field "speaker" is an object/);
  });
});
