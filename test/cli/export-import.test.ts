/**
 * Moving a brain (issue 13): `brain export` as JSONL (folded, Rho's format, episodes after) and Markdown,
 * `brain import` of an export, of a raw brain.jsonl (its updates and removals applied) or of a Rho brain;
 * idempotent, dry-run, bad lines reported by number and never fatal. Built CLI, real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, json, readLines, type Sandbox, show } from "../support/cli.ts";

const NOW = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };

/** The default brain with learnings (one updated, one removed, one holding a C1 control), a task and two turns. */
async function filled(sb: Sandbox): Promise<void> {
  await brainOk(sb, ["init"], { env: NOW });
  const add = async (...kv: string[]) =>
    json<{ data: { id: string } }>(await brainOk(sb, ["--json", "add", ...kv], { env: NOW })).data.id;
  await add("type=learning", "text=This repo uses pnpm not npm");
  const upd = await add("type=learning", "text=Staging listens on port 8443");
  const gone = await add("type=learning", "text=The flamingo service is deprecated");
  await add("type=learning", "text=odd \u009b31m text");
  await add("type=task", "description=Fix the flaky CI test", "priority=high");
  await add("type=user", "key=timezone", "value=Europe/Lisbon");
  await brainOk(sb, ["update", `id=${upd}`, "text=Staging listens on port 6543"], { env: NOW });
  await brainOk(sb, ["remove", `id=${gone}`], { env: NOW });
  const talk = join(sb.dir, "talk.jsonl");
  fs.writeFileSync(
    talk,
    `${JSON.stringify({ session: "s1", date: "2026-02-01T10:00:00Z", speaker: "Ana", text: "we ship on fridays" })}\n` +
      `${JSON.stringify({ session: "s1", date: "2026-02-01T10:01:00Z", speaker: "Bo", text: "noted" })}\n`,
  );
  await brainOk(sb, ["ingest", talk, "--format", "generic"], { env: NOW });
}

function other(sb: Sandbox, name: string): string[] {
  return ["--brain", join(sb.dir, name, "brain.jsonl")];
}

test("export → import into a fresh brain gives the same brain; a second import adds nothing", async (t) => {
  const sb = freshSandbox(t);
  await filled(sb);
  const exported = (await brainOk(sb, ["export"], { env: NOW })).stdout;
  assert.doesNotMatch(exported, /[\u007f-\u009f\u001b]/, "a raw control character in the export");
  const lines = exported
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.ok(lines.some((l) => l.text === "Staging listens on port 6543"));
  assert.ok(!lines.some((l) => String(l.text).includes("8443") || String(l.text).includes("flamingo")));
  assert.ok(!lines.some((l) => l.type === "tombstone"), "an export is folded");
  assert.deepEqual(
    lines.filter((l) => l.type === "episode").map((l) => l.text),
    ["we ship on fridays", "noted"],
  );
  const file = join(sb.dir, "export.jsonl");
  fs.writeFileSync(file, exported);

  const b = other(sb, "b");
  const dry = await brainOk(sb, [...b, "import", file, "--dry-run"], { env: NOW });
  // A fresh brain holds nothing (only `brain init` writes the defaults): all 23 would be new.
  assert.match(dry.stdout, /^Would import 23 entries \(0 already in the brain\) and 2 episodes/);
  assert.ok(!fs.existsSync(join(sb.dir, "b")), "a dry run created the brain");
  const r = json<{ added: number; episodesAdded: number; problems: unknown[] }>(
    await brainOk(sb, [...b, "--json", "import", file], { env: NOW }),
  );
  assert.deepEqual([r.added, r.episodesAdded, r.problems], [23, 2, []]);
  assert.equal((await brainOk(sb, [...b, "export"], { env: NOW })).stdout, exported);
  assert.match((await brainOk(sb, [...b, "search", "fridays"])).stdout, /we ship on fridays/);

  const log = fs.readFileSync(join(sb.dir, "b", "brain.jsonl"));
  const again = await brainOk(sb, [...b, "import", file], { env: NOW });
  assert.match(
    again.stdout,
    /^Imported 0 entries \(23 already in the brain\) and 0 episodes \(2 already there\)/,
  );
  assert.deepEqual(fs.readFileSync(join(sb.dir, "b", "brain.jsonl")), log);
});

test("import of a raw brain.jsonl applies its updates and removals", async (t) => {
  const sb = freshSandbox(t);
  await filled(sb);
  const c = other(sb, "c");
  await brainOk(sb, [...c, "import", sb.brainPath], { env: NOW });
  const learnings = (await brainOk(sb, [...c, "list", "type=learning"])).stdout;
  assert.match(learnings, /port 6543/);
  assert.doesNotMatch(learnings, /8443|flamingo/);
  assert.equal(readLines(join(sb.dir, "c", "brain.jsonl")).filter((l) => l.type === "tombstone").length, 0);
});

test("bad lines are reported by number and the rest imported; non-brain input is refused", async (t) => {
  const sb = freshSandbox(t);
  const file = join(sb.dir, "mixed.jsonl");
  fs.writeFileSync(
    file,
    [
      JSON.stringify({ id: "aaaa0001", type: "learning", text: "good one", created: "2026-01-01T00:00:00Z" }),
      "{not json",
      JSON.stringify({ id: "aaaa0002", type: "learning", created: "2026-01-01T00:00:00Z" }),
      JSON.stringify({ id: "aaaa0003", type: "gizmo", created: "2026-01-01T00:00:00Z" }),
      JSON.stringify({
        id: "aaaa0004",
        type: "preference",
        text: "tabs",
        category: "Code",
        created: "2026-01-01T00:00:00Z",
      }),
    ].join("\n"),
  );
  const r = await brain(sb, ["import", file]);
  assert.equal(r.code, 1, show(r));
  assert.match(r.stdout, /^Imported 2 entries/);
  assert.match(
    r.stderr,
    /^line 2: .*\(not imported\)\nline 3: learning requires text \(not imported\)\nline 4: unknown type "gizmo"/,
  );
  assert.match((await brainOk(sb, ["get", "aaaa0004"])).stdout, /text: tabs/);

  const md = join(sb.dir, "brain.md");
  fs.writeFileSync(md, "# Brain export\n\n## Learnings (1)\n- **x**\n");
  const notJsonl = await brain(sb, ["import", md]);
  assert.equal(notJsonl.code, 2, show(notJsonl));
  assert.match(notJsonl.stderr, /holds no brain entries \(line 1: .*expected JSONL from brain export/);
  assert.equal((await brain(sb, ["import", sb.dir])).code, 2);
  assert.equal((await brain(sb, ["import", join(sb.dir, "nope.jsonl")])).code, 3);
});

test("export --format markdown groups by type for reading; --out writes the file", async (t) => {
  const sb = freshSandbox(t);
  await filled(sb);
  const out = join(sb.dir, "brain.md");
  const r = json<{ entries: number; episodes: number }>(
    await brainOk(sb, ["--json", "export", "--format", "markdown", "--out", out], { env: NOW }),
  );
  assert.deepEqual([r.entries, r.episodes], [23, 2]);
  const md = fs.readFileSync(out, "utf8");
  assert.match(md, /^# Brain export \(2026-03-01T12:00:00.000Z\)\n/);
  assert.match(md, /## Learnings \(3\)\n\n- \*\*This repo uses pnpm not npm\*\* `[0-9a-f]{8}`/);
  assert.match(md, /## Tasks \(1\)\n\n- \*\*Fix the flaky CI test \[high\]\*\*/);
  assert.match(
    md,
    /## Conversations \(2 turns\)\n\n### .*s1.*\n\n- \[2026-02-01\] \*\*Ana\*\*: we ship on fridays/,
  );
  assert.doesNotMatch(md, /[\u007f-\u009f]/);
  const bad = await brain(sb, ["export", "--format", "yaml"]);
  assert.equal(bad.code, 2, show(bad));
  const noEp = (await brainOk(sb, ["export", "--no-episodes"])).stdout;
  assert.doesNotMatch(noEp, /"episode"/);
});
