/**
 * `brain context --explain` (every entry kept or cut, and why, agreeing with the context it explains) and
 * `brain file` (the brain files with their activation mode, size and what they own), through the CLI.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { brainOk, freshSandbox, json } from "../support/cli.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
const LINE = /^(kept|cut) +(\S+) +(\S+) +(?:score=(\S+) )?(?:left=(\d+)|reason=(\S+)) {2}(.*)$/;

describe("brain context --explain", () => {
  test("a header with the budget and the tokens used, then one line per item kept or cut", async (t) => {
    const sb = freshSandbox(t, "brain-explain-");
    await brainOk(sb, ["init"], { env });
    const added = await brainOk(
      sb,
      ["add", "type=learning", "text=Deploys go through staging first", "--json"],
      {
        env,
      },
    );
    const id = json<{ data: { id: string } }>(added).data.id;
    const args = ["context", "--budget", "200"];
    const ctx = json<{ tokens: number; injectedIds: string[] }>(
      await brainOk(sb, [...args, "--format", "json"], { env }),
    );
    const lines = (await brainOk(sb, [...args, "--explain"], { env })).stdout.trimEnd().split("\n");
    assert.equal(lines[0], `budget 200 tokens, used ${ctx.tokens}`, "the numbers of the context it explains");
    const items = lines.slice(1).map((l) => {
      const m = LINE.exec(l);
      assert.ok(m, `not an explain line: ${l}`);
      return { verdict: m[1], section: m[2], id: m[3], score: m[4], left: m[5], reason: m[6], label: m[7] };
    });
    // Every injected entry is explained as kept, and every kept entry was injected.
    const keptIds = items.filter((i) => i.verdict === "kept" && i.id !== "-").map((i) => i.id);
    assert.deepEqual([...new Set(keptIds)].sort(), [...ctx.injectedIds].sort());
    // A budget of 200 cannot hold the 16 default behaviours: some are cut, each with its reason.
    const cut = items.filter((i) => i.verdict === "cut");
    assert.ok(
      cut.some((i) => i.section === "behavior" && i.reason === "budget"),
      lines.join("\n"),
    );
    assert.ok(cut.every((i) => i.reason !== undefined && i.left === undefined));
    assert.ok(items.filter((i) => i.verdict === "kept").every((i) => Number(i.left) <= 200));
    const learning = items.find((i) => i.id === id);
    assert.equal(learning?.verdict, "kept");
    assert.equal(learning?.section, "learnings");
    assert.ok(Number(learning?.score) > 0, "learnings carry their score");
    assert.equal(learning?.label, `- Deploys go through staging first #${id.slice(0, 4)}`);
  });
});

describe("brain file", () => {
  test("lists every brain file, sorted, with its mode, size and what it owns", async (t) => {
    const sb = freshSandbox(t, "brain-files-");
    await brainOk(sb, ["init", "--empty"], { env });
    assert.equal((await brainOk(sb, ["file"], { env })).stdout, "No brain files.\n");
    await brainOk(sb, ["init"], { env });
    const dir = dirname(sb.brainPath);
    fs.writeFileSync(
      join(dir, "PYTHON.md"),
      "---\nglobs: '*.py'\ndescription: python notes\n---\n# Py\nUse ruff.\n",
    );
    fs.writeFileSync(join(dir, "DEPLOY.md"), "---\nactivation: manual\n---\n# Deploy\nSteps.\n");
    const rows = (await brainOk(sb, ["file"], { env })).stdout.trimEnd().split("\n");
    const cells = rows.map((r) => /^(\S+) +(\S+) +(\d+) B {2}(.*)$/.exec(r)?.slice(1));
    assert.ok(cells.every(Boolean), rows.join("\n"));
    const names = cells.map((c) => c?.[0] as string);
    assert.deepEqual(names, [...names].sort(), "sorted by name");
    const mode = Object.fromEntries(cells.map((c) => [c?.[0], c?.[1]]));
    assert.deepEqual(
      {
        AGENTS: mode["AGENTS.md"],
        SOUL: mode["SOUL.md"],
        CODE: mode["CODE.md"],
        PY: mode["PYTHON.md"],
        DEPLOY: mode["DEPLOY.md"],
      },
      { AGENTS: "always", SOUL: "always", CODE: "agent", PY: "auto", DEPLOY: "manual" },
    );
    for (const c of cells)
      assert.equal(Number(c?.[2]), fs.statSync(join(dir, c?.[0] as string)).size, `${c?.[0]} size`);
    assert.match(rows.find((r) => r.startsWith("PYTHON.md")) ?? "", /python notes$/);
    assert.match(rows.find((r) => r.startsWith("AGENTS.md")) ?? "", /hard rules and safety gates/);

    const j = json<{ ok: boolean; files: { name: string; mode: string; globs: string[]; bytes: number }[] }>(
      await brainOk(sb, ["file", "--json"], { env }),
    );
    assert.equal(j.ok, true);
    assert.deepEqual(
      j.files.map((f) => f.name),
      names,
    );
    assert.deepEqual(j.files.find((f) => f.name === "PYTHON.md")?.globs, ["*.py"]);
  });
});
