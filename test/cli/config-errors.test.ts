/**
 * The settings file through the CLI: every malformed value (`secrets` included) is a CONFIG error, exit 6,
 * naming the file and the key, on every command, writing nothing; and a valid `secrets` mode read from the
 * file is the one the write path applies (refuse, redact, allow).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { brain, brainOk, freshSandbox, json, lastLine, show, writeConfig } from "../support/cli.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
/** A fake GitHub token, assembled at run time. */
const TOKEN = `ghp_${"R7dK2mX9qL4vT8wZ1nB5cF3hJ6pS0yE2gA4u"}`;

describe("config-file errors", () => {
  const cases: [string, unknown, RegExp][] = [
    [
      "secrets: an unknown mode",
      { secrets: "maybe" },
      /"secrets" must be "refuse", "redact" or "allow" \(got "maybe"\)/,
    ],
    [
      "secrets: not a string",
      { secrets: true },
      /"secrets" must be "refuse", "redact" or "allow" \(got true\)/,
    ],
    ["autoMemory: not a boolean", { autoMemory: "yes" }, /"autoMemory" must be true or false/],
    ["maxEntryChars: below 1", { maxEntryChars: 0 }, /"maxEntryChars" must be a number ≥ 1/],
    ["decayMinScore: not a number", { decayMinScore: "3" }, /"decayMinScore" must be a number ≥ 0/],
    ["not an object", [1, 2], /must contain a JSON object/],
    ["not JSON", "{ secrets: refuse", /not valid JSON/],
  ];
  test("every command refuses to run on a bad file: exit 6, naming the file and the key, nothing written", async (t) => {
    const sb = freshSandbox(t, "brain-config-");
    const file = writeConfig(sb, { secrets: "maybe" });
    for (const args of [["stats"], ["add", "type=learning", "text=blocked by the config"], ["context"]]) {
      const r = await brain(sb, args, { env });
      assert.equal(r.code, 6, show(r));
      assert.match(r.stderr, cases[0]?.[2] as RegExp);
      assert.ok(r.stderr.includes(file), `names ${file}: ${r.stderr}`);
      assert.equal(r.stdout, "");
    }
    assert.equal(fs.existsSync(sb.brainPath), false, "not even the default brain is created");
  });

  for (const [name, value, message] of cases) {
    test(`${name}: a write is refused with CONFIG (exit 6) and its message`, async (t) => {
      const sb = freshSandbox(t, "brain-config-");
      const file = writeConfig(sb, value);
      const r = await brain(sb, ["add", "type=learning", "text=blocked by the config", "--json"], { env });
      assert.equal(r.code, 6, show(r));
      const j = json<{ ok: boolean; error: { code: string; message: string } }>(r);
      assert.equal(j.ok, false);
      assert.equal(j.error.code, "CONFIG");
      assert.match(j.error.message, message);
      assert.ok(j.error.message.includes(file), j.error.message);
      assert.equal(fs.existsSync(sb.brainPath), false, "a configuration error writes nothing");
    });
  }

  test("an unreadable config path (a directory) is a CONFIG error; BRAIN_CONFIG naming a missing file is not", async (t) => {
    const sb = freshSandbox(t, "brain-config-");
    fs.mkdirSync(join(sb.home, ".rho", "config.json"), { recursive: true });
    const r = await brain(sb, ["stats"], { env });
    assert.equal(r.code, 6, show(r));
    assert.match(r.stderr, /config\.json: cannot read/);
    await brainOk(sb, ["init", "--empty"], { env: { ...env, BRAIN_CONFIG: join(sb.dir, "absent.json") } });
  });
});

describe("secrets mode from the config file", () => {
  test("refuse (the default) exits 2; redact stores a placeholder; allow stores the text", async (t) => {
    const sb = freshSandbox(t, "brain-config-");
    await brainOk(sb, ["init"], { env });
    const refused = await brain(sb, ["add", "type=learning", `text=deploy token ${TOKEN}`], { env });
    assert.equal(refused.code, 2, show(refused));
    assert.match(refused.stderr, /refused: field "text" looks like it contains a secret/);
    assert.ok(!fs.readFileSync(sb.brainPath, "utf8").includes(TOKEN));

    writeConfig(sb, { secrets: "redact" });
    await brainOk(sb, ["add", "type=learning", `text=deploy token ${TOKEN}`], { env });
    assert.match(String(lastLine(sb.brainPath).text), /^deploy token \[REDACTED:[^\]]+\]$/);

    writeConfig(sb, { secrets: "allow" });
    await brainOk(sb, ["add", "type=learning", `text=the test token is ${TOKEN}`], { env });
    assert.equal(lastLine(sb.brainPath).text, `the test token is ${TOKEN}`);
  });
});
