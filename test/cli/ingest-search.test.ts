/**
 * Conversations through the CLI: `brain ingest` imports a transcript as episodes (idempotently, never into
 * brain.jsonl), `brain search` finds them beside entries, and a query naming a period ("in May 2023")
 * ranks that period's turns first and recalls its turns even without a word in common.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { brain, brainOk, freshSandbox, json, readLines, type Sandbox, show } from "../support/cli.ts";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "..", "recall", "fixtures");
const DINNERS = join(FIXTURES, "dinners.jsonl");
const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const AUG = "[2023-08-20] Ana: We had dinner at the station cafe. (s3)";
const MAY = "[2023-05-14] Ana: We had dinner at the harbour restaurant. (s1)";
const BOAT = "The boat trip was cancelled because of the wind.";

async function ingested(t: { after: (fn: () => void) => void }): Promise<Sandbox> {
  const sb = freshSandbox(t, "brain-ingest-");
  await brainOk(sb, ["init"], { env });
  await brainOk(sb, ["ingest", DINNERS], { env });
  return sb;
}

/** The episode lines `brain search` prints, in order. */
async function episodes(sb: Sandbox, query: string): Promise<string[]> {
  const r = await brainOk(sb, ["search", query], { env });
  return r.stdout
    .split("\n")
    .filter((l) => /^ {2}[0-9a-f]{16}: /.test(l))
    .map((l) => l.replace(/^ {2}[0-9a-f]{16}: /, ""));
}

describe("brain ingest", () => {
  test("imports the turns as episodes beside the log, once; brain.jsonl is untouched", async (t) => {
    const sb = freshSandbox(t, "brain-ingest-");
    await brainOk(sb, ["init"], { env });
    const log = fs.readFileSync(sb.brainPath);
    const first = await brainOk(sb, ["ingest", DINNERS], { env });
    assert.match(
      first.stdout,
      /^Ingested .*dinners\.jsonl \(generic\): 3 turns in 3 session\(s\), 3 new, 0 already known/,
    );
    const again = json<Record<string, unknown>>(await brainOk(sb, ["ingest", DINNERS, "--json"], { env }));
    assert.deepEqual(
      {
        ok: again.ok,
        format: again.format,
        turns: again.turns,
        added: again.added,
        existing: again.existing,
      },
      { ok: true, format: "generic", turns: 3, added: 0, existing: 3 },
    );
    assert.deepEqual(fs.readFileSync(sb.brainPath), log, "episodes never reach brain.jsonl");
    const stored = readLines(join(dirname(sb.brainPath), "episodes.jsonl"));
    assert.deepEqual(stored.map((e) => e.speaker).sort(), ["Ana", "Ana", "Ben"]);
    assert.ok(stored.every((e) => e.type === "episode"));
  });

  test("a missing file, an unknown format and a wrong --format are reported, and write nothing", async (t) => {
    const sb = freshSandbox(t, "brain-ingest-");
    await brainOk(sb, ["init"], { env });
    const missing = await brain(sb, ["ingest", join(sb.dir, "nope.jsonl")], { env });
    assert.equal(missing.code, 3, show(missing));
    assert.match(missing.stderr, /cannot read .*nope\.jsonl/);
    const prose = join(sb.dir, "notes.txt");
    fs.writeFileSync(prose, "just some prose\n");
    const unknown = await brain(sb, ["ingest", prose], { env });
    assert.equal(unknown.code, 2, show(unknown));
    assert.match(unknown.stderr, /cannot tell the format of .*notes\.txt; pass --format/);
    // A wrong --format reads no turns: an error (exit 2) naming the format the file looks like.
    const wrong = await brain(sb, ["ingest", DINNERS, "--format", "locomo"], { env });
    assert.equal(wrong.code, 2, show(wrong));
    assert.match(wrong.stderr, /no conversation turns as --format locomo in .*dinners\.jsonl/);
    assert.match(wrong.stderr, /it looks like generic: pass --format generic/);
    assert.equal(fs.existsSync(join(dirname(sb.brainPath), "episodes.jsonl")), false);
  });
});

describe("episodes in brain search", () => {
  test("episodes are a group of their own, with date, speaker and session; --json carries them whole", async (t) => {
    const sb = await ingested(t);
    await brainOk(sb, ["add", "type=learning", "text=Dinner reservations go through the shared calendar"], {
      env,
    });
    const r = await brainOk(sb, ["search", "dinner"], { env });
    assert.match(r.stdout, /^\[episode\] \(2\)$/m);
    assert.match(r.stdout, /^\[learning\] \(1\)$/m);
    assert.deepEqual((await episodes(sb, "dinner")).sort(), [AUG, MAY].sort());
    const j = json<{ data: { groups: { type: string; entries: Record<string, unknown>[] }[] } }>(
      await brainOk(sb, ["search", "harbour", "--json"], { env }),
    );
    const group = j.data.groups.find((g) => g.type === "episode");
    assert.equal(group?.entries.length, 1);
    assert.equal(group?.entries[0]?.speaker, "Ana");
    assert.equal(group?.entries[0]?.session, "s1");
    assert.equal(group?.entries[0]?.date, "2023-05-14T19:00:00Z");
  });
});

describe("date-window recall", () => {
  test("a query naming a month ranks that month's turns first", async (t) => {
    const sb = await ingested(t);
    assert.deepEqual(await episodes(sb, "dinner in May 2023"), [MAY, AUG]);
    assert.deepEqual(await episodes(sb, "dinner in August 2023"), [AUG, MAY]);
  });

  test("the context recalls a turn of the named month that shares no word with the query", async (t) => {
    const sb = await ingested(t);
    const context = async (query: string) =>
      (await brainOk(sb, ["context", "--query", query], { env })).stdout;
    const may = await context("where did we have dinner in May 2023?");
    assert.ok(may.includes(BOAT), `the May 2023 turn is recalled:\n${may}`);
    const aug = await context("where did we have dinner in August 2023?");
    assert.ok(aug.includes("station cafe"));
    assert.ok(!aug.includes(BOAT), "a turn of another month is not");
    assert.ok(!(await context("where did we have dinner?")).includes(BOAT), "nor without a period");
  });
});
