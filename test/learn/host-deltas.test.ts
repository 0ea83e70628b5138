/**
 * The learner reads each host's own transcript format: a cursor queued by Codex's, Gemini CLI's or Copilot
 * CLI's hook points at that host's session file (the real files in test/recall/fixtures/hosts/), and its
 * delta holds the user's and the model's turns — read whole, or line by line as the host appends.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import type { SessionCursor } from "../../src/learn/cursors.ts";
import { advance, DEFAULT_CAPS, readDelta } from "../../src/learn/transcript-read.ts";

const FIX = fileURLToPath(new URL("../recall/fixtures/hosts/", import.meta.url));
const HOSTS = {
  codex: "codex-rollout.jsonl",
  gemini: "gemini-session.jsonl",
  copilot: "copilot-events.jsonl",
};

const cursor = (host: string, transcript: string): SessionCursor => ({
  host,
  transcript,
  session_id: "s",
  offset: 0,
  line: 0,
  attempts: 0,
  updated: "2026-11-26T00:00:00.000Z",
});

describe("the learner's delta of each host's transcript", () => {
  for (const [host, file] of Object.entries(HOSTS)) {
    test(`${host}: the whole file, then the same turns when it grew a line at a time`, (t) => {
      const whole = readDelta(cursor(host, join(FIX, file)), 1 << 20, DEFAULT_CAPS);
      assert.deepEqual(
        whole.turns.map((x) => [x.role, x.text]),
        [
          ["user", "hello there"],
          ["assistant", "Noted."],
        ],
      );
      // as the host writes it: one line at a time, a delta after each
      const dir = fs.mkdtempSync(join(tmpdir(), "brain-host-delta-"));
      t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
      const grown = join(dir, file);
      fs.writeFileSync(grown, "");
      const c = cursor(host, grown);
      const seen = new Map<string, string>();
      for (const line of fs.readFileSync(join(FIX, file), "utf8").split(/(?<=\n)/)) {
        fs.appendFileSync(grown, line);
        const d = readDelta(c, 1 << 20, DEFAULT_CAPS);
        for (const x of d.turns) seen.set(x.turn, x.text);
        advance(c, d);
      }
      assert.deepEqual(
        [...seen.values()],
        whole.turns.map((x) => x.text),
      );
      assert.deepEqual(
        [...seen.keys()],
        whole.turns.map((x) => x.turn),
        "the same turn ids either way",
      );
    });
  }
});
