/**
 * Links out of the repo or the brain directory (issue 10 #15): `export-rules` never reads or writes through
 * a rules file that is a symlink or hard link to a file outside the repository (a repo's
 * `AGENTS.md → ~/.aws/credentials` would copy the credentials into the repo), and brain-file reads and
 * appends refuse a hard link to a file outside the brain directory.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { cli, tempDir } from "./support/harness.ts";

const CREDENTIALS = "[default]\naws_access_key_id = AKIAEXAMPLEEXAMPLE00\nCREDENTIAL-CANARY\n";

function setup(t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t);
  const repo = join(dir, "repo");
  const outside = join(dir, "home", ".aws");
  fs.mkdirSync(repo, { recursive: true });
  fs.mkdirSync(outside, { recursive: true });
  const creds = join(outside, "credentials");
  fs.writeFileSync(creds, CREDENTIALS);
  const env = { BRAIN_PATH: join(dir, "brain", "brain.jsonl"), HOME: join(dir, "home") };
  return { dir, repo, creds, env };
}

for (const kind of ["symlink", "hard link"] as const) {
  test(`export-rules refuses a rules file that is a ${kind} to a file outside the repo`, async (t) => {
    const { repo, creds, env } = setup(t);
    const agents = join(repo, "AGENTS.md");
    if (kind === "symlink") fs.symlinkSync(creds, agents);
    else fs.linkSync(creds, agents);
    const add = await cli(["add", "type=learning", "text=deploys go through CI"], env);
    assert.equal(add.code, 0, add.stderr);
    const r = await cli(["export-rules", "--format", "agents", "--cwd", repo], env);
    assert.notEqual(r.code, 0, `exported: ${r.stdout}`);
    assert.match(r.stderr, /outside|link/);
    assert.equal(fs.readFileSync(creds, "utf8"), CREDENTIALS, "the outside file is untouched");
    for (const f of fs.readdirSync(repo)) {
      const p = join(repo, f);
      if (fs.lstatSync(p).isFile() && fs.lstatSync(p).nlink === 1)
        assert.ok(!fs.readFileSync(p, "utf8").includes("CREDENTIAL-CANARY"), `${f} holds the credentials`);
    }
    const dry = await cli(["export-rules", "--format", "agents", "--cwd", repo, "--dry-run"], env);
    assert.ok(!dry.stdout.includes("CREDENTIAL-CANARY"), "a dry run does not print them either");
  });
}

test("export-rules still writes through a symlink that stays inside the repo", async (t) => {
  const { repo, env } = setup(t);
  fs.mkdirSync(join(repo, "docs"));
  fs.writeFileSync(join(repo, "docs", "agents.md"), "# Ours\n");
  fs.symlinkSync("docs/agents.md", join(repo, "AGENTS.md"));
  assert.equal((await cli(["init"], env)).code, 0, "a brain to export from");
  const r = await cli(["export-rules", "--format", "agents", "--cwd", repo], env);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(fs.lstatSync(join(repo, "AGENTS.md")).isSymbolicLink(), "the link is kept");
  assert.match(fs.readFileSync(join(repo, "docs", "agents.md"), "utf8"), /^# Ours\n[\s\S]*brain:end/);
});

test("brain-file reads, lists and appends refuse a hard link to a file outside the brain directory", async (t) => {
  const { dir, creds, env } = setup(t);
  const brainDir = join(dir, "brain");
  fs.mkdirSync(brainDir, { recursive: true });
  fs.linkSync(creds, join(brainDir, "NOTES.md"));
  const read = await cli(["file", "NOTES.md"], env);
  assert.notEqual(read.code, 0);
  assert.ok(!read.stdout.includes("CREDENTIAL-CANARY"));
  const list = await cli(["file", "--json"], env);
  assert.ok(!list.stdout.includes("NOTES.md"), list.stdout);
  const ctx = await cli(["context", "--budget", "4000"], env);
  assert.ok(!ctx.stdout.includes("CREDENTIAL-CANARY"));
  const append = await cli(["file", "NOTES.md", "--append", "more"], env);
  assert.notEqual(append.code, 0);
  const replace = await cli(["file", "NOTES.md", "--replace", "--intent", "x", "--append", "new"], env);
  assert.notEqual(replace.code, 0);
  assert.equal(fs.readFileSync(creds, "utf8"), CREDENTIALS);
  assert.ok(!fs.existsSync(join(brainDir, ".brain", "backups")), "no backup copy of the outside file");
});
