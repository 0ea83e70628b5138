/**
 * V8's code cache for the bin's bundles (src/cli/code-cache.ts): a hook run writes one cache file per bundle
 * and kind of run in a directory of the user's own (0700, files 0600) and the next run takes it back unchanged;
 * a cut or foreign file only means compiling as usual (and writing it again); a directory others can write to
 * is never written; a changed bundle of the same length never runs the old bytecode; `BRAIN_CODE_CACHE=off`
 * writes nothing. Through the installed bin, and through the loader on small bundles in child processes.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { codeCacheFor } from "../../src/cli/code-cache-config.ts";
import { brainOk, freshSandbox, ROOT, type Sandbox } from "../support/cli.ts";

const prompt = (sb: Sandbox, id: string) =>
  JSON.stringify({
    session_id: id,
    transcript_path: join(sb.dir, "t.jsonl"),
    cwd: sb.dir,
    hook_event_name: "UserPromptSubmit",
    prompt: "which package manager do we use for the tests?",
  });

const files = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map((f) => ({
          f,
          bytes: fs.readFileSync(join(dir, f)),
          mode: fs.statSync(join(dir, f)).mode & 0o777,
        }))
    : [];

async function setUp(sb: Sandbox, cache: string) {
  const env = { XDG_CACHE_HOME: cache };
  await brainOk(sb, ["init"], { env });
  await brainOk(
    sb,
    ["add", "type=preference", "category=tools", "text=We use pnpm for the tests, never npm"],
    { env },
  );
  return env;
}

test("a hook keeps its code cache in a private directory and takes it back unchanged on the next run", async (t) => {
  const sb = freshSandbox(t, "brain-code-cache-");
  const cache = join(sb.dir, "cache");
  const env = await setUp(sb, cache);
  const dir = join(cache, "agent-brain", "v8");
  const first = await brainOk(sb, ["hook", "user-prompt-submit"], { env, stdin: prompt(sb, "s1") });
  assert.match(first.stdout, /pnpm/);
  const written = files(dir).filter((x) => x.f.includes("-hook-user-prompt-submit-"));
  assert.deepEqual(
    written.map((x) => x.f.split("-hook-")[0]),
    ["bin-main.cjs", "hook-main.cjs"],
  );
  assert.equal(fs.statSync(dir).mode & 0o777, 0o700);
  for (const x of written) assert.equal(x.mode, 0o600, x.f);

  assert.ok(
    written.every((x) => x.f.endsWith(".first.v8")),
    written.map((x) => x.f).join(" "),
  );

  // The second run takes the first run's cache back and writes the one kept from then on.
  const second = await brainOk(sb, ["hook", "user-prompt-submit"], { env, stdin: prompt(sb, "s2") });
  assert.equal(second.stdout, first.stdout);
  const kept = files(dir).filter((x) => x.f.includes("-hook-user-prompt-submit-"));
  assert.deepEqual(
    kept.map((x) => x.f),
    written.map((x) => x.f.replace(/\.first\.v8$/, ".v8")),
  );
  const third = await brainOk(sb, ["hook", "user-prompt-submit"], { env, stdin: prompt(sb, "s3") });
  assert.equal(third.stdout, first.stdout);
  assert.deepEqual(
    files(dir).filter((x) => x.f.includes("-hook-user-prompt-submit-")),
    kept,
    "taken back as it was (a rejected cache is written again)",
  );

  const off = await brainOk(sb, ["hook", "user-prompt-submit"], {
    env: { ...env, XDG_CACHE_HOME: join(sb.dir, "other"), BRAIN_CODE_CACHE: "off" },
    stdin: prompt(sb, "s4"),
  });
  assert.equal(off.stdout, first.stdout);
  assert.ok(!fs.existsSync(join(sb.dir, "other")), "BRAIN_CODE_CACHE=off writes nothing");
});

test("a cut or garbled cache file is only a cache: the same answer, and the file is written again", async (t) => {
  const sb = freshSandbox(t, "brain-code-cache-bad-");
  const cache = join(sb.dir, "cache");
  const env = await setUp(sb, cache);
  const dir = join(cache, "agent-brain", "v8");
  const first = await brainOk(sb, ["hook", "user-prompt-submit"], { env, stdin: prompt(sb, "s1") });
  const kinds = files(dir).filter((x) => x.f.includes("-hook-user-prompt-submit-"));
  for (const [i, damage] of [
    (b: Buffer) => b.subarray(0, b.length >> 1),
    () => Buffer.alloc(64, 7),
  ].entries()) {
    for (const x of kinds) fs.writeFileSync(join(dir, x.f), damage(x.bytes));
    const r = await brainOk(sb, ["hook", "user-prompt-submit"], { env, stdin: prompt(sb, `d${i}`) });
    assert.equal(r.stdout, first.stdout);
    for (const x of kinds) assert.ok(fs.statSync(join(dir, x.f)).size > 1000, `${x.f} written again`);
  }
});

test("a cache directory others can write to is neither read nor written", async (t) => {
  const sb = freshSandbox(t, "brain-code-cache-open-");
  const cache = join(sb.dir, "cache");
  const dir = join(cache, "agent-brain", "v8");
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  const env = await setUp(sb, cache);
  const r = await brainOk(sb, ["hook", "user-prompt-submit"], { env, stdin: prompt(sb, "s1") });
  assert.match(r.stdout, /pnpm/);
  assert.deepEqual(fs.readdirSync(dir), []);
});

test("the CLI proper is cached per command, and each command answers the same from its cache", async (t) => {
  const sb = freshSandbox(t, "brain-code-cache-cli-");
  const cache = join(sb.dir, "cache");
  const env = await setUp(sb, cache); // init and add: two commands, two kinds
  const dir = join(cache, "agent-brain", "v8");
  const first = await brainOk(sb, ["list"], { env });
  assert.match(first.stdout, /pnpm/);
  const kinds = files(dir)
    .filter((x) => x.f.startsWith("cli-main.cjs-"))
    .map((x) => x.f.split("-")[3]); // cli-main.cjs-cli-<command>-<size>-…
  assert.deepEqual(kinds, ["add", "init", "list"]);
  const again = await brainOk(sb, ["list"], { env });
  assert.equal(again.stdout, first.stdout);
});

test("the kind of a run is its hook event or its command word, after the global options", () => {
  const kind = (...args: string[]) => codeCacheFor(["node", "brain", ...args], { HOME: "/h" }).kind;
  assert.equal(kind("hook", "stop"), "hook-stop");
  assert.equal(kind("--brain", "/b/brain.jsonl", "hook", "stop"), "hook-stop");
  assert.equal(kind("--brain", "/b/brain.jsonl", "--cwd", "/p", "search", "pnpm"), "cli-search");
  assert.equal(kind(), "cli-stats");
  assert.equal(kind("--json"), "cli-options");
  assert.equal(kind("action=add", "type=learning"), "cli-action");
  assert.equal(kind("../../x y"), "cli-______x_y");
  assert.equal(codeCacheFor(["node", "brain"], { HOME: "/h" }).dir, "/h/.cache/agent-brain/v8");
  assert.equal(codeCacheFor(["node", "brain"], { HOME: "/h", BRAIN_CODE_CACHE: "off" }).dir, undefined);
});

test("the cache directory holds at most 60 files whatever the kinds", (t) => {
  const sb = freshSandbox(t, "brain-code-cache-many-");
  const cache = join(sb.dir, "cache");
  const bundle = join(sb.dir, "b.cjs");
  fs.writeFileSync(bundle, 'exports.value = "v";\n');
  const kinds = Array.from({ length: 70 }, (_, i) => `k${i}`);
  assert.equal(loadInChild(bundle, cache, kinds), "v".repeat(70));
  assert.equal(fs.readdirSync(cache).length, 60);
});

/**
 * Loads `bundle` through the loader in a child process, once per kind (the caches are written at its exit);
 * its stdout.
 */
function loadInChild(bundle: string, cache: string, kinds = ["t"], env: Record<string, string> = {}): string {
  const script = `import { bundleLoader } from ${JSON.stringify(join(ROOT, "src", "cli", "code-cache.ts"))};
for (const kind of ${JSON.stringify(kinds)}) {
  const load = bundleLoader({ dir: ${JSON.stringify(cache)}, kind }, (s) => import(s));
  process.stdout.write(String(load(${JSON.stringify(bundle)}).value));
}`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test("a changed bundle of the same length never runs the old bytecode; three caches a bundle are kept", (t) => {
  const sb = freshSandbox(t, "brain-code-cache-loader-");
  const cache = join(sb.dir, "cache");
  const bundle = join(sb.dir, "b.cjs");
  const seen: string[] = [];
  for (const v of ["11", "22", "33", "44"]) {
    // The same length each time; a later mtime, as a rebuild gives.
    fs.writeFileSync(bundle, `exports.value = (() => "v${v}")();\n`);
    const when = new Date(Date.now() + seen.length * 2000);
    fs.utimesSync(bundle, when, when);
    seen.push(loadInChild(bundle, cache), loadInChild(bundle, cache));
  }
  assert.deepEqual(seen, ["v11", "v11", "v22", "v22", "v33", "v33", "v44", "v44"]);
  assert.equal(fs.readdirSync(cache).filter((f) => f.startsWith("b.cjs-t-")).length, 3);
});

test("the cache kept is the second run's: what only a later run compiles is in it, and a third run writes nothing", (t) => {
  const sb = freshSandbox(t, "brain-code-cache-second-");
  const cache = join(sb.dir, "cache");
  const bundle = join(sb.dir, "b.cjs");
  // A function the first run never calls (a cold open builds what later runs read): 300 lines of it.
  const body = Array.from({ length: 300 }, (_, i) => `  x = (x * 31 + ${i}) % 1000003;`).join("\n");
  fs.writeFileSync(
    bundle,
    `function later() {\n  let x = 1;\n${body}\n  return x;\n}\nexports.value = process.env.LATER ? "w" + later() : "v";\n`,
  );
  assert.equal(loadInChild(bundle, cache), "v");
  const afterFirst = fs.readdirSync(cache);
  assert.equal(afterFirst.length, 1);
  assert.match(afterFirst[0] as string, /\.first\.v8$/);
  const firstSize = fs.statSync(join(cache, afterFirst[0] as string)).size;
  const second = loadInChild(bundle, cache, ["t"], { LATER: "1" });
  assert.match(second, /^w\d+$/);
  const afterSecond = fs.readdirSync(cache);
  assert.deepEqual(afterSecond, [(afterFirst[0] as string).replace(/\.first\.v8$/, ".v8")]);
  const kept = fs.readFileSync(join(cache, afterSecond[0] as string));
  assert.ok(kept.length > firstSize + 1000, `${kept.length} bytes kept, ${firstSize} written first`);
  assert.equal(loadInChild(bundle, cache, ["t"], { LATER: "1" }), second);
  assert.deepEqual(
    fs.readFileSync(join(cache, afterSecond[0] as string)),
    kept,
    "a third run writes nothing",
  );
});
