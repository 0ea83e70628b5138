/**
 * Brain files (seed 004, issue 3): core files always loaded with AGENTS.md as the last stable block,
 * contextual and user-created files in the "Available context files" index, empty sections stripped,
 * load_brain_file confined to the brain directory, append-only writes with backups, activation frontmatter.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { templateText } from "../../src/brainfiles/templates.ts";
import { BrainError } from "../../src/core/errors.ts";
import { cleanup, cli, learning, NOW, type TempBrain, tempBrain } from "./_fixtures.ts";

const DAY = 86_400_000;

function withBrain(files: Record<string, string>, fn: (t: TempBrain) => void | Promise<void>) {
  return async () => {
    const t = tempBrain([learning("l1", "a learning")], files);
    try {
      await fn(t);
    } finally {
      cleanup(t);
    }
  };
}

const blockIds = (t: TempBrain, req: Parameters<TempBrain["brain"]["context"]>[0] = {}) =>
  t.brain.context({ budget: 4000, ...req }).blocks.map((b) => b.id);
const indexBlock = (t: TempBrain, req: Parameters<TempBrain["brain"]["context"]>[0] = {}) =>
  t.brain.context({ budget: 4000, ...req }).blocks.find((b) => b.id === "index:files")?.text ?? "";

async function assertRefused(fn: () => unknown, codes: string[], what: string): Promise<BrainError> {
  try {
    await fn();
  } catch (e) {
    assert.ok(e instanceof BrainError, `${what}: expected a BrainError, got ${String(e)}`);
    assert.ok(codes.includes(e.code), `${what}: code ${e.code} not in ${codes.join("|")}`);
    return e;
  }
  assert.fail(`${what}: was not refused`);
}

describe("core brain files", () => {
  test(
    "SOUL, USER and AGENTS are always loaded; AGENTS.md is the last stable block",
    withBrain(
      {
        "SOUL.md": "# SOUL\n\nCalm and exact.\n",
        "USER.md": "# USER\n\nAda, Berlin.\n",
        "AGENTS.md": "# AGENTS\n\nNever force-push.\n",
        "CODE.md": "# CODE\n\n> **Owns:** code style\n\nTabs.\n",
      },
      (t) => {
        const r = t.brain.context({ budget: 4000 });
        const ids = r.blocks.map((b) => b.id);
        for (const f of ["SOUL.md", "USER.md", "AGENTS.md"]) assert.ok(ids.includes(`brain-file:${f}`), f);
        const stable = r.blocks.filter((b) => b.cacheable);
        assert.equal(stable.at(-1)?.id, "brain-file:AGENTS.md");
        assert.ok(r.text.includes("Never force-push."));
        assert.ok(ids.indexOf("brain-file:SOUL.md") < ids.indexOf("brain-file:AGENTS.md"));
        // CODE.md is contextual: indexed, not loaded.
        assert.ok(!r.text.includes("Tabs."));
      },
    ),
  );

  test(
    "a template with only headings (brain init) contributes nothing: empty sections are stripped",
    withBrain({}, async (t) => {
      const written = t.brain.writeTemplates();
      assert.ok(written.includes("SOUL.md") && written.includes("AGENTS.md") && written.includes("CODE.md"));
      // The templates carry their Owns header on disk…
      assert.match(fs.readFileSync(join(t.dir, "CODE.md"), "utf8"), /^> \*\*Owns:\*\* coding standards/m);
      // …but contribute no block and no index line.
      const ids = blockIds(t);
      assert.ok(!ids.some((id) => id.startsWith("brain-file:")), ids.join(","));
      assert.equal(indexBlock(t), "");
      assert.equal(t.brain.loadBrainFile("SOUL.md").content, "");
      assert.equal(t.brain.writeTemplates().length, 0, "writeTemplates never overwrites");
    }),
  );

  test(
    "empty sections are stripped, filled ones (and their parents) kept",
    withBrain(
      { "SOUL.md": "# SOUL\n\n## Empty\n\n\n## Voice\n\nDry.\n\n### Empty child\n\n## Also empty\n" },
      (t) => {
        assert.equal(t.brain.loadBrainFile("SOUL").content, "# SOUL\n\n## Voice\n\nDry.");
        assert.equal(templateText("NOPE.md"), undefined);
      },
    ),
  );
});

describe("contextual and user-created files in the index", () => {
  test(
    "contextual and user-created files are listed with their Owns line and size, not loaded",
    withBrain(
      {
        "TOOLS.md": "# TOOLS\n\n> **Owns:** tool usage — pitfalls\n\nUse rg.\n",
        "RESEARCH.md": "# Research notes\n\n> Owns: open questions about caching\n\nQ1.\n",
        "PLAIN.md": "# Plain\n\nNo owns line here.\n",
      },
      (t) => {
        const index = indexBlock(t);
        const size = (n: string) => fs.statSync(join(t.dir, n)).size;
        assert.ok(index.includes(`- TOOLS.md — tool usage — pitfalls (${size("TOOLS.md")} B)`), index);
        assert.ok(
          index.includes(
            `- RESEARCH.md (user-created) — open questions about caching (${size("RESEARCH.md")} B)`,
          ),
          index,
        );
        assert.ok(index.includes(`- PLAIN.md (user-created) (${size("PLAIN.md")} B)`), index);
        const text = t.brain.context({ budget: 4000 }).text;
        assert.ok(!text.includes("Use rg.") && !text.includes("Q1."));
        assert.equal(t.brain.loadBrainFile("TOOLS.md").kind, "contextual");
        assert.equal(t.brain.loadBrainFile("RESEARCH").kind, "user-created");
        assert.equal(t.brain.loadBrainFile("RESEARCH").content, "# Research notes\n\nQ1.");
      },
    ),
  );

  test(
    "sizes over 1 KiB are shown in KB",
    withBrain({ "MEMORY.md": `# MEMORY\n\n${"x".repeat(3000)}\n` }, async (t) => {
      assert.match(indexBlock(t), /- MEMORY\.md \(2\.9 KB\)/);
    }),
  );

  test(
    "activation: manual file appears only with include; always loads it; globs auto-attach it",
    withBrain(
      {
        "SECRET.md":
          "---\nactivation: manual\ndescription: only when asked\n---\n# Secret\n\nThe manual body.\n",
        "ALWAYS.md": "---\nactivation: always\n---\n# Always\n\nThe always body.\n",
        "TS.md": "---\nglobs: '*.ts'\n---\n# TS\n\nThe TypeScript body.\n",
      },
      (t) => {
        const plain = t.brain.context({ budget: 4000 });
        assert.ok(!plain.text.includes("The manual body."));
        assert.ok(!indexBlock(t).includes("SECRET.md"), "manual files are not even indexed");
        assert.ok(plain.text.includes("The always body."));
        assert.ok(!plain.text.includes("The TypeScript body."));
        for (const name of ["SECRET.md", "SECRET"]) {
          const inc = t.brain.context({ budget: 4000, include: [name] });
          assert.ok(inc.text.includes("The manual body."), `include ${name}`);
          assert.equal(inc.blocks.find((b) => b.id === "brain-file:SECRET.md")?.cacheable, false);
        }
        assert.ok(
          t.brain.context({ budget: 4000, files: ["src/a.ts"] }).text.includes("The TypeScript body."),
        );
        assert.ok(
          !t.brain.context({ budget: 4000, files: ["src/a.py"] }).text.includes("The TypeScript body."),
        );
      },
    ),
  );
});

describe("load_brain_file is confined to the brain directory", () => {
  test(
    "traversal, absolute paths, sub-paths and outside symlinks are refused without reading the target",
    withBrain({ "SOUL.md": "# SOUL\n\nInside.\n" }, async (t) => {
      const outside = join(t.root, "outside.md");
      fs.writeFileSync(outside, "TOP SECRET OUTSIDE CONTENT\n");
      fs.symlinkSync(outside, join(t.dir, "LINK.md"));
      fs.mkdirSync(join(t.dir, "sub"));
      fs.writeFileSync(join(t.dir, "sub", "X.md"), "sub\n");
      for (const name of [
        "../outside.md",
        "../outside",
        "../../etc/passwd",
        outside,
        "/etc/passwd",
        "sub/X.md",
        "..",
        "",
      ]) {
        const e = await assertRefused(() => t.brain.loadBrainFile(name), ["INVALID", "NOT_FOUND"], name);
        assert.ok(!e.message.includes("TOP SECRET"), name);
      }
      const e = await assertRefused(
        () => t.brain.loadBrainFile("LINK.md"),
        ["INVALID", "NOT_FOUND"],
        "symlink out",
      );
      assert.ok(!e.message.includes("TOP SECRET"));
      assert.ok(!t.brain.listBrainFiles().some((f) => f.name === "LINK.md"), "the symlink is not listed");
      assert.ok(!t.brain.context({ budget: 4000, include: ["LINK.md"] }).text.includes("TOP SECRET"));
      // A symlink inside the directory pointing to another brain file is fine.
      fs.symlinkSync(join(t.dir, "SOUL.md"), join(t.dir, "ALIAS.md"));
      assert.equal(t.brain.loadBrainFile("ALIAS.md").content, "# SOUL\n\nInside.");
    }),
  );

  test(
    "the CLI refuses the same names with a non-zero exit and no outside content",
    withBrain({}, async (t) => {
      const outside = join(t.root, "outside.md");
      fs.writeFileSync(outside, "TOP SECRET OUTSIDE CONTENT\n");
      fs.symlinkSync(outside, join(t.dir, "LINK.md"));
      for (const name of ["../outside.md", outside, "LINK.md"]) {
        const r = cli(["file", name], { brainPath: t.path, cwd: t.root, home: t.root });
        assert.notEqual(r.code, 0, name);
        assert.ok(!(r.stdout + r.stderr).includes("TOP SECRET"), name);
      }
    }),
  );
});

describe("writing brain files", () => {
  test(
    "writes append unless replace + cleanupIntent; replace without intent is refused",
    withBrain({ "MEMORY.md": "# MEMORY\n\nfirst" }, async (t) => {
      const p = join(t.dir, "MEMORY.md");
      assert.equal((await t.brain.writeBrainFile("MEMORY.md", "second")).mode, "append");
      assert.equal(fs.readFileSync(p, "utf8"), "# MEMORY\n\nfirst\nsecond\n");
      // `replace: false` with an intent still appends.
      await t.brain.writeBrainFile("MEMORY", "third\n", { cleanupIntent: "ignored without replace" });
      assert.equal(fs.readFileSync(p, "utf8"), "# MEMORY\n\nfirst\nsecond\nthird\n");
      for (const intent of [undefined, "", "   "]) {
        await assertRefused(
          () =>
            t.brain.writeBrainFile("MEMORY.md", "gone", { replace: true, cleanupIntent: intent as string }),
          ["INVALID"],
          `replace with intent ${JSON.stringify(intent)}`,
        );
      }
      assert.equal(
        fs.readFileSync(p, "utf8"),
        "# MEMORY\n\nfirst\nsecond\nthird\n",
        "a refused rewrite changes nothing",
      );
      const r = await t.brain.writeBrainFile("MEMORY.md", "# MEMORY\n\nclean", {
        replace: true,
        cleanupIntent: "dedup",
      });
      assert.equal(r.mode, "rewrite");
      assert.ok(r.backup && fs.readFileSync(r.backup, "utf8") === "# MEMORY\n\nfirst\nsecond\nthird\n");
      assert.equal(fs.readFileSync(p, "utf8"), "# MEMORY\n\nclean\n");
      // New files can be created by appending; bad names are refused.
      await t.brain.writeBrainFile("NEW", "hello");
      assert.equal(fs.readFileSync(join(t.dir, "NEW.md"), "utf8"), "hello\n");
      for (const bad of ["../x", "/tmp/x.md", "a/b.md", ".hidden.md"]) {
        await assertRefused(() => t.brain.writeBrainFile(bad, "x"), ["INVALID"], bad);
      }
      assert.ok(!fs.existsSync(join(t.root, "x.md")));
    }),
  );

  test(
    "writing through a symlink that leads outside is refused, even when its target does not exist yet",
    withBrain({}, async (t) => {
      const outside = join(t.root, "outside.md");
      fs.writeFileSync(outside, "keep\n");
      fs.symlinkSync(outside, join(t.dir, "LIVE.md"));
      const dangling = join(t.root, "not-yet.md");
      fs.symlinkSync(dangling, join(t.dir, "DANGLING.md"));
      for (const name of ["LIVE.md", "DANGLING.md"]) {
        await assertRefused(() => t.brain.writeBrainFile(name, "evil"), ["INVALID"], `${name} append`);
        await assertRefused(
          () => t.brain.writeBrainFile(name, "evil", { replace: true, cleanupIntent: "x" }),
          ["INVALID"],
          `${name} replace`,
        );
      }
      assert.equal(fs.readFileSync(outside, "utf8"), "keep\n");
      assert.ok(!fs.existsSync(dangling), "nothing may be created outside the brain directory");
    }),
  );

  test(
    "every rewrite makes a backup; at most 5 remain per file; other files' backups are untouched",
    withBrain({ "CODE.md": "v0\n", "CODE.md.notes.md": "n0\n" }, async (t) => {
      const bdir = join(t.dir, ".brain", "backups");
      const mine = () => fs.readdirSync(bdir).filter((f) => /^CODE\.md\.\d{4}-/.test(f));
      const notes = () => fs.readdirSync(bdir).filter((f) => f.startsWith("CODE.md.notes.md."));
      for (let i = 1; i <= 3; i++)
        await t.brain.writeBrainFile("CODE.md.notes.md", `n${i}`, { replace: true, cleanupIntent: "t" });
      assert.equal(notes().length, 3);
      const contents: string[] = [];
      for (let i = 1; i <= 8; i++) {
        const r = await t.brain.writeBrainFile("CODE.md", `v${i}`, {
          replace: true,
          cleanupIntent: `round ${i}`,
        });
        assert.ok(r.backup, "each rewrite of an existing file makes a backup");
        contents.push(fs.readFileSync(r.backup, "utf8"));
        assert.ok(mine().length <= 5, `${mine().length} backups after rewrite ${i}`);
      }
      assert.deepEqual(contents, ["v0\n", "v1\n", "v2\n", "v3\n", "v4\n", "v5\n", "v6\n", "v7\n"]);
      assert.equal(mine().length, 5);
      // The newest five survive.
      const kept = mine()
        .map((f) => fs.readFileSync(join(bdir, f), "utf8"))
        .sort();
      assert.deepEqual(kept, ["v3\n", "v4\n", "v5\n", "v6\n", "v7\n"]);
      assert.equal(notes().length, 3, "CODE.md's pruning must not delete CODE.md.notes.md's backups");
    }),
  );

  test(
    "backups older than 7 days are pruned on the next rewrite",
    withBrain({ "TOOLS.md": "v0\n" }, async (t) => {
      const bdir = join(t.dir, ".brain", "backups");
      const r1 = await t.brain.writeBrainFile("TOOLS.md", "v1", { replace: true, cleanupIntent: "t" });
      const r2 = await t.brain.writeBrainFile("TOOLS.md", "v2", { replace: true, cleanupIntent: "t" });
      assert.ok(r1.backup && r2.backup);
      const old = (NOW.getTime() - 8 * DAY) / 1000;
      const recent = (NOW.getTime() - 6 * DAY) / 1000;
      fs.utimesSync(r1.backup, old, old);
      fs.utimesSync(r2.backup, recent, recent);
      const r3 = await t.brain.writeBrainFile("TOOLS.md", "v3", { replace: true, cleanupIntent: "t" });
      const left = fs.readdirSync(bdir);
      assert.ok(!left.includes(r1.backup.split("/").at(-1) as string), "the 8-day-old backup is gone");
      assert.ok(left.includes(r2.backup.split("/").at(-1) as string), "the 6-day-old backup stays");
      assert.ok(r3.backup && left.includes(r3.backup.split("/").at(-1) as string));
    }),
  );

  test(
    "CLI: --append appends, --replace needs --intent, --replace --intent rewrites from stdin",
    withBrain({ "MEMORY.md": "# MEMORY\n\nfirst\n" }, async (t) => {
      const o = { brainPath: t.path, cwd: t.root, home: t.root };
      assert.equal(cli(["file", "MEMORY.md", "--append", "second"], o).code, 0);
      assert.equal(fs.readFileSync(join(t.dir, "MEMORY.md"), "utf8"), "# MEMORY\n\nfirst\nsecond\n");
      const refused = cli(["file", "MEMORY.md", "--replace"], { ...o, input: "new\n" });
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /intent/);
      const ok = cli(["file", "MEMORY.md", "--replace", "--intent", "tidy"], { ...o, input: "new\n" });
      assert.equal(ok.code, 0, ok.stderr);
      assert.equal(fs.readFileSync(join(t.dir, "MEMORY.md"), "utf8"), "new\n");
      assert.equal(fs.readdirSync(join(t.dir, ".brain", "backups")).length, 1);
      const shown = cli(["file", "MEMORY"], o);
      assert.equal(shown.stdout, "new\n");
    }),
  );
});
