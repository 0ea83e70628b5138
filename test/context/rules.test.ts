/**
 * Project rules (issue 3, OpenCrabs gaps #1 #11 #12): every common agent-rules format is discovered from the
 * git root down to cwd and mapped to an activation mode — always (a block), auto-attached (a block only when
 * a worked-on file matches), agent-requested (an index line with its description), manual (only when
 * included by path). Injected rules survive compaction through .brain/recent.json and `--recover`.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { ContextRequest } from "../../src/context/build.ts";
import { discoverRules } from "../../src/project/rules.ts";
import { cleanup, cli, learning, type TempBrain, tempBrain, tempRoot, writeFiles } from "./_fixtures.ts";

/** Each rule's body carries a unique marker so its presence in the text is unambiguous. */
const REPO_FILES: Record<string, string> = {
  "AGENTS.md": "# Agents\n\nMARK-root-agents\n",
  "CLAUDE.md": "MARK-root-claude\n",
  "GEMINI.md": "MARK-gemini\n",
  ".cursorrules": "MARK-cursorrules\n",
  ".windsurfrules": "MARK-windsurfrules\n",
  ".clinerules": "MARK-clinerules-file\n",
  ".claude/rules/always.md": "# Always\n\nMARK-claude-rules-always\n",
  ".claude/rules/ts.md": '---\npaths:\n  - "src/**/*.ts"\n---\nMARK-claude-rules-ts\n',
  ".cursor/rules/always.mdc":
    "---\ndescription: Always on\nglobs:\nalwaysApply: true\n---\nMARK-cursor-always\n",
  ".cursor/rules/tsx.mdc": '---\ndescription:\nglobs: "**/*.tsx"\nalwaysApply: false\n---\nMARK-cursor-tsx\n',
  // Cursor writes globs unquoted — not valid YAML (`*` starts an alias) but the format every .mdc uses.
  ".cursor/rules/css.mdc":
    "---\ndescription:\nglobs: *.css, **/*.scss\nalwaysApply: false\n---\nMARK-cursor-css\n",
  ".cursor/rules/agent.mdc":
    "---\ndescription: How we write database migrations\nalwaysApply: false\n---\nMARK-cursor-agent\n",
  ".cursor/rules/manual.mdc": "MARK-cursor-manual\n",
  ".github/copilot-instructions.md": "MARK-copilot\n",
  ".github/instructions/py.instructions.md": '---\napplyTo: "**/*.py"\n---\nMARK-copilot-py\n',
  ".github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nMARK-copilot-all\n',
  ".windsurf/rules/on.md": "---\ntrigger: always_on\n---\nMARK-windsurf-on\n",
  ".windsurf/rules/go.md": "---\ntrigger: glob\nglobs: '*.go'\n---\nMARK-windsurf-go\n",
  ".windsurf/rules/model.md":
    "---\ntrigger: model_decision\ndescription: Release checklist\n---\nMARK-windsurf-model\n",
  ".windsurf/rules/manual.md": "---\ntrigger: manual\n---\nMARK-windsurf-manual\n",
  "pkg/AGENTS.md": "MARK-pkg-agents-plain\n",
  "pkg/AGENTS.override.md": "MARK-pkg-agents-override\n",
  "pkg/CLAUDE.md": "MARK-pkg-claude\n",
  "pkg/.clinerules/a.md": "MARK-pkg-cline-a\n",
  "pkg/.clinerules/b.md": "MARK-pkg-cline-b\n",
  "pkg/.claude/rules/lib.md": "---\npaths: lib/**\n---\nMARK-pkg-lib\n",
  "pkg/deeper/.keep": "",
  "other/CLAUDE.md": "MARK-other-claude\n",
};

const ALWAYS_AT_ROOT = [
  "root-agents",
  "root-claude",
  "gemini",
  "cursorrules",
  "windsurfrules",
  "clinerules-file",
  "claude-rules-always",
  "cursor-always",
  "copilot",
  "copilot-all",
  "windsurf-on",
];
const NOT_AT_ROOT = [
  "claude-rules-ts",
  "cursor-tsx",
  "cursor-css",
  "cursor-agent",
  "cursor-manual",
  "copilot-py",
  "windsurf-go",
  "windsurf-model",
  "windsurf-manual",
  "pkg-agents-plain",
  "pkg-agents-override",
  "pkg-claude",
  "pkg-cline-a",
  "pkg-lib",
  "other-claude",
  "OUTSIDE",
];

describe("project rules: discovery and activation modes", () => {
  let t: TempBrain;
  let repo: string;
  const ctx = (req: Partial<ContextRequest> = {}) => t.brain.context({ budget: 8000, cwd: repo, ...req });
  const has = (text: string, mark: string) => text.includes(`MARK-${mark}`);

  before(() => {
    const root = tempRoot();
    repo = join(root, "repo");
    fs.mkdirSync(join(repo, ".git"), { recursive: true });
    writeFiles(repo, REPO_FILES);
    // A rule that is a symlink to a file outside the repository is ignored.
    fs.writeFileSync(join(root, "outside.mdc"), "---\nalwaysApply: true\n---\nMARK-OUTSIDE\n");
    fs.symlinkSync(join(root, "outside.mdc"), join(repo, ".cursor", "rules", "evil.mdc"));
    fs.symlinkSync(join(root, "outside.mdc"), join(repo, "pkg", "GEMINI.md"));
    t = tempBrain([learning("l1", "a learning")], {}, { root, cwd: repo });
  });
  after(() => cleanup(t));

  test("always rules are blocks at the repo root; nothing else is", () => {
    const r = ctx();
    for (const m of ALWAYS_AT_ROOT) assert.ok(has(r.text, m), `always rule ${m} missing`);
    for (const m of NOT_AT_ROOT) assert.ok(!has(r.text, m), `${m} must not be loaded at the root`);
    const ids = r.blocks.map((b) => b.id);
    assert.ok(ids.includes("rule:AGENTS.md") && ids.includes("rule:.cursor/rules/always.mdc"));
    for (const b of r.blocks.filter((x) => x.id.startsWith("rule:"))) assert.equal(b.cacheable, true, b.id);
    assert.deepEqual(r.problems, [], JSON.stringify(r.problems));
  });

  test("auto-attached rules load only when a worked-on file matches their globs", () => {
    const cases: [string, string][] = [
      ["src/a.ts", "claude-rules-ts"],
      ["web/App.tsx", "cursor-tsx"],
      ["App.tsx", "cursor-tsx"],
      ["styles/site.scss", "cursor-css"],
      ["main.css", "cursor-css"],
      ["tools/x.py", "copilot-py"],
      ["cmd/main.go", "windsurf-go"],
    ];
    for (const [file, mark] of cases) {
      const r = ctx({ files: [file] });
      assert.ok(has(r.text, mark), `${file} should attach ${mark}`);
      const block = r.blocks.find((b) => b.text.includes(`MARK-${mark}`));
      assert.equal(block?.cacheable, false, "auto-attached rules are volatile blocks");
      // …and nothing else auto-attaches.
      for (const [, other] of cases)
        if (other !== mark) assert.ok(!has(r.text, other), `${file} attached ${other}`);
    }
    assert.ok(
      !has(ctx({ files: ["lib/a.ts"] }).text, "claude-rules-ts"),
      "paths are relative to the rule's dir",
    );
    assert.ok(!has(ctx({ files: ["README.md"] }).text, "cursor-tsx"));
  });

  test("agent-requested rules are index lines with their description, not blocks", () => {
    const r = ctx();
    const index = r.blocks.find((b) => b.id === "index:files")?.text ?? "";
    assert.ok(index.includes("- .cursor/rules/agent.mdc — How we write database migrations (rule)"), index);
    assert.ok(index.includes("- .windsurf/rules/model.md — Release checklist (rule)"), index);
    assert.ok(!has(r.text, "cursor-agent") && !has(r.text, "windsurf-model"));
  });

  test("manual rules load only when included by path (and are not indexed)", () => {
    const plain = ctx();
    assert.ok(!plain.text.includes(".cursor/rules/manual.mdc"));
    assert.ok(!plain.text.includes(".windsurf/rules/manual.md"));
    const r = ctx({ include: [".cursor/rules/manual.mdc", ".windsurf/rules/manual.md"] });
    assert.ok(has(r.text, "cursor-manual") && has(r.text, "windsurf-manual"));
    assert.ok(
      !has(ctx({ include: ["manual.mdc"] }).text, "cursor-manual"),
      "by its repo path, not a basename",
    );
  });

  test("discovered modes, format by format", () => {
    const modes = Object.fromEntries(discoverRules(repo).map((r) => [r.path, r.mode]));
    assert.deepEqual(modes, {
      "AGENTS.md": "always",
      "CLAUDE.md": "always",
      ".claude/rules/always.md": "always",
      ".claude/rules/ts.md": "auto",
      "GEMINI.md": "always",
      ".cursor/rules/agent.mdc": "agent",
      ".cursor/rules/always.mdc": "always",
      ".cursor/rules/css.mdc": "auto",
      ".cursor/rules/manual.mdc": "manual",
      ".cursor/rules/tsx.mdc": "auto",
      ".cursorrules": "always",
      ".github/copilot-instructions.md": "always",
      ".github/instructions/all.instructions.md": "always",
      ".github/instructions/py.instructions.md": "auto",
      ".windsurf/rules/go.md": "auto",
      ".windsurf/rules/manual.md": "manual",
      ".windsurf/rules/model.md": "agent",
      ".windsurf/rules/on.md": "always",
      ".windsurfrules": "always",
      ".clinerules": "always",
    });
  });

  test("a subdirectory's rules apply when cwd is inside it; AGENTS.override.md replaces AGENTS.md there", () => {
    for (const cwd of [join(repo, "pkg"), join(repo, "pkg", "deeper")]) {
      const r = ctx({ cwd });
      for (const m of [
        "root-agents",
        "root-claude",
        "pkg-agents-override",
        "pkg-claude",
        "pkg-cline-a",
        "pkg-cline-b",
      ])
        assert.ok(has(r.text, m), `${m} missing in ${cwd}`);
      assert.ok(!has(r.text, "pkg-agents-plain"), "AGENTS.override.md replaces AGENTS.md in the same dir");
      assert.ok(!has(r.text, "other-claude"), "a sibling directory's rules do not apply");
      assert.ok(!has(r.text, "OUTSIDE"), "a symlink out of the repo is ignored");
      // pkg's .claude/rules globs are relative to pkg.
      const rel = cwd.endsWith("deeper") ? "../lib/x.ts" : "lib/x.ts";
      assert.ok(has(ctx({ cwd, files: [rel] }).text, "pkg-lib"), `pkg-lib for ${rel} from ${cwd}`);
    }
    assert.ok(has(ctx({ cwd: join(repo, "other") }).text, "other-claude"));
  });

  test("symlinked rules leading outside the repo are ignored everywhere (also not indexed)", () => {
    const rules = [...discoverRules(repo), ...discoverRules(join(repo, "pkg"))];
    assert.ok(!rules.some((r) => r.path.includes("evil") || r.content.includes("OUTSIDE")));
    assert.ok(!rules.some((r) => r.path === "pkg/GEMINI.md"));
  });
});

describe("recently accessed paths and --recover", () => {
  test("auto-attached rules are remembered in .brain/recent.json and re-attached by recover", () => {
    const root = tempRoot();
    const repo = join(root, "repo");
    fs.mkdirSync(join(repo, ".git"), { recursive: true });
    writeFiles(repo, {
      ".cursor/rules/tsx.mdc": '---\nglobs: "**/*.tsx"\n---\nMARK-cursor-tsx\n',
      "CLAUDE.md": "MARK-claude\n",
      "web/App.tsx": "export {};\n", // recent paths keep only files that exist
    });
    // ~500 tokens each: together more than the 60 % fixed share of a 2000 budget, less than the budget.
    const big = (name: string) => `# ${name}\n\n${`${name} line that matters.\n`.repeat(80)}`;
    const t = tempBrain(
      [learning("l1", "a learning")],
      {
        "SOUL.md": big("SOUL"),
        "USER.md": big("USER"),
        "AGENTS.md": big("AGENTS"),
        "PLAN.md": "# Plan\n\n1. Step one\n2. Step two\n",
      },
      { root, cwd: repo },
    );
    try {
      const first = t.brain.context({ budget: 8000, files: ["web/App.tsx"] });
      assert.ok(first.text.includes("MARK-cursor-tsx"));
      // Building is a read; the surface that shows the context records what it used.
      assert.ok(!fs.existsSync(join(t.dir, ".brain", "recent.json")), "context() must write nothing");
      t.brain.recordRecent(first.used);
      const recent = JSON.parse(fs.readFileSync(join(t.dir, ".brain", "recent.json"), "utf8")) as {
        path: string;
        kind: string;
      }[];
      assert.ok(recent.some((r) => r.kind === "rule" && r.path === join(repo, ".cursor/rules/tsx.mdc")));
      assert.ok(recent.some((r) => r.kind === "file" && r.path === join(repo, "web/App.tsx")));

      // A normal context without files: no auto rule, no recent list, no plan; core files capped.
      const normal = t.brain.context({ budget: 2000 });
      assert.ok(!normal.text.includes("MARK-cursor-tsx"));
      assert.ok(!normal.text.includes("Recently accessed paths"));
      assert.ok(!normal.text.includes("Step one"));
      const full = (r: typeof normal, f: string) =>
        r.blocks.find((b) => b.id === `brain-file:${f}.md`)?.text === `## ${f}.md\n${big(f).trim()}`;
      assert.ok(!["SOUL", "USER", "AGENTS"].every((f) => full(normal, f)), "normal context caps core files");

      const rec = t.brain.context({ budget: 2000, recover: true });
      t.brain.recordRecent(rec.used);
      assert.ok(rec.tokens <= 2000);
      assert.ok(rec.text.includes("MARK-cursor-tsx"), "recent files re-attach their rules");
      assert.ok(rec.text.includes("MARK-claude"), "rules in force");
      const recentBlock = rec.blocks.find((b) => b.id === "recent")?.text ?? "";
      assert.ok(recentBlock.includes(`- rule ${join(repo, ".cursor/rules/tsx.mdc")}`), recentBlock);
      assert.ok(recentBlock.includes(`- ${join(repo, "web/App.tsx")}`), recentBlock);
      assert.ok(rec.text.includes("## Active plan") && rec.text.includes("2. Step two"));
      for (const f of ["SOUL", "USER", "AGENTS"])
        assert.ok(full(rec, f), `${f}.md must be in full after recover`);
      // The CLI flag does the same.
      const c = cli(["context", "--recover", "--budget", "2000"], {
        brainPath: t.path,
        cwd: repo,
        home: root,
      });
      assert.equal(c.code, 0, c.stderr);
      // (Recovering re-remembers the rule, moving it to the top of recent.json: compare with a fresh build.)
      assert.equal(c.stdout, `${t.brain.context({ budget: 2000, recover: true }).text}\n`);
      assert.ok(c.stdout.includes("MARK-cursor-tsx"));
    } finally {
      cleanup(t);
    }
  });

  test("a rule cut by the budget is not remembered as injected", () => {
    const root = tempRoot();
    const repo = join(root, "repo");
    fs.mkdirSync(join(repo, ".git"), { recursive: true });
    writeFiles(repo, {
      ".claude/rules/ts.md": `---\npaths: "**/*.ts"\n---\n${"MARK-ts long rule line. ".repeat(400)}\n`,
    });
    const t = tempBrain(
      [],
      { "AGENTS.md": `# AGENTS\n\n${"Hard rule line.\n".repeat(200)}` },
      { root, cwd: repo },
    );
    try {
      const r = t.brain.context({ budget: 300, files: ["a.ts"] });
      t.brain.recordRecent(r.used);
      const shown = r.blocks.some((b) => b.id === "rule:.claude/rules/ts.md");
      const recent = JSON.parse(fs.readFileSync(join(t.dir, ".brain", "recent.json"), "utf8")) as {
        kind: string;
      }[];
      assert.equal(
        recent.some((x) => x.kind === "rule"),
        shown,
        `rule ${shown ? "shown" : "cut"} but recent.json says otherwise`,
      );
      assert.ok(
        recent.some((x) => x.kind === "file"),
        "the worked-on file is remembered either way",
      );
    } finally {
      cleanup(t);
    }
  });
});
