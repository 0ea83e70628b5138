/**
 * `brain mind …` and the her memory.json import/export through the built CLI: every command with --json,
 * errors with their exit codes, help with examples; and brain.jsonl untouched by any of it (Rho's reference
 * fold loads it to the same brain before and after).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { foldEntries } from "../../src/core/fold.ts";
import { brain, brainOk, freshSandbox, json, readLines } from "../support/cli.ts";
import { fromFoldState, rhoFold } from "../support/rho-reference.ts";

const FIXTURE = join(import.meta.dirname, "..", "mind", "fixtures", "her-memory.json");

test("brain mind: goals, a plan, ticks, reflection, exploration, chat, listings and show, with --json", async (t) => {
  const sb = freshSandbox(t, "brain-mind-cli-");
  const g = json<{ goal: { id: string } }>(
    await brainOk(sb, ["--json", "mind", "goal", "add", "Ship", "dark", "mode"]),
  );
  await brainOk(sb, ["mind", "plan", "find the theme file", "add a dark palette", "test contrast"]);
  const tick = json<{ tick: number; plan: { current: number } }>(
    await brainOk(sb, [
      "--json",
      "mind",
      "tick",
      "--type",
      "read_file",
      "--what",
      "src/theme/index.ts",
      "--outcome",
      "success",
      "--thought",
      "the palette is here",
      "--novel",
    ]),
  );
  assert.equal(tick.tick, 1);
  assert.equal(tick.plan.current, 1);
  const fail = await brainOk(sb, ["mind", "tick", "--type", "write_file", "--error", "ENOENT: dark.css"]);
  assert.equal(fail.stdout.trim(), "Tick 2 (failure); next: add a dark palette");
  await brainOk(sb, ["mind", "explored", "https://example.org/contrast", "WCAG", "ratios"]);
  await brainOk(sb, [
    "mind",
    "reflect",
    "--self",
    "I read before I write",
    "--fact",
    "themes live in src/theme",
    "--rule",
    "test contrast first",
    "--rule",
    "read first",
  ]);
  await brainOk(sb, ["mind", "chat", "user", "keep", "it", "AA"]);
  const show = (await brainOk(sb, ["mind"])).stdout;
  assert.match(
    show,
    /^Primary goal: Ship dark mode\nLast user message: keep it AA\nLast error: ENOENT: dark.css\nPlan: step 2 of 3: add a dark palette/,
  );
  assert.match(show, /- rule for myself: read first/);
  assert.match(show, /Explored URLs: https:\/\/example.org\/contrast/);
  const d = json<{ ok: boolean; primaryGoal: { id: string }; explored: { urls: { summary: string }[] } }>(
    await brainOk(sb, ["--json", "mind", "show"]),
  );
  assert.equal(d.primaryGoal.id, g.goal.id);
  assert.equal(d.explored.urls[0]?.summary, "WCAG ratios");
  const affect = json<{ items: { emotions: { interest: number } }[] }>(
    await brainOk(sb, ["--json", "mind", "list", "affect"]),
  );
  assert.equal(affect.items.length, 2);
  assert.ok((affect.items[0]?.emotions.interest ?? 0) > 0, "the novel tick raised interest");
  const thoughts = (await brainOk(sb, ["mind", "list", "thoughts", "--limit", "1"])).stdout;
  assert.match(thoughts, /the palette is here$/m);
  await brainOk(sb, ["mind", "goal", "done", g.goal.id]);
  assert.equal((await brainOk(sb, ["mind", "goals"])).stdout.trim(), "No goals.");
  // The working context reaches `brain context`, named line by line by --explain.
  assert.match(
    (await brainOk(sb, ["context", "--recover"])).stdout,
    /## Working context \(the agent's own state\)\nLast user message: keep it AA/,
  );
  const explain = (await brainOk(sb, ["context", "--explain", "--recover"])).stdout;
  for (const label of [
    "mind:user",
    "mind:error",
    "mind:plan",
    "mind:affect",
    "mind:instruction",
    "mind:explored",
  ])
    assert.match(explain, new RegExp(`kept {2}working .* ${label}$`, "m"));
  // Everything lives in .brain/mind.jsonl; brain.jsonl holds no mind record.
  assert.ok(readLines(join(sb.dir, "brain", ".brain", "mind.jsonl")).length > 10);
  assert.ok(!fs.existsSync(sb.brainPath) || !fs.readFileSync(sb.brainPath, "utf8").includes("dark"));
});

test("brain mind: errors name the field and map to exit codes; help has examples", async (t) => {
  const sb = freshSandbox(t, "brain-mind-cli-");
  await brainOk(sb, ["init", "--empty"]); // a brain to read: a missing one is NOT_FOUND before any argument
  const bad = await brain(sb, ["--json", "mind", "tick", "--outcome", "great"]);
  assert.equal(bad.code, 2);
  assert.equal(json<{ error: { code: string; field: string } }>(bad).error.field, "outcome");
  assert.equal((await brain(sb, ["mind", "goal", "done", "nothing"])).code, 3);
  assert.equal((await brain(sb, ["mind", "list", "dreams"])).code, 2);
  assert.equal((await brain(sb, ["mind", "fly"])).code, 2);
  assert.equal((await brain(sb, ["mind", "plan"])).code, 2);
  const help = (await brainOk(sb, ["mind", "--help"])).stdout;
  assert.match(help, /Examples:\n {2}brain mind goal add "Ship dark mode"/);
  assert.match(help, /--outcome <outcome>/);
});

test("her memory.json: import → export gives it back; a second import writes nothing; brain.jsonl is untouched and Rho loads it the same", async (t) => {
  const sb = freshSandbox(t, "brain-mind-her-");
  await brainOk(sb, ["add", "type=learning", "text=The repo uses pnpm"]);
  const before = fs.readFileSync(sb.brainPath, "utf8");
  const dry = json<{ dryRun: boolean; records: number }>(
    await brainOk(sb, ["--json", "import", "--from", "her", FIXTURE, "--dry-run"]),
  );
  assert.equal(dry.dryRun, true);
  assert.ok(!fs.existsSync(join(sb.dir, "brain", ".brain", "mind.jsonl")), "a dry run writes nothing");
  const r = (await brainOk(sb, ["import", "--from", "her", FIXTURE])).stdout;
  assert.match(r, /^Imported \d+ records into the mind from .*\(.*thought.*\)\.$/m);
  // Its neurons and synapses feed the association graph too (once: the second import writes nothing).
  assert.match(r, /^The association graph got [1-9]\d* nodes and edges from its neurons and synapses/m);
  const graphLog = join(sb.dir, "brain", ".brain", "graph-events.jsonl");
  const graphBefore = fs.readFileSync(graphLog, "utf8");
  const her0 = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as { neurons: Record<string, unknown> };
  const key = Object.keys(her0.neurons).find((k) => k.startsWith("path:")) as string;
  const shown = json<{ weight: number }>(await brainOk(sb, ["--json", "graph", "show", `p:${key.slice(5)}`]));
  assert.equal(shown.weight, (her0.neurons[key] as { strength: number }).strength);
  const again = (await brainOk(sb, ["import", "--from", "her", FIXTURE])).stdout;
  assert.match(again, /was imported into the mind before: nothing to do/);
  assert.equal(fs.readFileSync(graphLog, "utf8"), graphBefore);
  await brainOk(sb, ["mind", "tick", "--thought", "after the import", "--outcome", "success"]);
  const out = join(sb.dir, "memory.json");
  await brainOk(sb, ["export", "--format", "her", "--out", out]);
  const back = JSON.parse(fs.readFileSync(out, "utf8"));
  const her = JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
  assert.deepEqual(back.state.goals, her.state.goals);
  assert.deepEqual(back.neurons, her.neurons);
  assert.deepEqual(back.state.lastDir, her.state.lastDir);
  assert.equal(back.thoughts.at(-1).text, "after the import");
  assert.deepEqual(back.thoughts.slice(0, -1), her.thoughts);
  const stdout = JSON.parse((await brainOk(sb, ["export", "--format", "her"])).stdout);
  assert.deepEqual(stdout, back);
  // brain.jsonl: byte for byte what it was, and Rho's reference fold loads it to the same brain.
  const after = fs.readFileSync(sb.brainPath, "utf8");
  assert.equal(after, before);
  const entries = after
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  assert.deepEqual(rhoFold(entries), fromFoldState(foldEntries(entries)));
  assert.ok(rhoFold(entries).arrays.learning.some((l) => l.text === "The repo uses pnpm"));
  assert.equal((await brain(sb, ["import", "--from", "xml", FIXTURE])).code, 2);
});
