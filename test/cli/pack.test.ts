/**
 * The package as npm ships it: `npm pack` (no scripts: the build npm test made is packed), the tarball
 * unpacked into a fresh project's node_modules/, the dependencies linked in beside it (no network), then the
 * bin and the library entry run from there, far from src/ and dist/.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { assertBuilt, ROOT, removeSandbox, run, type Sandbox, sandbox } from "../support/cli.ts";
import { type LocalRegistry, startLocalRegistry } from "../support/local-registry.ts";

const FRESH_STATS = "🧠 0L 0P 0T 1R | 16beh 0id 0usr";
const pkg = JSON.parse(fs.readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

interface Packed {
  filename: string;
  files: { path: string }[];
}

function npmPack(dest: string): Packed {
  const r = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dest], {
    cwd: ROOT,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, `npm pack failed:\n${r.stderr}`);
  const packed = (JSON.parse(r.stdout) as Packed[])[0];
  assert.ok(packed, `npm pack printed no package:\n${r.stdout}`);
  return packed;
}

/** Unpack into app/node_modules/brain and link each dependency from the project's node_modules. */
function install(tarball: string, app: string): string {
  const modules = join(app, "node_modules");
  fs.mkdirSync(modules, { recursive: true });
  const r = spawnSync("tar", ["-xzf", tarball, "-C", modules], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const installed = join(modules, "agent-brain");
  fs.renameSync(join(modules, "package"), installed);
  for (const dep of Object.keys(pkg.dependencies)) {
    fs.mkdirSync(dirname(join(modules, dep)), { recursive: true });
    fs.symlinkSync(fs.realpathSync(join(ROOT, "node_modules", dep)), join(modules, dep), "dir");
  }
  const bin = join(modules, ".bin");
  fs.mkdirSync(bin);
  fs.symlinkSync(join(installed, pkg.bin.brain as string), join(bin, "brain"));
  return installed;
}

describe("the packed package, installed", () => {
  let sb: Sandbox;
  let packed: Packed;
  let app: string;
  let bin: string;
  const env = () => ({ PATH: `${dirname(process.execPath)}:${process.env.PATH ?? "/usr/bin:/bin"}` });

  before(() => {
    assertBuilt();
    sb = sandbox("brain-pack-");
    packed = npmPack(sb.dir);
    app = join(sb.dir, "app");
    install(join(sb.dir, packed.filename), app);
    bin = join(app, "node_modules", ".bin", "brain");
  });
  after(() => removeSandbox(sb));

  test("ships the bundled bin with its chunks, the library entry and its types, and no sources", () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of [
      "dist/cli/brain.cjs",
      "dist/cli/main.js",
      "dist/cli/cli-main.cjs",
      "dist/cli/fast-hook.js",
      "dist/index.js",
      "dist/index.d.ts",
      "package.json",
    ]) {
      assert.ok(paths.includes(p), `${p} is missing from the tarball`);
    }
    assert.ok(
      paths.some((p) => /^dist\/cli\/chunk-[\w-]+\.js$/.test(p)),
      "no chunk of the bundled CLI in the tarball",
    );
    assert.deepEqual(
      paths.filter((p) => /^(src|test|bench|scripts)\//.test(p)),
      [],
    );
  });

  test("brain init, stats and --version run through the installed bin", async () => {
    const init = await run(bin, ["init"], sb, { cwd: app, env: env() });
    assert.equal(init.code, 0, init.stderr);
    const stats = await run(bin, ["stats"], sb, { cwd: app, env: env() });
    assert.equal(stats.code, 0, stats.stderr);
    assert.equal(stats.stdout.trim(), FRESH_STATS);
    const version = await run(bin, ["--version"], sb, { cwd: app, env: env() });
    assert.equal(version.stdout.trim(), pkg.version);
  });

  test("the prompt hook answers from the installed copy", async () => {
    await run(bin, ["add", "type=learning", "text=Run the tests with pnpm test"], sb, {
      cwd: app,
      env: env(),
    });
    const input = JSON.stringify({ session_id: "s1", cwd: app, prompt: "how do I run the tests with pnpm" });
    const r = await run(bin, ["hook", "user-prompt-submit"], sb, { cwd: app, env: env(), stdin: input });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Run the tests with pnpm test/);
  });

  test("the library entry imports by package name", async () => {
    const script = join(app, "use.mjs");
    fs.writeFileSync(
      script,
      'import { Brain, statsLine } from "agent-brain";\nconsole.log(typeof Brain.open, typeof statsLine);\n',
    );
    const r = await run(process.execPath, [script], sb, { cwd: app });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), "function function");
  });
});

/**
 * `npm install -g <tarball>` as a user runs it (issue 13), into a temporary prefix, with an empty npm cache:
 * the dependencies resolve through a registry on 127.0.0.1 serving what `npm ci` installed here
 * (test/support/local-registry.ts), so it works the same on a fresh machine (issue 21) and never leaves loopback.
 */
describe("npm install -g of the packed tarball", () => {
  let sb: Sandbox;
  let prefix: string;
  const onPath = () => ({ PATH: `${join(prefix, "bin")}:${dirname(process.execPath)}:/usr/bin:/bin` });

  let registry: LocalRegistry;

  before(async () => {
    assertBuilt();
    sb = sandbox("brain-global-");
    const packed = npmPack(sb.dir);
    prefix = join(sb.dir, "prefix");
    registry = await startLocalRegistry(join(ROOT, "node_modules"), join(sb.dir, "registry"));
    // Asynchronous: the registry answers from this process's event loop. Its own HOME, so no ~/.npmrc applies.
    const r = await run(
      "npm",
      [
        "install",
        "-g",
        "--registry",
        registry.url,
        "--cache",
        join(sb.dir, "npm-cache"),
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--no-update-notifier",
        "--prefix",
        prefix,
        join(sb.dir, packed.filename),
      ],
      sb,
      { env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin` } },
    );
    assert.equal(r.code, 0, `npm install -g failed:\n${r.stderr}`);
    // Resolution went through the registry (not a cache that happened to hold the metadata).
    for (const dep of Object.keys(pkg.dependencies))
      assert.ok(registry.asked.has(dep), `npm never asked for ${dep}`);
  });
  after(async () => {
    await registry?.close();
    removeSandbox(sb);
  });

  test("brain --version, init and context run from PATH in a clean directory", async () => {
    const clean = join(sb.dir, "clean");
    fs.mkdirSync(clean);
    const opts = { cwd: clean, env: { ...onPath(), BRAIN_PATH: undefined } };
    const version = await run("brain", ["--version"], sb, opts);
    assert.equal(version.stdout.trim(), pkg.version, version.stderr);
    const init = await run("brain", ["init"], sb, opts);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, new RegExp(`Brain ready at ${join(sb.home, ".rho", "brain", "brain.jsonl")}`));
    const ctx = await run("brain", ["context"], sb, opts);
    assert.equal(ctx.code, 0, ctx.stderr);
    assert.match(ctx.stdout, /## Behavior\n- Do: Be direct/);
  });

  test("the Claude Code plugin is one command away: brain install claude points at the installed copy", async () => {
    const dir = join(sb.dir, "market");
    const r = await run("brain", ["install", "claude", "--dir", dir], sb, { env: onPath() });
    assert.equal(r.code, 0, r.stderr);
    // The hooks run the stable entry point; it runs the installed copy (src/hooks/entry-point.ts).
    const entry = join(sb.home, ".brain", "bin", "brain");
    const hooks = fs.readFileSync(join(dir, "brain", "hooks", "hooks.json"), "utf8");
    assert.ok(hooks.includes(`"${entry} hook session-start"`), hooks);
    const pointer = fs.readFileSync(`${entry}.install`, "utf8").split("\n");
    assert.equal(pointer[1], join(prefix, "lib", "node_modules", "agent-brain", "dist", "cli", "brain.cjs"));
    assert.ok(fs.existsSync(join(dir, "brain", "skills", "memory-consolidate", "SKILL.md")));
  });
});
