/**
 * Skills, commands and tools (seed 004 §2.4–2.6, issue 3): the "Available commands & skills" index lists
 * built-in skills, user skills (overriding a built-in of the same name), commands.toml and tools.toml;
 * invalid files are reported with file and line and never stop the context.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { cleanup, cli, learning, type TempBrain, tempBrain, tempRoot, writeFiles } from "./_fixtures.ts";

const skillsBlock = (t: TempBrain) =>
  t.brain.context({ budget: 4000 }).blocks.find((b) => b.id === "index:skills")?.text ?? "";

function withBrain(files: Record<string, string>, fn: (t: TempBrain) => void) {
  return () => {
    const t = tempBrain([learning("l1", "still here")], files);
    try {
      fn(t);
    } finally {
      cleanup(t);
    }
  };
}

describe("skills, commands and tools index", () => {
  test(
    "the built-in memory-consolidate skill is listed for an empty brain directory",
    withBrain({}, (t) => {
      const block = skillsBlock(t);
      assert.match(block, /^## Available commands & skills\n/);
      assert.match(block, /^- skill memory-consolidate — Tidy the brain/m);
      assert.equal(
        t.brain.context({ budget: 4000 }).blocks.find((b) => b.id === "index:skills")?.cacheable,
        true,
      );
    }),
  );

  test(
    "a user skill with the same name overrides the built-in (listed once, with the user's description)",
    withBrain(
      {
        "skills/memory-consolidate/SKILL.md":
          "---\nname: memory-consolidate\ndescription: My own consolidation\n---\nbody\n",
        "skills/other-dir-name/SKILL.md": "---\nname: deploy\ndescription: Ship it\n---\nbody\n",
      },
      (t) => {
        const block = skillsBlock(t);
        assert.equal(block.match(/memory-consolidate/g)?.length, 1, block);
        assert.ok(block.includes("- skill memory-consolidate — My own consolidation"), block);
        assert.ok(block.includes("- skill deploy — Ship it"), "the frontmatter name counts, not the folder");
      },
    ),
  );

  test(
    "commands.toml [[commands]] and tools.toml [[tools]] are listed",
    withBrain(
      {
        "commands.toml":
          '[[commands]]\nname = "standup"\ndescription = "Summarise yesterday"\naction = "prompt"\nprompt = "…"\n\n[[commands]]\nname = "plain"\n',
        "tools.toml": '[[tools]]\nname = "weather"\ndescription = "Current weather"\n',
      },
      (t) => {
        const block = skillsBlock(t);
        assert.ok(block.includes("- /standup — Summarise yesterday"), block);
        assert.ok(block.includes("- /plain"), block);
        assert.ok(block.includes("- tool weather — Current weather"), block);
        assert.deepEqual(t.brain.context({ budget: 4000 }).problems, []);
      },
    ),
  );

  test(
    "invalid TOML and a SKILL.md with broken frontmatter are reported with file and line; context goes on",
    withBrain(
      {
        "commands.toml": '[[commands]]\nname = "ok"\n\n[[commands]\nname = "broken"\n',
        "tools.toml": '[[tools]]\ndescription = "no name"\n\n[[tools]]\nname = "fine"\n',
        "skills/bad/SKILL.md": "---\nname: bad\ndescription: [unclosed\n---\nbody\n",
        "skills/unclosed/SKILL.md": "---\nname: unclosed\nbody without a closing fence\n",
        "skills/nameless/SKILL.md": "---\ndescription: has no name\n---\nbody\n",
        "skills/good/SKILL.md": "---\nname: good\ndescription: Works\n---\nbody\n",
      },
      (t) => {
        const r = t.brain.context({ budget: 4000 });
        const byFile = (suffix: string) => r.problems.filter((p) => p.file.endsWith(suffix));
        const toml = byFile("commands.toml");
        assert.equal(toml.length, 1, JSON.stringify(r.problems));
        assert.equal(toml[0]?.line, 4, "the unclosed [[commands] header is on line 4");
        assert.equal(toml[0]?.file, join(t.dir, "commands.toml"));
        const tools = byFile("tools.toml");
        assert.equal(tools.length, 1);
        assert.equal(tools[0]?.line, 1, "the nameless [[tools]] entry starts on line 1");
        const bad = byFile(join("bad", "SKILL.md"));
        assert.equal(bad.length, 1);
        assert.equal(bad[0]?.line, 3, "the broken YAML value is on line 3 of SKILL.md");
        assert.equal(byFile(join("unclosed", "SKILL.md"))[0]?.line, 1);
        assert.equal(byFile(join("nameless", "SKILL.md")).length, 1);
        for (const p of r.problems) assert.ok(p.message.length > 0);
        // The rest of the context is intact.
        assert.ok(r.text.includes("- still here"));
        const block = r.blocks.find((b) => b.id === "index:skills")?.text ?? "";
        assert.ok(block.includes("- skill good — Works"), block);
        assert.ok(block.includes("- tool fine"), block);
        assert.ok(block.includes("memory-consolidate"));
        assert.ok(!block.includes("broken") && !block.includes("skill bad"));
      },
    ),
  );

  test(
    "the CLI prints the context and reports problems on stderr as file:line: message, exit 0",
    withBrain({ "commands.toml": "[[commands]\n" }, (t) => {
      const r = cli(["context", "--budget", "1000"], { brainPath: t.path, cwd: t.root, home: t.root });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stdout.includes("- still here"));
      assert.ok(r.stderr.includes(`brain: ${join(t.dir, "commands.toml")}:1: `), r.stderr);
    }),
  );
});

describe("rule files with broken frontmatter", () => {
  test("are reported with file and line and do not stop the context", () => {
    const root = tempRoot();
    const repo = join(root, "repo");
    fs.mkdirSync(join(repo, ".git"), { recursive: true });
    writeFiles(repo, {
      ".cursor/rules/bad.mdc": "---\ndescription: [unclosed\n  : weird\n---\nMARK-bad\n",
      "CLAUDE.md": "MARK-claude\n",
    });
    const t = tempBrain([learning("l1", "still here")], {}, { root, cwd: repo });
    try {
      const r = t.brain.context({ budget: 2000 });
      const p = r.problems.find((x) => x.file.endsWith("bad.mdc"));
      assert.ok(p, JSON.stringify(r.problems));
      assert.ok(p.line >= 2 && p.line <= 3, `line ${p.line}`);
      assert.ok(r.text.includes("MARK-claude") && r.text.includes("- still here"));
    } finally {
      cleanup(t);
    }
  });
});
