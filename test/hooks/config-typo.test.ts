/**
 * A typo in the settings file does not switch memory off (issue 25 §2): every hook still answers (exit 0) with
 * the default settings and says what is wrong on stderr once per content of the file — not on every prompt —
 * while a command still refuses the file with the CONFIG error (exit 6). Built CLI, real files.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, show, writeConfig } from "../support/cli.ts";
import { common, runHook } from "./_support.ts";

/** Settings files a person might get wrong: each wrong in a different way. */
const TYPOS: [string, string, RegExp][] = [
  ["a word for a number", '{ "promptBudget": "lots" }', /"promptBudget" must be a number/],
  ["a negative number", '{ "decayAfterDays": -3 }', /"decayAfterDays" must be a number/],
  ["a string for a boolean", '{ "autoMemory": "yes" }', /"autoMemory" must be true or false/],
  ["an unknown secrets mode", '{ "secrets": "hide" }', /"secrets" must be/],
  ["not JSON", "{ promptBudget: 2000, }", /not valid JSON/],
];

test("a settings file with a typo: hooks answer with the defaults and warn once per content; commands refuse it", async (t) => {
  const sb = freshSandbox(t);
  const env = { BRAIN_SERVE_AUTOSTART: "0" };
  await brainOk(sb, ["init"]);
  await brainOk(sb, ["add", "type=learning", "text=The staging cluster is called kite"]);
  const start = () =>
    runHook(sb, "session-start", { ...common(sb, sb.dir, "SessionStart"), source: "startup" }, { env });
  const prompt = () =>
    runHook(
      sb,
      "user-prompt-submit",
      { ...common(sb, sb.dir, "UserPromptSubmit"), prompt: "deploy to the kite cluster" },
      { env },
    );
  for (const [what, text, says] of TYPOS) {
    const file = writeConfig(sb, text);
    const first = await start();
    assert.equal(first.code, 0, `${what}: ${show(first)}`);
    assert.match(first.stdout, /The staging cluster is called kite/, `${what}: the session got no memory`);
    const lines = first.stderr.trim().split("\n");
    assert.equal(lines.length, 1, `${what}: ${first.stderr}`);
    assert.match(lines[0] as string, says);
    assert.ok((lines[0] as string).includes(file), `${what}: the warning names the file`);
    const second = await prompt();
    assert.equal(second.code, 0, `${what}: ${show(second)}`);
    assert.match(second.stdout, /kite/, `${what}: the prompt got no memory`);
    assert.equal(second.stderr, "", `${what}: warned again for the same file`);
    assert.equal((await start()).stderr, "", `${what}: warned again for the same file`);
    const command = await brain(sb, ["stats"]);
    assert.equal(command.code, 6, `${what}: ${show(command)}`);
    assert.match(command.stderr, says);
  }
  // Fixed, then the same typo again: said again (the content changed twice).
  writeConfig(sb, '{ "promptBudget": 3000 }');
  assert.deepEqual([(await start()).stderr, (await brain(sb, ["stats"])).code], ["", 0]);
  writeConfig(sb, (TYPOS[0] as [string, string, RegExp])[1]);
  assert.match((await start()).stderr, /"promptBudget" must be a number/);
});
