/**
 * The core files reach Claude Code whole (issue 23): `brain install claude --core-files` adds one line of
 * `@` imports to Claude Code's own CLAUDE.md (a hook's context is capped at 10 000 characters, an imported
 * memory file is not), `brain uninstall claude` takes it out and gives the user's file back byte for byte,
 * and the session-start hook then leaves those files out of its context for Claude Code only.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { importsOf } from "../../src/hooks/claude-memory.ts";
import { addCoreImport, removeCoreImport } from "../../src/hosts/claude/core-import.ts";
import { brain, freshSandbox, show } from "../support/cli.ts";
import { fc } from "../support/fc.ts";
import { common, runHook, writeBrainFile, writeClaudeProject } from "./_support.ts";

const claudeMd = (home: string) => join(home, ".claude", "CLAUDE.md");

describe("the import line in Claude Code's CLAUDE.md", () => {
  it("add then remove gives back any file of the user's byte for byte (property)", () => {
    const dir = fs.mkdtempSync(join(tmpdir(), "brain-core-import-"));
    try {
      const line = fc.stringMatching(/^[ -~\u00e9\u4e2d]{0,40}$/);
      const text = fc.array(line, { maxLength: 12 }).map((ls) => (ls.length ? `${ls.join("\n")}\n` : ""));
      let n = 0;
      fc.assert(
        fc.property(fc.option(text, { nil: undefined }), (original) => {
          const claude = join(dir, `c${n++}`);
          fs.mkdirSync(claude);
          if (original !== undefined) fs.writeFileSync(join(claude, "CLAUDE.md"), original);
          const added = addCoreImport(claude, "/srv/brain");
          assert.equal(added.change, "added");
          const after = fs.readFileSync(join(claude, "CLAUDE.md"), "utf8");
          assert.ok(after.startsWith(original ?? ""), "the user's lines stay first, unchanged");
          assert.equal(addCoreImport(claude, "/srv/brain").change, "unchanged", "added once");
          assert.equal(removeCoreImport(claude, "/srv/brain").change, "removed");
          const file = join(claude, "CLAUDE.md");
          const back = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : undefined;
          assert.equal(back ?? "", original ?? "");
        }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("imports inside code are not imports; ~/ is the home directory", () => {
    const text = "see @~/a.md and `@/b.md`\n```\n@/c.md\n```\n@/d.md, @rel.md\n";
    assert.deepEqual(importsOf(text, "/home/u", "/home/u/.claude"), [
      "/home/u/a.md",
      "/d.md",
      "/home/u/.claude/rel.md",
    ]);
  });

  it("a brain directory with a space is refused with a reason (Claude Code cannot import it)", () => {
    assert.throws(() => addCoreImport("/tmp/nowhere-x", "/srv/my brain"), /cannot name a path with spaces/);
  });
});

describe("brain install claude --core-files through the CLI and the session-start hook", () => {
  it("adds nothing without consent, the line with it; the hook then leaves the files to Claude Code", async (t) => {
    const sb = freshSandbox(t, "brain-core-import-");
    const project = writeClaudeProject(sb);
    writeBrainFile(sb, "AGENTS.md", "# Agents\nAGENTS-CORE-RULE: never push on Fridays.\n");
    writeBrainFile(sb, "SOUL.md", "# Soul\nSOUL-LINE: curious and careful.\n");
    fs.mkdirSync(join(sb.home, ".claude"));
    fs.writeFileSync(claudeMd(sb.home), "# mine\n");
    const market = join(sb.dir, "market");

    const plain = await brain(sb, ["install", "claude", "--dir", market]);
    assert.equal(plain.code, 0, show(plain));
    assert.match(plain.stdout, /brain install claude --core-files/, "the flag is named");
    assert.equal(fs.readFileSync(claudeMd(sb.home), "utf8"), "# mine\n", "nothing added without consent");

    const start = async (source = "startup", env: Record<string, string> = {}) => {
      const input = { ...common(sb, project, "SessionStart"), source, session_id: `s-${Math.random()}` };
      const r = await runHook(sb, "session-start", input, { env });
      assert.equal(r.code, 0, show(r));
      return r.stdout;
    };
    assert.match(await start(), /AGENTS-CORE-RULE/, "without the import the hook carries the core files");

    const yes = await brain(sb, ["install", "claude", "--dir", market, "--core-files", "--json"]);
    assert.equal(yes.code, 0, show(yes));
    const core = JSON.parse(yes.stdout).coreFiles;
    assert.equal(core.change, "added");
    assert.equal(fs.readFileSync(claudeMd(sb.home), "utf8"), `# mine\n\n${core.line}\n`);
    assert.match(core.line, /^@\S+\/SOUL\.md @\S+\/USER\.md @\S+\/AGENTS\.md$/);

    const after = await start();
    assert.doesNotMatch(after, /AGENTS-CORE-RULE|SOUL-LINE/, "Claude Code loads them itself: not sent twice");
    assert.match(after, /AGENTS-RULE: keep functions short/, "the project's own rules still come");
    assert.doesNotMatch(
      await start("compact"),
      /AGENTS-CORE-RULE/,
      "nor after a compaction (CLAUDE.md reloads)",
    );
    const other = await brain(sb, ["context", "--cwd", project]);
    assert.match(
      other.stdout,
      /AGENTS-CORE-RULE/,
      "other hosts' contexts (pi, brain context) still carry them",
    );

    const un = await brain(sb, ["uninstall", "claude", "--dir", market]);
    assert.equal(un.code, 0, show(un));
    assert.match(un.stdout, /core-files import out of/);
    assert.equal(fs.readFileSync(claudeMd(sb.home), "utf8"), "# mine\n", "the user's file, byte for byte");
    assert.match(await start(), /AGENTS-CORE-RULE/, "the hook carries them again");
  });
});
