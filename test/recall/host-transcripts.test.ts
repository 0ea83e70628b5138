/**
 * The other hosts' session stores, read from files the real programs wrote (test/recall/fixtures/hosts/: a Codex
 * rollout, a Gemini CLI chat, a Copilot CLI events.jsonl, each from a headless run against a fake model whose
 * hooks added PROBE-* context; OpenCode's SQLite made by make-opencode-db.sh from a real run's database, its
 * second session only in the -wal file). Only what the user and the model said becomes a turn.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Brain } from "../../src/engine/brain.ts";
import { readTranscript } from "../../src/recall/ingest/ingest.ts";
import { isSqliteFile, loadSqlite, openCodeMessages } from "../../src/recall/ingest/opencode-db.ts";
import { detectFormat } from "../../src/recall/ingest/parse.ts";
import { withWal } from "../../src/recall/ingest/sqlite-wal.ts";
import { fc } from "../support/fc.ts";

const FIX = fileURLToPath(new URL("./fixtures/hosts/", import.meta.url));
const JSONL = {
  codex: ["codex-rollout.jsonl", "01a2188c-15e5-7541-9922-f24e0cfa7da2"],
  gemini: ["gemini-session.jsonl", "5fde84cf-14f7-4d21-9eb0-a7f6e9ed2628"],
  copilot: ["copilot-events.jsonl", "84c9a48f-b4e8-4f28-93ef-e2a9eb77cf35"],
} as const;
/** What each host or its hooks put into the conversation for the model (never said by the user). */
const HARNESS = /PROBE-|<environment_context>|<session_context>|<hook_context>|AGENTS\.md|<brain-context>/;

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-hosts-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

before(loadSqlite);

describe("host session files as the real programs wrote them", () => {
  for (const [format, [file, session]] of Object.entries(JSONL)) {
    test(`${format}: detected, and only the user's and the model's words are turns`, () => {
      const path = join(FIX, file);
      assert.equal(detectFormat(fs.readFileSync(path, "utf8")), format);
      const p = readTranscript(path);
      assert.equal(p.format, format);
      assert.deepEqual(p.problems, []);
      assert.deepEqual(
        p.turns.map((t) => [t.session, t.role, t.text]),
        [
          [session, "user", "hello there"],
          [session, "assistant", "Noted."],
        ],
      );
      assert.ok(p.skipped > 0, "the host's own records were passed over");
      for (const t of p.turns)
        assert.ok(!Number.isNaN(Date.parse(t.date)) && t.date.startsWith("2026-11-26"));
      assert.equal(new Set(p.turns.map((t) => t.turn)).size, p.turns.length, "turn ids are distinct");
    });
  }

  test("a hook's context is in the raw files (so the filtering above is tested, not vacuous)", () => {
    for (const [file] of Object.values(JSONL))
      assert.match(fs.readFileSync(join(FIX, file), "utf8"), HARNESS);
  });

  test("a bad line in a host file is a reported problem, the rest still read", () => {
    const text = fs.readFileSync(join(FIX, JSONL.copilot[0]), "utf8").split("\n");
    text.splice(3, 0, "{not json");
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-hosts-"));
    try {
      fs.writeFileSync(join(dir, "events.jsonl"), text.join("\n"));
      const p = readTranscript(join(dir, "events.jsonl"));
      assert.equal(p.format, "copilot");
      assert.equal(p.problems.length, 1);
      assert.equal(p.problems[0]?.line, 4);
      assert.equal(p.turns.length, 2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("OpenCode's SQLite store", () => {
  const db = join(FIX, "opencode.db");

  test("detected by its magic bytes; the committed -wal frames read as OpenCode sees them", () => {
    assert.ok(isSqliteFile(db));
    assert.ok(!isSqliteFile(join(FIX, JSONL.codex[0])));
    const p = readTranscript(db);
    assert.equal(p.format, "opencode");
    assert.deepEqual(
      p.turns.map((t) => [t.session, t.role, t.text]),
      [
        ["ses_de77192a0ffevrWzpwkTlT77iz", "user", '"hello there"'],
        ["ses_de77192a0ffevrWzpwkTlT77iz", "assistant", "Noted."],
        // only in the -wal file; the synthetic part (a plugin's context) and the tool part are not turns
        ["ses_live", "user", "The staging database listens on port 6543."],
        ["ses_live", "assistant", "Noted: staging uses 6543."],
      ],
    );
    for (const t of p.turns) assert.doesNotMatch(t.text, HARNESS);
  });

  test("the main file alone (no -wal beside it) holds only the checkpointed session", (t) => {
    const dir = tempDir(t);
    fs.copyFileSync(db, join(dir, "opencode.db"));
    const sessions = new Set(openCodeMessages(join(dir, "opencode.db")).map((m) => m.session));
    assert.deepEqual([...sessions], ["ses_de77192a0ffevrWzpwkTlT77iz"]);
    assert.deepEqual(
      openCodeMessages(db, "ses_live").map((m) => m.id),
      ["msg_live_1", "msg_live_2"],
    );
  });

  test("a -wal cut or damaged anywhere reads as a committed prefix, never an error (property)", () => {
    const main = fs.readFileSync(db);
    const wal = fs.readFileSync(`${db}-wal`);
    const full = messagesOf(main, wal);
    assert.equal(full.length, 4);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: wal.length }),
        fc.option(fc.integer({ min: 0, max: wal.length - 1 })),
        (cut, flip) => {
          const w = Uint8Array.from(wal.subarray(0, cut));
          if (flip !== null && flip < w.length) w[flip] = (w[flip] as number) ^ 0xff;
          const got = messagesOf(main, w);
          // SQLite commits each insert on its own: any prefix of the frames is one of the states it went through.
          assert.deepEqual(got, full.slice(0, got.length));
          assert.ok(got.length >= 2, "the checkpointed session is always there");
        },
      ),
    );
  });

  test("a frame whose page was damaged (its checksum no longer holds) is not read, nor any after it", () => {
    const main = fs.readFileSync(db);
    const wal = fs.readFileSync(`${db}-wal`);
    const full = messagesOf(main, wal);
    // every byte of every copy of the live session's texts in the -wal (SQLite writes a page in each frame that changes it)
    const spots: number[] = [];
    for (const needle of ["staging database", "staging uses"]) {
      for (let at = wal.indexOf(needle); at >= 0; at = wal.indexOf(needle, at + 1)) {
        for (let i = 0; i < needle.length; i++) spots.push(at + i);
      }
    }
    assert.ok(spots.length > 0);
    fc.assert(
      fc.property(fc.constantFrom(...spots), (flip) => {
        const w = Uint8Array.from(wal);
        w[flip] = (w[flip] as number) ^ 0x20;
        const got = messagesOf(main, w);
        assert.deepEqual(got, full.slice(0, got.length));
        assert.ok(got.length < full.length, "the damaged frame and those after it are not read");
      }),
    );
  });

  test("brain ingest of the database: episodes of every session, and a second import adds none", async (t) => {
    const dir = tempDir(t);
    const brain = Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir });
    const first = await brain.ingest(db);
    assert.deepEqual([first.format, first.turns, first.added, first.sessions], ["opencode", 4, 4, 2]);
    const again = await brain.ingest(db);
    assert.deepEqual([again.added, again.existing], [0, 4]);
    assert.ok(
      !fs.readFileSync(join(dir, "brain.jsonl"), "utf8").includes("6543"),
      "episodes never reach brain.jsonl",
    );
  });

  test("each JSONL host file ingests through the brain, and once only", async (t) => {
    const dir = tempDir(t);
    const brain = Brain.open({ path: join(dir, "brain.jsonl"), cwd: dir });
    for (const [format, [file]] of Object.entries(JSONL)) {
      const r = await brain.ingest(join(FIX, file));
      assert.deepEqual([r.format, r.added], [format, 2]);
      assert.equal((await brain.ingest(join(FIX, file))).added, 0);
    }
  });
});

function messagesOf(main: Uint8Array, wal: Uint8Array): string[] {
  const dir = fs.mkdtempSync(join(tmpdir(), "brain-wal-"));
  try {
    fs.writeFileSync(join(dir, "o.db"), withWal(main, wal));
    return openCodeMessages(join(dir, "o.db")).map((m) => `${m.id}:${m.text}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
