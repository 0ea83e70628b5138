/**
 * Nothing behind the user's back (issue 25 §2), through the built CLI: a command that only reads (every one,
 * dry runs included) refuses a brain that is not there — "no brain at PATH (`brain init` creates one)", exit 3
 * — and creates nothing; on a brain that is there, reads and dry runs leave every file as it was; a brain a
 * write or a host hook starts implicitly starts empty, and only `brain init` writes the default entries.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { brain, brainOk, freshSandbox, readLines, type Sandbox, show } from "../support/cli.ts";

const DINNERS = join(dirname(fileURLToPath(import.meta.url)), "..", "recall", "fixtures", "dinners.jsonl");

/** Every command that only reads, with a dry run of each command that writes (argv after the global options). */
function reads(sb: Sandbox): string[][] {
  const exported = join(sb.dir, "exported.jsonl");
  return [
    ["list"],
    ["list", "type=learning"],
    ["list", "type=episode"],
    ["get", "b0000001"],
    ["context"],
    ["context", "--query", "dinner"],
    ["context", "--compat", "rho"],
    ["context", "--recover"],
    ["stats"],
    ["search", "dinner"],
    ["heartbeat"],
    ["doctor"],
    ["export"],
    ["export", "--format", "markdown"],
    ["file"],
    ["file", "SOUL.md"],
    ["inbox"],
    ["curator", "stats"],
    ["learn", "--status"],
    ["remove", "id=b0000001", "--dry-run"],
    ["decay", "--dry-run"],
    ["task_clear", "--dry-run"],
    ["consolidate", "--dry-run"],
    ["forget", "--session", "s1", "--dry-run"],
    ["export-rules", "--format", "agents", "--dry-run"],
    ["import", exported, "--dry-run"],
    ["import-host-memory", "--dry-run"],
  ];
}

/** Every file under `dir` with its bytes' hash and its modification time. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = fs.statSync(p);
        const hash = createHash("sha256").update(fs.readFileSync(p)).digest("hex").slice(0, 12);
        out.set(relative(dir, p), `${hash} ${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out;
}

test("every read and dry run on a mistyped brain path says there is no brain there and creates nothing", async (t) => {
  const sb = freshSandbox(t);
  fs.writeFileSync(
    join(sb.dir, "exported.jsonl"),
    '{"id":"a1","type":"learning","text":"x","created":"2026-01-01T00:00:00Z"}\n',
  );
  const typo = join(sb.dir, "brian", "brain.jsonl");
  for (const args of reads(sb)) {
    const r = await brain(sb, ["--brain", typo, ...args]);
    if (args[0] === "import") {
      // A dry run into a new brain says what it would hold: nothing is created.
      assert.equal(r.code, 0, show(r));
      assert.match(r.stdout, /^Would import 1 entries/);
    } else {
      assert.equal(r.code, 3, `brain ${args.join(" ")}: ${show(r)}`);
      assert.equal(r.stderr, `brain: no brain at ${typo} (\`brain init\` creates one)\n`, args.join(" "));
    }
    assert.equal(fs.existsSync(dirname(typo)), false, `brain ${args.join(" ")} created ${dirname(typo)}`);
  }
  assert.deepEqual(fs.readdirSync(sb.home), [], "nothing in HOME either");
});

test("on a brain that is there, every read and dry run leaves every file as it was", async (t) => {
  const sb = freshSandbox(t);
  const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
  await brainOk(sb, ["init"], { env });
  await brainOk(sb, ["add", "type=learning", "text=The harbour restaurant closes early"], { env });
  await brainOk(sb, ["add", "type=task", "description=Book a table"], { env });
  await brainOk(sb, ["ingest", DINNERS], { env });
  await brainOk(sb, ["export", "--out", join(sb.dir, "exported.jsonl")], { env });
  // Derived files are built by a first read: what is compared is what every later read leaves.
  await brainOk(sb, ["search", "dinner"], { env });
  await brainOk(sb, ["context", "--query", "dinner"], { env });
  const before = tree(sb.dir);
  for (const args of reads(sb)) {
    const r = await brain(sb, args, { env });
    assert.equal(r.code, 0, `brain ${args.join(" ")}: ${show(r)}`);
    assert.deepEqual(tree(sb.dir), before, `brain ${args.join(" ")} changed a file`);
  }
});

test("a brain a write or a host hook starts is empty; brain init writes the defaults", async (t) => {
  const sb = freshSandbox(t);
  const project = join(sb.dir, "proj");
  fs.mkdirSync(project);
  // The first SessionStart of a fresh HOME: no behaviours injected, nothing created.
  const start = await brainOk(sb, ["hook", "session-start"], {
    stdin: JSON.stringify({ session_id: "s1", cwd: project, source: "startup" }),
    env: { BRAIN_SERVE_AUTOSTART: "0" },
  });
  assert.doesNotMatch(start.stdout, /Be direct|## Behavior/);
  assert.equal(fs.existsSync(sb.brainPath), false);
  await brainOk(sb, ["add", "type=learning", "text=Started by a write"]);
  assert.deepEqual(
    readLines(sb.brainPath).map((l) => l.type),
    ["learning"],
  );
  const other = { env: { BRAIN_PATH: join(sb.dir, "first", "brain.jsonl") } };
  await brainOk(sb, ["init"], other);
  const types = readLines(join(sb.dir, "first", "brain.jsonl")).map((l) => l.type);
  assert.equal(types.filter((x) => x === "behavior").length, 16, types.join(","));
});
