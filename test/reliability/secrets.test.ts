/**
 * Secret × write path (issue 10 #14): every path that stores text runs the secrets guard — a memory
 * (`brain add`), a brain file (`brain file X --append/--replace`) and an ingested transcript (redacted, with
 * a count in the receipt) — and the detectors cover the shapes and evasions listed in the issue without
 * flagging ordinary prose and code.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BrainError } from "../../src/core/errors.ts";
import { Brain } from "../../src/engine/brain.ts";
import { cli, tempDir } from "./support/harness.ts";
import { b64, EVASIONS, mixed, NEW_SHAPES } from "./support/secret-shapes.ts";

/** Ordinary text that must go through. */
const INNOCENT = [
  "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 fixed the race (git sha)",
  "request id 123e4567-e89b-12d3-a456-426614174000 failed (a UUID)",
  `the fixture is ${b64("The quick brown fox jumps over the lazy dog, twice over.")} (base64 of prose)`,
  "Set PASSWORD= in your .env, and API_TOKEN=$" + "{API_TOKEN} in CI; never commit the real value.",
  "const password = readPassword(); // prompt the user for their password",
  "The 40-character hash 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12 is sha1 of the fox sentence.",
  "Use key-value pairs: key-name maps to the setting.",
];

/** A distinctive middle piece of a secret, which must never be stored. */
const piece = (s: string) => s.slice(Math.floor(s.length / 2) - 6, Math.floor(s.length / 2) + 6);

test("the detectors refuse every new shape and evasion through `add`, and let ordinary text through", async (t) => {
  const path = join(tempDir(t), "brain.jsonl");
  const brain = Brain.open({ path });
  for (const [kind, secret] of [...NEW_SHAPES, ...EVASIONS]) {
    await assert.rejects(
      brain.act({ action: "add", type: "learning", text: `remember ${secret} for later` }),
      (e) => e instanceof BrainError && /looks like it contains a secret/.test(e.message),
      kind,
    );
  }
  for (const text of INNOCENT) {
    const r = await brain.act({ action: "add", type: "learning", text });
    assert.ok(r.ok, `${text}: ${JSON.stringify(r)}`);
  }
  const log = fs.readFileSync(path, "utf8");
  for (const [kind, secret] of [...NEW_SHAPES, ...EVASIONS]) assert.ok(!log.includes(piece(secret)), kind);
});

test("`brain file X --append` and `--replace` refuse a secret (exit 2) and leave the file as it was", async (t) => {
  const dir = tempDir(t);
  const env = { BRAIN_PATH: join(dir, "brain", "brain.jsonl"), HOME: dir };
  const ok = await cli(["file", "NOTES.md", "--append", "deploys go through CI"], env);
  assert.equal(ok.code, 0, ok.stderr);
  const file = join(dir, "brain", "NOTES.md");
  const before = fs.readFileSync(file, "utf8");
  const secret = `ghp_${mixed.slice(0, 36)}`;
  const r = await cli(["file", "NOTES.md", "--append", `token ${secret}`], env);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /secret/);
  assert.ok(!r.stderr.includes(secret));
  const r2 = await cli(
    ["file", "NOTES.md", "--replace", "--intent", "rotate", "--append", `DB_PASSWORD=${mixed.slice(0, 16)}`],
    env,
  );
  assert.equal(r2.code, 2, r2.stderr);
  assert.equal(fs.readFileSync(file, "utf8"), before);
});

test("secrets=redact stores a brain file with the secret redacted", async (t) => {
  const dir = tempDir(t);
  const brain = Brain.open({ path: join(dir, "brain.jsonl"), settings: { secrets: "redact" } });
  const secret = `sk_live_${mixed.slice(0, 24)}`;
  await brain.writeBrainFile("NOTES.md", `pay with ${secret} only`);
  const text = fs.readFileSync(join(dir, "NOTES.md"), "utf8");
  assert.ok(!text.includes(piece(secret)), text);
  assert.match(text, /pay with \[REDACTED:[^\]]+\] only/);
});

test("`brain ingest` redacts secrets in transcripts and counts them in the receipt", async (t) => {
  const dir = tempDir(t);
  const env = { BRAIN_PATH: join(dir, "brain", "brain.jsonl"), HOME: dir };
  const secrets = [
    `ghp_${mixed.slice(0, 36)}`,
    `sk_live_${mixed.slice(0, 24)}`,
    b64(`xoxb-1234567890-1234567890123-${mixed.slice(0, 24)}`),
  ];
  const lines = [
    { session: "s", speaker: "Ana", text: `the token is ${secrets[0]}` },
    { session: "s", speaker: "Ben", text: `and stripe is ${secrets[1]}, slack ${secrets[2]}` },
    { session: "s", speaker: "Ana", text: "thanks, rotating both now" },
  ];
  const file = join(dir, "talk.jsonl");
  fs.writeFileSync(
    file,
    `${lines.map((l) => JSON.stringify({ ...l, date: "2024-01-01T00:00:00Z" })).join("\n")}\n`,
  );
  const r = await cli(["ingest", file, "--format", "generic", "--json"], env);
  assert.equal(r.code, 0, r.stderr);
  const receipt = JSON.parse(r.stdout) as { added: number; redacted: number };
  assert.equal(receipt.added, 3);
  assert.equal(receipt.redacted, 3, r.stdout);
  const episodes = fs.readFileSync(join(dir, "brain", "episodes.jsonl"), "utf8");
  for (const s of secrets) assert.ok(!episodes.includes(piece(s)), `episode log holds ${s}`);
  assert.match(episodes, /rotating both now/);
  const human = await cli(["ingest", file, "--format", "generic"], env);
  assert.equal(human.code, 0, human.stderr);
  const s = await cli(["search", "token", "--json"], env);
  assert.ok(!s.stdout.includes(piece(secrets[0] as string)), s.stdout);
});
