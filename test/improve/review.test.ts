/**
 * The review side of the loop and its one policy table: routing by the seed's taxonomy; the dedup scan's
 * removal proposals (the lowest canonical rank keeps the line; a removal only on accept, revertible); with
 * improve.autoApply a brain-file append is applied at once and reverted byte for byte; the template sync
 * appends only sections the templates gained, never touching what the user wrote.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { Brain } from "../../src/engine/brain.ts";
import { correctionIssue, POLICY, routeOf } from "../../src/improve/policy.ts";
import { loadState, saveState } from "../../src/improve/state.ts";
import { syncTemplates } from "../../src/improve/template-sync.ts";
import { correctionRecords, recordFeedback } from "../../src/learn/feedback.ts";
import { BrainHome } from "../../src/store/home.ts";
import { brain, freshSandbox, json, type Sandbox, show, writeConfig } from "../support/cli.ts";

async function cli<T = Record<string, unknown>>(sb: Sandbox, args: string[]): Promise<T> {
  const r = await brain(sb, [...args, "--json"], { env: { BRAIN_NOW: "2026-03-06T12:00:00.000Z" } });
  assert.equal(r.code, 0, show(r));
  return json<T>(r);
}

describe("the policy table", () => {
  it("routes each kind of lesson to one place, corrections by what they are about", () => {
    assert.equal(new Set(POLICY.map((r) => r.issue)).size, POLICY.length, "one row per issue");
    const file = (text: string) => {
      const r = routeOf(correctionIssue(text));
      return r.how === "append" ? r.file : r.how;
    };
    assert.equal(file("never force-push to main"), "AGENTS.md");
    assert.equal(file("don't paste the api key into the code"), "SECURITY.md");
    assert.equal(file("be more concise, your answers are too long"), "SOUL.md");
    assert.equal(file("use camelCase naming for variables"), "CODE.md");
    assert.equal(file("use pnpm in this repo"), "USER.md");
    assert.deepEqual(routeOf("tool-usage"), { how: "append", file: "TOOLS.md" });
    assert.deepEqual(routeOf("workflow"), { how: "skill" });
    assert.deepEqual(routeOf("repo-process"), { how: "append-repo" });
  });
});

describe("review", () => {
  it("the dedup scan: the lower rank keeps the line; the removal happens only on accept and reverts", async (t) => {
    const sb = freshSandbox(t, "brain-dedup-");
    const dir = dirname(sb.brainPath);
    fs.mkdirSync(dir, { recursive: true });
    const line = "- Always run pnpm test before pushing";
    fs.writeFileSync(join(dir, "AGENTS.md"), `# Agents\n\n${line}\n`);
    const user = `# User\n\n- Prefers short answers\n${line}\n`;
    fs.writeFileSync(join(dir, "USER.md"), user);
    const r = await cli<{ dedup: { proposed: { id: string; target: string; kind: string }[] } }>(sb, [
      "improve",
      "--dedup",
    ]);
    assert.equal(r.dedup.proposed.length, 1);
    const p = r.dedup.proposed[0] as { id: string; target: string; kind: string };
    assert.deepEqual(
      [p.kind, p.target],
      ["removal", "USER.md"],
      "AGENTS.md (rank 1) keeps it over USER.md (6)",
    );
    assert.equal(fs.readFileSync(join(dir, "USER.md"), "utf8"), user, "nothing removed before the accept");
    await cli(sb, ["proposals", "accept", p.id]);
    assert.doesNotMatch(fs.readFileSync(join(dir, "USER.md"), "utf8"), /pnpm test before pushing/);
    assert.match(fs.readFileSync(join(dir, "USER.md"), "utf8"), /Prefers short answers/);
    assert.match(fs.readFileSync(join(dir, "AGENTS.md"), "utf8"), /pnpm test before pushing/);
    await cli(sb, ["proposals", "revert", p.id]);
    assert.equal(fs.readFileSync(join(dir, "USER.md"), "utf8"), user, "reverted to what it was");
  });

  it("with improve.autoApply a brain-file append is applied at once, logged, and reverts byte for byte", async (t) => {
    const sb = freshSandbox(t, "brain-autoapply-");
    writeConfig(sb, { improve: { autoApply: true } });
    const dir = dirname(sb.brainPath);
    fs.mkdirSync(dir, { recursive: true });
    const before = "# User\n\nLikes short answers.\n";
    fs.writeFileSync(join(dir, "USER.md"), before);
    const texts = ["no, use pnpm here", "no, pnpm not npm", "nope, this repo uses pnpm"];
    await recordFeedback(
      BrainHome.ofLog(sb.brainPath),
      correctionRecords(
        texts.map((text, i) => ({
          text,
          at: `2026-03-0${i + 1}T10:00:00.000Z`,
          source: "explicit" as const,
        })),
        { session: "s1" },
      ),
    );
    const r = await cli<{ applied: { id: string; status: string; target: string }[]; proposed: unknown[] }>(
      sb,
      ["improve"],
    );
    assert.equal(r.applied.length, 1, JSON.stringify(r));
    assert.equal(r.applied[0]?.status, "applied");
    const after = fs.readFileSync(join(dir, "USER.md"), "utf8");
    assert.ok(after.startsWith(before) && after.length > before.length, "appended");
    const log = fs.readFileSync(join(dir, ".brain", "improve", "improvements.md"), "utf8");
    assert.match(log, new RegExp(String(r.applied[0]?.id)));
    await cli(sb, ["proposals", "revert", String(r.applied[0]?.id)]);
    assert.equal(fs.readFileSync(join(dir, "USER.md"), "utf8"), before);
  });

  it("the template sync appends only the sections the templates gained, after what the user wrote", async (t) => {
    const sb = freshSandbox(t, "brain-tsync-");
    const dir = dirname(sb.brainPath);
    fs.mkdirSync(dir, { recursive: true });
    const b = Brain.open({ path: sb.brainPath, cwd: sb.dir });
    const home = BrainHome.ofLog(sb.brainPath);
    const mine = "# Soul\n\n## Voice\n\nDry humour, my own words.\n";
    fs.writeFileSync(join(dir, "SOUL.md"), mine);
    const first = await syncTemplates(b, home, "1.0.0");
    assert.deepEqual(first.merged, [], "the first sync only records what the templates hold");
    // As if version 1.0.0 had shipped SOUL.md without its "Character" section.
    const s = loadState(home);
    s.offered = { ...s.offered, "SOUL.md": ["Voice"] };
    saveState(home, s);
    assert.equal((await syncTemplates(b, home, "1.0.0")).skipped, true, "same version: nothing looked at");
    const next = await syncTemplates(b, home, "1.1.0");
    assert.deepEqual(next.merged, [{ file: "SOUL.md", sections: ["Character"] }]);
    const text = fs.readFileSync(join(dir, "SOUL.md"), "utf8");
    assert.ok(text.startsWith(mine), "what the user wrote is untouched");
    assert.match(text, /^## Character$/m);
    assert.deepEqual((await syncTemplates(b, home, "1.2.0")).merged, [], "offered once");
  });
});
