/**
 * `brain export-rules`: the stable context in each host's rules file, between markers; idempotent; user text
 * outside the markers kept byte for byte; broken markers refused without touching the file.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { BEGIN, END } from "../../src/project/export-rules.ts";
import { brain, json, removeSandbox, type Sandbox, sandbox, show } from "../support/cli.ts";

let sb: Sandbox;
let project: string;
const env = { BRAIN_NOW: "2026-03-01T12:00:00.000Z" };
/** The whole lasting context (`--all`); the project-only default is tested in test/cli/per-project.test.ts. */
const exportRules = (...args: string[]) =>
  brain(sb, ["--cwd", project, "export-rules", "--all", ...args], { env });

before(async () => {
  sb = sandbox("brain-export-");
  project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  assert.equal((await brain(sb, ["init"], { env })).code, 0);
  const r = await brain(sb, ["add", "type=learning", "text=The staging cluster is called kite"], { env });
  assert.equal(r.code, 0, show(r));
});
after(() => removeSandbox(sb));

const read = (rel: string) => fs.readFileSync(join(project, rel), "utf8");

describe("export-rules", () => {
  const files = {
    agents: "AGENTS.md",
    claude: "CLAUDE.md",
    gemini: "GEMINI.md",
    copilot: ".github/copilot-instructions.md",
    cursor: ".cursor/rules/brain.mdc",
  };
  for (const [format, rel] of Object.entries(files)) {
    it(`--format ${format} writes ${rel} with the stable context only, and a second run changes nothing`, async () => {
      const r = await exportRules("--format", format, "--json");
      assert.equal(r.code, 0, show(r));
      assert.equal(json(r).changed, true);
      const text = read(rel);
      assert.ok(text.includes(BEGIN) && text.includes(END));
      assert.match(text, /The staging cluster is called kite/);
      assert.match(text, /## Behavior/);
      assert.doesNotMatch(
        text,
        /## Runtime|## Tasks and reminders|Available commands/,
        "volatile blocks stay out",
      );
      if (format === "cursor") assert.match(text, /^---\ndescription: .+\nalwaysApply: true\n---\n/);
      const again = await exportRules("--format", format, "--json");
      assert.equal(json(again).changed, false);
      assert.equal(
        read(rel),
        text,
        "idempotent, although the exported files are now project rules themselves",
      );
    });
  }

  it("keeps the user's text around the markers byte for byte when the brain changes", async () => {
    const rel = "AGENTS.md";
    const user = read(rel)
      .replace(/^/, "# My rules\n\nUse tabs.\r\n\n")
      .concat("\n## After\nTrailing  text \n");
    fs.writeFileSync(join(project, rel), user);
    const [head, rest] = user.split(BEGIN) as [string, string];
    const tail = rest.slice(rest.indexOf(END) + END.length);
    await brain(sb, ["add", "type=learning", "text=Releases are cut on Tuesdays"], { env });
    const r = await exportRules("--format", "agents");
    assert.equal(r.code, 0, show(r));
    const out = read(rel);
    assert.ok(out.startsWith(head), "text before the markers unchanged");
    assert.ok(out.endsWith(tail), "text after the markers unchanged");
    assert.match(out, /Releases are cut on Tuesdays/);
  });

  it("appends a marked section to a file that has none", async () => {
    const file = join(project, "notes.md");
    fs.writeFileSync(file, "# Notes\nmine");
    const r = await exportRules("--format", "claude", "--out", file);
    assert.equal(r.code, 0, show(r));
    const out = fs.readFileSync(file, "utf8");
    assert.ok(out.startsWith(`# Notes\nmine\n\n${BEGIN}\n`));
    assert.ok(out.endsWith(`${END}\n`));
  });

  it("refuses unmatched markers without touching the file", async () => {
    const file = join(project, "broken.md");
    const broken = `intro\n${BEGIN}\nhalf a section\n`;
    fs.writeFileSync(file, broken);
    const r = await exportRules("--format", "claude", "--out", file);
    assert.equal(r.code, 2, show(r));
    assert.match(r.stderr, /unmatched brain markers/);
    assert.equal(fs.readFileSync(file, "utf8"), broken);
  });

  it("--dry-run prints the file and writes nothing; an unknown format is exit 2", async () => {
    const r = await exportRules("--format", "gemini", "--out", join(project, "dry.md"), "--dry-run");
    assert.equal(r.code, 0, show(r));
    assert.match(r.stdout, /The staging cluster is called kite/);
    assert.equal(fs.existsSync(join(project, "dry.md")), false);
    const bad = await exportRules("--format", "emacs");
    assert.equal(bad.code, 2, show(bad));
    assert.match(bad.stderr, /--format must be one of: agents, claude, cursor, gemini, copilot/);
  });
});
