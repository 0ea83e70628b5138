/**
 * Per-project memory (issue 13): a project's own brain (`brain init --project`, found from anywhere inside
 * the repository, git-ignored), recently accessed paths kept per project (and only files that exist), and
 * `export-rules` writing only the project's memories unless `--all`. Built CLI, real files.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { brain, brainOk, freshSandbox, json, readLines, type Sandbox } from "../support/cli.ts";

function repo(sb: Sandbox, name: string, files: Record<string, string> = {}): string {
  const dir = join(sb.dir, name);
  fs.mkdirSync(join(dir, ".git"), { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(join(dir, rel, ".."), { recursive: true });
    fs.writeFileSync(join(dir, rel), text);
  }
  return dir;
}

test("init --project makes .brain/brain.jsonl at the repo root, git-ignored and found from inside", async (t) => {
  const sb = freshSandbox(t);
  const app = repo(sb, "app", { "src/x.ts": "" });
  const noPath = { env: { BRAIN_PATH: undefined } };
  const r = await brainOk(sb, ["init", "--project", "--empty"], { ...noPath, cwd: join(app, "src") });
  assert.match(
    r.stdout,
    /^Brain ready at .*app\/\.brain\/brain\.jsonl \(this project's own brain, git-ignored\)/,
  );
  assert.match(fs.readFileSync(join(app, ".brain", ".gitignore"), "utf8"), /^\*$/m);
  await brainOk(sb, ["add", "type=learning", "text=Only this app uses bun"], {
    ...noPath,
    cwd: join(app, "src"),
  });
  assert.ok(readLines(join(app, ".brain", "brain.jsonl")).some((l) => l.text === "Only this app uses bun"));
  const where = json<{ path: string; source: string }>(
    await brainOk(sb, ["--json", "init"], { ...noPath, cwd: app }),
  );
  assert.deepEqual([where.path, where.source], [join(app, ".brain", "brain.jsonl"), "project"]);
  // Outside the project: the user's brain, which never saw it.
  const elsewhere = repo(sb, "other");
  const list = await brain(sb, ["list", "type=learning"], { ...noPath, cwd: elsewhere });
  assert.equal(list.code, 3, "no personal brain yet");
  assert.doesNotMatch(list.stdout, /bun/);
  assert.ok(!fs.existsSync(join(sb.home, ".rho", "brain", "brain.jsonl")), "a read created the user's brain");
  // --brain and BRAIN_PATH still win over the project's brain.
  const explicit = json<{ source: string }>(await brainOk(sb, ["--json", "init"], { cwd: app }));
  assert.equal(explicit.source, "BRAIN_PATH");
});

test("recently accessed paths are kept per project, and only files that still exist", async (t) => {
  const sb = freshSandbox(t);
  const a = repo(sb, "a", { "web/App.tsx": "export {};\n", "old.ts": "" });
  const b = repo(sb, "b", { "main.go": "" });
  await brainOk(sb, ["init"]);
  await brainOk(sb, ["context", "--cwd", a, "--files", "web/App.tsx,old.ts"]);
  await brainOk(sb, ["context", "--cwd", b, "--files", "main.go"]);
  const inA = (await brainOk(sb, ["context", "--cwd", a, "--recover"])).stdout;
  assert.match(inA, /## Recently accessed paths\n(- .*\n)*- .*a\/web\/App\.tsx/);
  assert.doesNotMatch(inA, /main\.go/, "a path of project b in project a's recovery context");
  const inB = (await brainOk(sb, ["context", "--cwd", b, "--recover"])).stdout;
  assert.match(inB, /b\/main\.go/);
  assert.doesNotMatch(inB, /App\.tsx/);
  fs.rmSync(join(a, "old.ts"));
  const after = (await brainOk(sb, ["context", "--cwd", a, "--recover"])).stdout;
  assert.match(after, /App\.tsx/);
  assert.doesNotMatch(after, /old\.ts/, "a deleted file is still listed");
});

test("export-rules writes only this project's memories unless --all", async (t) => {
  const sb = freshSandbox(t);
  const app = repo(sb, "app");
  await brainOk(sb, ["init"]);
  const add = (...kv: string[]) => brainOk(sb, ["add", ...kv]);
  await add("type=learning", "text=The staging cluster is called kite");
  await add("type=learning", "text=Run make check before pushing", "scope=project", `projectPath=${app}`);
  await add(
    "type=learning",
    "text=Other repo uses tabs",
    "scope=project",
    `projectPath=${join(sb.dir, "other")}`,
  );
  await add("type=context", "project=app", `path=${app}`, "content=A web app in TypeScript");
  await add("type=user", "key=name", "value=Ana");
  const only = (await brainOk(sb, ["--cwd", app, "export-rules", "--format", "agents", "--dry-run"])).stdout;
  assert.match(only, /## Project: app\nA web app in TypeScript/);
  assert.match(only, /## Learnings \(this project\)\n- Run make check before pushing/);
  for (const personal of [/kite/, /tabs/, /Ana/, /## Behavior/])
    assert.doesNotMatch(only, personal, `${personal} leaked into a project-only rules file`);
  const all = (await brainOk(sb, ["--cwd", app, "export-rules", "--all", "--format", "agents", "--dry-run"]))
    .stdout;
  assert.match(all, /kite/);
  assert.match(all, /## Behavior/);
});
