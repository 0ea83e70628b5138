/**
 * A project's own brain layered over the personal one (issue 25 §1): after `brain init --project`, the
 * project's sessions keep the personal pins, preferences and user facts; what is learned in the project goes
 * to the project's brain and stays there; for the same keyed entry the project's wins; `remove --purge` and
 * `brain forget` reach both brains; `export-rules` exports the project brain's learnings. Built CLI, a temp
 * HOME with the personal brain at its default place, real repositories.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { brainOk, freshSandbox, json, type Sandbox } from "../support/cli.ts";

/** No BRAIN_PATH: the brain is found as a user's would be (the project's, else ~/.rho/brain). */
const found = { BRAIN_PATH: undefined };

function repo(sb: Sandbox, name: string): string {
  const dir = join(sb.dir, name);
  fs.mkdirSync(join(dir, ".git"), { recursive: true });
  return dir;
}

const personalLog = (sb: Sandbox) => join(sb.home, ".rho", "brain", "brain.jsonl");
const text = (path: string) => (fs.existsSync(path) ? fs.readFileSync(path, "utf8") : "");

/** A personal brain with a pin, a preference and a user fact, and a project brain in `app`. */
async function layered(sb: Sandbox): Promise<{ app: string; other: string }> {
  const app = repo(sb, "app");
  const other = repo(sb, "other");
  const run = (cwd: string, ...args: string[]) => brainOk(sb, args, { env: found, cwd });
  await run(sb.dir, "init", "--empty");
  await run(sb.dir, "add", "type=learning", "text=Never force-push main", "pinned=true", "importance=high");
  await run(sb.dir, "add", "type=preference", "text=Use pnpm, never npm install", "category=tools");
  await run(sb.dir, "add", "type=user", "key=editor", "value=vim");
  const init = await run(app, "init", "--project", "--empty");
  assert.match(init.stdout, /Layered over your personal brain at .*\.rho\/brain\/brain\.jsonl/);
  return { app, other };
}

test("a project brain layers over the personal one: both in the project, only the personal elsewhere", async (t) => {
  const sb = freshSandbox(t);
  const { app, other } = await layered(sb);
  const run = (cwd: string, ...args: string[]) => brainOk(sb, args, { env: found, cwd });
  await run(app, "add", "type=learning", "text=The app deploys with kamal");
  await run(app, "add", "type=preference", "text=Commit messages say why", "category=git");
  const projectLog = join(app, ".brain", "brain.jsonl");
  assert.match(text(projectLog), /deploys with kamal/, "a learning added in the project goes to its brain");
  assert.doesNotMatch(text(personalLog(sb)), /kamal/, "a project learning leaked into the personal brain");
  assert.match(text(personalLog(sb)), /Commit messages say why/, "a preference is the person's");
  assert.doesNotMatch(text(projectLog), /Commit messages/);
  await run(app, "add", "type=learning", "text=Docker needs sudo on this laptop", "scope=global");
  assert.match(
    text(personalLog(sb)),
    /Docker needs sudo/,
    "a learning said to be global stays in one project",
  );

  const inApp = (await run(app, "context")).stdout;
  for (const want of [/Never force-push main/, /pnpm/, /editor: vim/, /Commit messages say why/, /kamal/])
    assert.match(inApp, want, `missing in the project's context:\n${inApp}`);
  // A session starting in the project (the Claude Code hook) gets the personal memories and the project's.
  const start = await brainOk(sb, ["hook", "session-start"], {
    stdin: JSON.stringify({ session_id: "s1", cwd: app, source: "startup" }),
    env: { ...found, BRAIN_SERVE_AUTOSTART: "0" },
    cwd: app,
  });
  for (const want of [/Never force-push main/, /pnpm/, /kamal/])
    assert.match(start.stdout, want, `missing in the session's context:\n${start.stdout}`);
  const inOther = (await run(other, "context")).stdout;
  for (const want of [/Never force-push main/, /pnpm/, /editor: vim/, /Commit messages say why/, /Docker/])
    assert.match(inOther, want, `missing in another project's context:\n${inOther}`);
  assert.doesNotMatch(inOther, /kamal/, "the project's learning showed in another project");

  // The same keyed entry in the project's own brain (scope=project puts a personal type there): the project's
  // wins there, the personal one elsewhere.
  await run(app, "add", "type=user", "key=editor", "value=helix", "scope=project");
  assert.match(text(projectLog), /helix/);
  const again = (await run(app, "context")).stdout;
  assert.match(again, /editor: helix/);
  assert.doesNotMatch(again, /editor: vim/);
  assert.match((await run(other, "context")).stdout, /editor: vim/);

  // Named by path (as the resident server and the learner are started: --brain), it is layered all the same.
  const named = await brainOk(sb, ["--brain", projectLog, "context", "--cwd", app], { env: found });
  assert.match(named.stdout, /Never force-push main/);
  // Search in the project reaches both brains' entries.
  assert.match((await run(app, "search", "force-push")).stdout, /Never force-push main/);
  assert.match((await run(app, "search", "kamal")).stdout, /deploys with kamal/);

  // export-rules in the project: the project brain's learnings, not the personal brain's.
  const rules = (await run(app, "export-rules", "--format", "agents", "--dry-run")).stdout;
  assert.match(rules, /deploys with kamal/);
  assert.doesNotMatch(rules, /force-push|pnpm|Commit messages/);
});

test("remove --purge and forget in a project reach the personal brain and the project's", async (t) => {
  const sb = freshSandbox(t);
  const { app } = await layered(sb);
  const run = (cwd: string, ...args: string[]) => brainOk(sb, args, { env: found, cwd });
  await run(app, "add", "type=learning", "text=The app deploys with kamal");
  const ids = json<{ data: { groups: { entries: { id: string; text: string }[] }[] } }>(
    await run(app, "--json", "list", "type=learning"),
  ).data.groups.flatMap((g) => g.entries);
  const pin = ids.find((e) => e.text === "Never force-push main");
  const kamal = ids.find((e) => e.text === "The app deploys with kamal");
  assert.ok(pin && kamal, `both layers' learnings listed in the project: ${JSON.stringify(ids)}`);
  await run(app, "remove", `id=${pin.id}`, "--purge");
  await run(app, "remove", `id=${kamal.id}`, "--purge");
  assert.doesNotMatch(text(personalLog(sb)), /force-push/, "purge in the project missed the personal brain");
  assert.doesNotMatch(text(join(app, ".brain", "brain.jsonl")), /kamal/);

  // Conversations: one session in the personal brain (before the project had its own), one in the project's.
  const talk = (name: string, session: string, line: string) => {
    const file = join(sb.dir, name);
    const turn = { session, turn: "1", date: "2024-03-01T10:00:00Z", speaker: "Ana", text: line };
    fs.writeFileSync(file, `${JSON.stringify(turn)}\n`);
    return file;
  };
  await run(
    sb.dir,
    "ingest",
    talk("a.jsonl", "s1", "the staging server listens on port 8443"),
    "--format",
    "generic",
  );
  await run(
    app,
    "ingest",
    talk("b.jsonl", "s2", "the flamingo dashboard is behind a VPN"),
    "--format",
    "generic",
  );
  const personalEpisodes = join(sb.home, ".rho", "brain", "episodes.jsonl");
  const projectEpisodes = join(app, ".brain", "episodes.jsonl");
  assert.match(text(personalEpisodes), /staging server/);
  assert.match(text(projectEpisodes), /flamingo/);
  const forgot = json<{ forgotten: number }>(await run(app, "--json", "forget", "--before", "2025-01-01"));
  assert.equal(forgot.forgotten, 2, "forget in the project reaches both brains' conversations");
  assert.doesNotMatch(text(personalEpisodes), /staging server/);
  assert.doesNotMatch(text(projectEpisodes), /flamingo/);
});
