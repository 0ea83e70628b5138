/**
 * Brain never turns a host's own memory off (issue 29): for Claude Code, Codex and Gemini CLI, `brain install
 * <host>` leaves the host's memory settings and memory files byte-identical (hashes of every memory file, the
 * memory keys of each settings file), `brain uninstall <host>` gives every one of those files back byte for
 * byte, and `brain doctor` says per host whether its memory is on — the same before, between and after.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { brainOk, freshSandbox, json, type Sandbox } from "../support/cli.ts";
import { seedHostMemory } from "../support/host-memory-home.ts";

const ENV = { BRAIN_SERVE_AUTOSTART: "0" };

/** sha256 of every file under the host's memory places (relative path → hash). */
function memoryHashes(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(home, p)] = createHash("sha256").update(fs.readFileSync(p)).digest("hex");
    }
  };
  for (const rel of [".claude/projects", ".codex/memories", ".gemini/tmp"]) walk(join(home, rel));
  for (const rel of [".claude/settings.json", ".gemini/GEMINI.md"]) {
    const p = join(home, rel);
    out[rel] = createHash("sha256").update(fs.readFileSync(p)).digest("hex");
  }
  return out;
}

/** The memory switches in the settings files Brain's install edits (Codex's config.toml, Gemini's settings.json). */
function memorySettings(home: string): unknown {
  const toml = JSON.parse(
    JSON.stringify(parseToml(fs.readFileSync(join(home, ".codex/config.toml"), "utf8"))),
  );
  const gem = parseJsonc(fs.readFileSync(join(home, ".gemini/settings.json"), "utf8")) as Record<
    string,
    unknown
  >;
  return {
    codex: { features: toml.features, memories: toml.memories },
    gemini: {
      experimental: gem.experimental,
      tools: gem.tools,
      excludeTools: gem.excludeTools,
      context: gem.context,
    },
  };
}

const bytes = (home: string, rels: string[]) => rels.map((r) => fs.readFileSync(join(home, r), "utf8"));

interface Status {
  host: string;
  found: boolean;
  on: boolean;
  why: string;
}
async function doctor(sb: Sandbox, cwd: string, env: Record<string, string> = {}): Promise<Status[]> {
  const r = await brainOk(sb, ["--json", "doctor"], { env: { ...ENV, ...env }, cwd });
  return json<{ hostMemory: Status[] }>(r).hostMemory;
}

describe("a host's own memory across brain install and uninstall", () => {
  for (const host of ["claude", "codex", "gemini"]) {
    it(`${host}: memory settings and files byte-identical after install and after uninstall; doctor says on`, async (t) => {
      const sb = freshSandbox(t, `brain-hm-${host}-`);
      const project = join(sb.dir, "app");
      seedHostMemory(sb.home, project);
      await brainOk(sb, ["init"], { env: ENV });
      const settingsFiles = [
        ".claude/settings.json",
        ".claude/CLAUDE.md",
        ".codex/config.toml",
        ".gemini/settings.json",
      ];
      const before = { hashes: memoryHashes(sb.home), settings: memorySettings(sb.home) };
      const beforeBytes = bytes(sb.home, settingsFiles);
      const status0 = await doctor(sb, project);
      assert.deepEqual(
        status0.map((s) => [s.host, s.found, s.on]),
        [
          ["claude", true, true],
          ["codex", true, true],
          ["gemini", true, true],
        ],
      );

      await brainOk(sb, ["install", host, ...(host === "claude" ? ["--core-files"] : [])], {
        env: ENV,
        cwd: project,
      });
      // Install did write something of its own (else the test proves nothing).
      const wrote =
        host === "claude"
          ? fs.readFileSync(join(sb.home, ".claude/CLAUDE.md"), "utf8") !== beforeBytes[1]
          : bytes(sb.home, settingsFiles).join() !== beforeBytes.join();
      assert.ok(wrote, `brain install ${host} changed none of the settings files`);
      assert.deepEqual(memoryHashes(sb.home), before.hashes, "memory files and Claude Code's settings");
      assert.deepEqual(memorySettings(sb.home), before.settings, "memory switches");
      assert.deepEqual(await doctor(sb, project), status0, "doctor: the same memory status while installed");

      await brainOk(sb, ["uninstall", host], { env: ENV, cwd: project });
      assert.deepEqual(memoryHashes(sb.home), before.hashes);
      assert.deepEqual(bytes(sb.home, settingsFiles), beforeBytes, "every settings file byte for byte");
      assert.deepEqual(await doctor(sb, project), status0);
    });
  }

  it("doctor reports a memory the user turned off as off, and install leaves it off", async (t) => {
    const sb = freshSandbox(t, "brain-hm-off-");
    const project = join(sb.dir, "app");
    seedHostMemory(sb.home, project);
    fs.writeFileSync(
      join(sb.home, ".codex/config.toml"),
      'model = "gpt-5.4"\n\n[features]\nmemories = false\n',
    );
    fs.writeFileSync(
      join(sb.home, ".gemini/settings.json"),
      '{\n  // no saving\n  "tools": { "exclude": ["save_memory"] }\n}\n',
    );
    fs.mkdirSync(join(project, ".claude"), { recursive: true });
    fs.writeFileSync(join(project, ".claude/settings.local.json"), '{ "autoMemoryEnabled": false }\n');
    await brainOk(sb, ["init"], { env: ENV });
    const off = await doctor(sb, project);
    assert.deepEqual(
      off.map((s) => [s.host, s.on]),
      [
        ["claude", false],
        ["codex", false],
        ["gemini", false],
      ],
    );
    assert.match(
      off[0]?.why ?? "",
      /settings\.local\.json/,
      "the project's local setting wins over the user's",
    );
    // The environment switch wins over every settings file, both ways.
    const env = await doctor(sb, project, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" });
    assert.deepEqual([env[0]?.on, env[0]?.why], [true, "CLAUDE_CODE_DISABLE_AUTO_MEMORY=0"]);
    for (const host of ["codex", "gemini"]) await brainOk(sb, ["install", host], { env: ENV, cwd: project });
    assert.deepEqual(
      (await doctor(sb, project)).map((s) => [s.host, s.on]),
      off.map((s) => [s.host, s.on]),
    );
    const text = await brainOk(sb, ["doctor"], { env: ENV, cwd: project });
    assert.match(text.stdout, /host memory \(the hosts' own; Brain reads it and never turns it off\):/);
    assert.match(text.stdout, /codex {3}off — \[features\] memories = false/);
  });
});
