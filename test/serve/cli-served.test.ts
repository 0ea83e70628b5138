/**
 * `brain add`, `list`, `search`, `context`, `get`, `stats` with the resident server running: the installed bin
 * sends them to the server (src/cli/served-cli.ts → src/cli/served-run.ts), which answers with the same
 * stdout, stderr and exit code as the command in process — the --json forms and errors included; a client in
 * another directory gets that directory's answer; a client whose environment differs, and a request a web page
 * could send, are not answered by the server.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { answerEnv } from "../../src/cli/cli-config.ts";
import {
  brain,
  brainOk,
  type CliResult,
  childEnv,
  freshSandbox,
  json,
  type Sandbox,
} from "../support/cli.ts";
import { http, startServe } from "./_support.ts";

const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
/** The same environment, the bin saying which path answered (BRAIN_HOOK_TIMING does not change an answer). */
const timed = { ...env, BRAIN_HOOK_TIMING: "1" };
const SERVED = /^brain [a-z]+: [\d.]+ ms answered by the server\n/m;

async function seeded(t: Parameters<typeof freshSandbox>[0]) {
  const sb = freshSandbox(t, "brain-cli-served-");
  const project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  const add = (args: string[], cwd = sb.dir) => brainOk(sb, ["add", ...args], { env, cwd });
  await add(["type=learning", "text=This repo uses pnpm not npm"]);
  await add(["type=learning", "text=The staging cluster is called kite"]);
  await add(
    ["type=learning", "scope=project", "text=Run the linter with biome check before a commit"],
    project,
  );
  await add(["type=preference", "category=Tools", "text=Prefers ripgrep over grep"]);
  const id = json<{ data: { id: string } }>(
    await brainOk(sb, ["--json", "add", "type=task", "description=Ship the fast CLI"], { env }),
  ).data.id;
  return { sb, project, id };
}

/** Every command form compared: [args, cwd key]. */
function forms(id: string): string[][] {
  return [
    [],
    ["stats"],
    ["--json", "stats"],
    ["stats", "--json"],
    ["list"],
    ["list", "type=learning"],
    ["--json", "list", "type=task"],
    ["list", "--json"],
    ["get", id],
    ["--json", "get", id],
    ["get", id.slice(0, 4)],
    ["get", "no-such-id"],
    ["--json", "get", "no-such-id"],
    ["search", "pnpm"],
    ["search", "the", "cluster", "--limit", "1"],
    ["--json", "search", "linter", "--offset", "0"],
    ["search", "zebra"],
    ["search", "pnpm", "--limit", "x"],
    ["context"],
    ["--json", "context"],
    ["context", "--query", "which package manager", "--budget", "300"],
    ["context", "--format", "anthropic"],
    ["context", "--explain"],
    ["context", "--format", "yaml"],
    ["add", "type=learning", "text=This repo uses pnpm not npm"],
    ["--json", "add", "type=learning", "text=This repo uses pnpm not npm"],
    ["add", "type=nonsense", "text=x"],
  ];
}

const answer = (r: CliResult) => ({ code: r.code, stdout: r.stdout, stderr: r.stderr.replace(SERVED, "") });

async function compare(sb: Sandbox, id: string, cwds: string[], t: Parameters<typeof freshSandbox>[0]) {
  const direct = new Map<string, ReturnType<typeof answer>>();
  for (const cwd of cwds)
    for (const args of forms(id)) {
      const r = await brain(sb, args, { env: timed, cwd });
      assert.doesNotMatch(r.stderr, SERVED, "no server yet");
      direct.set(`${cwd} ${args.join(" ")}`, answer(r));
    }
  await startServe(sb, t, { env });
  for (const cwd of cwds)
    for (const args of forms(id)) {
      const r = await brain(sb, args, { env: timed, cwd });
      const what = `brain ${args.join(" ")} in ${cwd}`;
      assert.match(r.stderr, SERVED, `${what}: answered by the server\n${r.stderr}`);
      assert.deepEqual(answer(r), direct.get(`${cwd} ${args.join(" ")}`), what);
    }
}

test("every served command answers byte for byte as in process (--json forms, errors, the client's directory)", async (t) => {
  const { sb, project, id } = await seeded(t);
  fs.appendFileSync(sb.brainPath, "{not an entry\n"); // a bad line: `brain stats` warns of it on stderr
  await compare(sb, id, [sb.dir, project], t);
  // The directory mattered: the project's own learning is in its context and not elsewhere.
  const inProject = await brainOk(sb, ["context"], { env, cwd: project });
  const outside = await brainOk(sb, ["context"], { env, cwd: sb.dir });
  assert.match(inProject.stdout, /biome check/);
  assert.doesNotMatch(outside.stdout, /biome check/);
});

test("a served add is written through the server's brain, for the client's directory, and read back at once", async (t) => {
  const { sb, project } = await seeded(t);
  await startServe(sb, t, { env });
  const added = await brainOk(
    sb,
    ["--json", "add", "type=learning", "scope=project", "text=Deploys go out on Tuesdays"],
    {
      env: timed,
      cwd: project,
    },
  );
  assert.match(added.stderr, SERVED);
  const newId = json<{ data: { id: string } }>(added).data.id;
  // The server's own state has it (a served search), and the log has it with the client's project.
  const found = await brainOk(sb, ["search", "Tuesdays"], { env: timed, cwd: project });
  assert.match(found.stderr, SERVED);
  assert.match(found.stdout, new RegExp(newId));
  const got = json<{ entry: { projectPath?: string } }>(await brainOk(sb, ["--json", "get", newId], { env }));
  assert.equal(got.entry.projectPath, project);
});

test("a client whose environment differs from the server's (another BRAIN_NOW) runs the command itself", async (t) => {
  const { sb } = await seeded(t);
  await startServe(sb, t, { env });
  const later = { BRAIN_NOW: "2026-09-01T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" };
  const r = await brainOk(sb, ["list"], { env: later });
  assert.doesNotMatch(r.stderr, SERVED);
  // The answer is the one for its own clock (ages counted from September, not from March).
  const same = await brainOk(sb, ["list"], { env: timed });
  assert.match(same.stderr, SERVED);
  assert.notEqual(r.stdout, same.stdout);
});

test("POST /api/cli needs the token and refuses a browser's request, another brain and another environment", async (t) => {
  const { sb } = await seeded(t);
  const served = await startServe(sb, t, { env });
  const ask = (body: Record<string, unknown>) => ({
    method: "POST",
    body: { command: "stats", words: [], opts: {}, cwd: sb.dir, brainPath: sb.brainPath, env: "", ...body },
  });
  const noToken = await http(served.info, "/api/cli", { ...ask({}), token: null });
  assert.equal(noToken.status, 401, noToken.text);
  const wrong = await http(served.info, "/api/cli", { ...ask({}), token: "x".repeat(32) });
  assert.equal(wrong.status, 403, wrong.text);
  const page = await http(served.info, "/api/cli", {
    ...ask({}),
    headers: { origin: "http://localhost:8080" },
  });
  assert.equal(page.status, 403, page.text);
  const site = await http(served.info, "/api/cli", {
    ...ask({}),
    headers: { "sec-fetch-site": "same-site" },
  });
  assert.equal(site.status, 403, site.text);
  const other = await http(served.info, "/api/cli", ask({ brainPath: join(sb.dir, "other", "brain.jsonl") }));
  assert.equal(other.status, 409, other.text);
  const foreignEnv = await http(served.info, "/api/cli", ask({ env: "not-the-servers" }));
  assert.equal(foreignEnv.status, 409, foreignEnv.text);
  const notAllowed = await http(served.info, "/api/cli", ask({ command: "forget" }));
  assert.equal(notAllowed.status, 400, notAllowed.text);
  // The same request with the server's own environment mark is answered: the refusals above are the checks'.
  const mark = answerEnv(childEnv(sb, env));
  const answered = await http(served.info, "/api/cli", ask({ env: mark, opts: { json: true } }));
  assert.equal(answered.status, 200, answered.text);
  assert.equal(answered.body.code, 0);
  assert.match(answered.body.stdout, /"line": "🧠 3L 1P 1T/);
  // Nothing of those ran anything: the brain is as seeded.
  assert.match((await brainOk(sb, ["stats"], { env })).stdout, /3L 1P 1T/);
});

test("a served context after writes — the server's own and another writer's — answers as in process (nothing stale is kept)", async (t) => {
  const { sb, project } = await seeded(t);
  await startServe(sb, t, { env });
  // `--budget=2000` (the `=` form) is never sent to the server: the in-process answer to compare with.
  const both = async (cwd: string) => {
    const served = await brainOk(sb, ["context", "--budget", "2000"], { env: timed, cwd });
    assert.match(served.stderr, SERVED);
    const own = await brainOk(sb, ["context", "--budget=2000"], { env: timed, cwd });
    assert.doesNotMatch(own.stderr, SERVED);
    assert.equal(served.stdout, own.stdout, `context in ${cwd}`);
    return served.stdout;
  };
  for (const cwd of [sb.dir, project]) await both(cwd); // the server's derived lists are made now
  const ours = await brainOk(sb, ["add", "type=learning", "text=Releases are tagged by the bot"], {
    env: timed,
    cwd: project,
  });
  assert.match(ours.stderr, SERVED);
  assert.match(await both(project), /tagged by the bot/);
  // Another writer (another clock: not answered by the server) appends to the log; the server folds it in.
  const theirs = await brainOk(
    sb,
    ["add", "type=preference", "category=Tools", "text=Prefers fd over find"],
    {
      env: { BRAIN_NOW: "2026-03-02T12:00:00.000Z", BRAIN_HOOK_TIMING: "1" },
    },
  );
  assert.doesNotMatch(theirs.stderr, SERVED);
  assert.match(await both(sb.dir), /fd over find/);
  const task = await brainOk(sb, ["add", "type=task", "description=Rotate the deploy key"], { env: timed });
  assert.match(task.stderr, SERVED);
  assert.match(await both(project), /Rotate the deploy key/);
});
