/**
 * Local files are the store's business (DESIGN.md: "Every file under `.brain/` is named by store/home.ts",
 * "Every log is an instance of the one log"). Outside src/store/ (which will hold home.ts, the one owner of a
 * brain's local files) no module:
 *  - appends to a file (`appendFile`, `appendFileSync`): appends are whole lines under the log's lock;
 *  - reads a log by hand (a JSON parse inside a loop over `.split("\n")`): framing, bad-line reports and
 *    locking belong to the one log;
 *  - spells a `.brain` path (`".brain"`, `".brain/x"`, `` `${dir}/.brain/…` ``): home.ts names every file.
 * (test/meta/import-graph.ts `habitsOf` says what is looked for and what its heuristic does not see.)
 *
 * KNOWN_OFFENDERS lists today's, each with its count in the file and its reason: the test passes with them,
 * fails on a new one (a new file, or one more in a listed file), and fails when a listed one is gone, so the
 * list only shrinks. The lead shrinks it to zero as the learner's logs, home.ts and the hooks land.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ROOT } from "../support/spawn.ts";
import { buildGraph, habitsOf, parse, type Use } from "./import-graph.ts";

type Habit = "appendFile" | "JSON.parse per line" | '".brain" path';

interface Offender {
  file: string;
  habit: Habit;
  /** How many in the file today. */
  count: number;
  reason: string;
}

const ALLOWED_UNDER = "src/store/";

// biome-ignore format: one entry a line
const KNOWN_OFFENDERS: Offender[] = [
  // The learner's hand-rolled logs: queue (transcripts.jsonl), inbox, learn log, cursors, the lock dir — each
  // becomes a registered log / a file home.ts names (issue 22), being reworked now.
  { file: "src/learn/queue.ts", habit: "appendFile", count: 1, reason: "learner queue: a registered log" },
  { file: "src/learn/queue.ts", habit: "JSON.parse per line", count: 1, reason: "learner queue: a registered log" },
  { file: "src/learn/queue.ts", habit: '".brain" path', count: 1, reason: "transcripts.jsonl: named by home.ts" },
  { file: "src/learn/intake.ts", habit: "JSON.parse per line", count: 1, reason: "reads the learner queue: the queue log's reader" },
  { file: "src/learn/inbox.ts", habit: "appendFile", count: 1, reason: "inbox: a registered log" },
  { file: "src/learn/inbox.ts", habit: "JSON.parse per line", count: 1, reason: "inbox: a registered log" },
  { file: "src/learn/learn-log.ts", habit: "appendFile", count: 1, reason: "learn log: a registered log" },
  { file: "src/learn/learn-log.ts", habit: "JSON.parse per line", count: 1, reason: "learn log: a registered log" },
  { file: "src/learn/cursors.ts", habit: '".brain" path', count: 1, reason: "learn-cursors.json: named by home.ts" },
  { file: "src/learn/spawn.ts", habit: '".brain" path', count: 1, reason: "learn.lock: named by home.ts" },
  // Brain files: their locks, backups and the rewrite record beside them.
  { file: "src/brainfiles/write.ts", habit: '".brain" path', count: 3, reason: "brain-file locks, backups/, rewrites.jsonl: named by home.ts" },
  { file: "src/brainfiles/write.ts", habit: "appendFile", count: 1, reason: "rewrites.jsonl (one record per rewrite): a registered log" },
  // Other local files beside the log.
  { file: "src/project/recent.ts", habit: '".brain" path', count: 1, reason: "recent.json: named by home.ts" },
  { file: "src/project/repo-root.ts", habit: '".brain" path', count: 1, reason: "a project brain's .brain/brain.jsonl: home.ts (project brains in the composition root)" },
  { file: "src/serve/state-file.ts", habit: '".brain" path', count: 1, reason: "serve.json: named by home.ts (src/serve/ under review)" },
  // User-level directories under ~/.brain/ (not a brain's own files): home.ts should name these too.
  { file: "src/config.ts", habit: '".brain" path', count: 1, reason: "~/.brain/team/<key>: a team store's local directory" },
  { file: "src/cli/install.ts", habit: '".brain" path', count: 1, reason: "~/.brain/claude-marketplace: the Claude plugin's install directory" },
  // Log readers outside the one log.
  { file: "src/recall/recent-sessions.ts", habit: "JSON.parse per line", count: 1, reason: "tail of brain.jsonl read by hand (bad lines skipped silently): the one log should offer a tail read" },
  { file: "src/recall/ingest/transcript.ts", habit: "JSON.parse per line", count: 1, reason: "foreign transcripts (Claude Code, pi JSONL), problems reported: could share the store's line framing" },
];

const habitOf = (u: Use): Habit => (/^appendFile/.test(u.what) ? "appendFile" : (u.what as Habit));

let memo: Map<string, Use[]> | undefined;
/** Every habit found outside src/store/, by file and habit. */
function found(): Map<string, Use[]> {
  if (memo) return memo;
  const byKey = new Map<string, Use[]>();
  for (const f of buildGraph(ROOT).files) {
    if (f.file.startsWith(ALLOWED_UNDER)) continue;
    for (const u of habitsOf(f)) {
      const key = `${u.file}\t${habitOf(u)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), u]);
    }
  }
  memo = byKey;
  return byKey;
}

describe("local files are the store's: no appendFile, no hand-rolled log reader, no .brain path outside src/store/", () => {
  test("the detector sees each habit (a file of each, read the same way as src/)", () => {
    const root = mkdtempSync(join(tmpdir(), "brain-habits-"));
    try {
      mkdirSync(join(root, "src"));
      writeFileSync(
        join(root, "src", "x.ts"),
        [
          'import { appendFileSync } from "node:fs";',
          'const lines = text.split("\\n");',
          "for (const l of lines) JSON.parse(l);",
          'text.split("\\n").map((l) => JSON.parse(l));',
          "JSON.parse(text);", // a whole document: fine
          'join(dir, ".brain", "x.json");',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
          "const p = `${dir}/.brain/inbox.jsonl`;",
          'print("see .brain/serve.json beside the log");', // prose, not a path
        ].join("\n"),
      );
      const uses = habitsOf(parse(root, "src/x.ts")).map((u) => `${u.line} ${habitOf(u)}`);
      assert.deepEqual(uses, [
        "1 appendFile",
        "3 JSON.parse per line",
        "4 JSON.parse per line",
        '6 ".brain" path',
        '7 ".brain" path',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("no new offender (KNOWN_OFFENDERS is the whole list, with its counts)", () => {
    const fresh: string[] = [];
    for (const [key, uses] of found()) {
      const [file, habit] = key.split("\t") as [string, Habit];
      const known = KNOWN_OFFENDERS.find((k) => k.file === file && k.habit === habit);
      if (!known || uses.length > known.count)
        fresh.push(
          `  ${uses.map((u) => `${u.file}:${u.line}`).join(", ")}: ${habit} (${uses.length}, allowed ${known?.count ?? 0})`,
        );
    }
    assert.deepEqual(
      fresh,
      [],
      `\nlocal files go through src/store/ (a log, or a path home.ts names):\n${fresh.join("\n")}\n`,
    );
  });

  test("KNOWN_OFFENDERS has no stale entry (a fixed one leaves the list, a smaller count is written down)", () => {
    const byKey = found();
    const stale = KNOWN_OFFENDERS.filter(
      (k) => (byKey.get(`${k.file}\t${k.habit}`)?.length ?? 0) < k.count,
    ).map(
      (k) =>
        `${k.file}: ${k.habit} listed ${k.count}, found ${byKey.get(`${k.file}\t${k.habit}`)?.length ?? 0}`,
    );
    assert.deepEqual(stale, []);
  });
});
