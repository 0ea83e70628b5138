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
 * KNOWN_OFFENDERS is empty: every log is an instance of the one log (src/store/log.ts), every local file is
 * named by src/store/home.ts, and text that is not a brain log is framed by src/store/jsonl/text-lines.ts. An
 * exception, if one is ever needed, is listed there with its count and reason (the test fails when it goes).
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
const KNOWN_OFFENDERS: Offender[] = [];

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
