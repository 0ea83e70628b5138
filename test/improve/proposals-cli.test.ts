/**
 * The improvement loop through the installed CLI, without a model: a command that failed in five sessions
 * becomes ONE pending proposal routed to the repository's AGENTS.md (nothing applied until the user accepts),
 * shown with its ledger evidence and diff; accepting it appends the rule, which the next session's context
 * shows and the failure hook then cites. Corrections become a USER.md proposal; a rejected one is not
 * proposed again, and the brain file is never touched without an accept.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import type { ToolEvent } from "../../src/core/tool-event.ts";
import { correctionRecords, recordFeedback } from "../../src/learn/feedback.ts";
import { BrainHome } from "../../src/store/home.ts";
import { toolEventLog } from "../../src/store/tool-event-log.ts";
import { common, runHook, writeClaudeProject } from "../hooks/_support.ts";
import { brain, freshSandbox, json, type Sandbox, show } from "../support/cli.ts";

const NOW = { BRAIN_NOW: "2026-03-06T12:00:00.000Z" };

async function cli<T = Record<string, unknown>>(sb: Sandbox, cwd: string, args: string[]): Promise<T> {
  const r = await brain(sb, [...args, "--json"], { env: NOW, cwd });
  assert.equal(r.code, 0, show(r));
  return json<T>(r);
}

/** Five sessions in which `npm test` failed offline and `npm test --prefer-online` passed. */
function fiveSessions(sb: Sandbox, project: string): void {
  const events: ToolEvent[] = [];
  for (let i = 1; i <= 5; i++) {
    const base = {
      host: "claude",
      session: `s${i}`,
      cwd: project,
      project,
      tool: "Bash",
      kind: "command" as const,
    };
    events.push(
      {
        ...base,
        at: `2026-03-0${i}T10:00:00.000Z`,
        target: "npm test",
        outcome: "error",
        exit: 1,
        error: "npm ERR! code ENOTCACHED",
        id: `f${i}`,
      },
      {
        ...base,
        at: `2026-03-0${i}T10:01:00.000Z`,
        target: "npm test --prefer-online",
        outcome: "ok",
        id: `o${i}`,
      },
    );
  }
  toolEventLog(BrainHome.ofLog(sb.brainPath)).append(events);
}

interface P {
  id: string;
  status: string;
  target: string;
  kind: string;
  text: string;
  evidence: { line: number; session?: string }[];
}

describe("brain improve and brain proposals", () => {
  it("a repeated failure → one pending proposal; accepted → in the repo's AGENTS.md, the context and the hint", async (t) => {
    const sb = freshSandbox(t, "brain-improve-");
    const project = writeClaudeProject(sb);
    const agentsBefore = fs.readFileSync(join(project, "AGENTS.md"), "utf8");
    fiveSessions(sb, project);

    const dry = await cli<{ drafts: unknown[]; proposed: unknown[] }>(sb, project, ["improve", "--dry-run"]);
    assert.equal(dry.drafts.length, 1);
    assert.equal(dry.proposed.length, 0, "a dry run proposes nothing");
    assert.deepEqual((await cli<{ proposals: P[] }>(sb, project, ["proposals"])).proposals, []);

    const r = await cli<{ proposed: P[]; applied: P[] }>(sb, project, ["improve"]);
    assert.equal(r.proposed.length, 1);
    assert.equal(r.applied.length, 0, "autoApply is off by default: nothing applied");
    const p = r.proposed[0] as P;
    assert.equal(p.status, "pending");
    assert.equal(p.target, join(project, "AGENTS.md"), "a repository's own process → its AGENTS.md");
    assert.match(p.text, /npm test --prefer-online/);
    assert.equal(fs.readFileSync(join(project, "AGENTS.md"), "utf8"), agentsBefore, "not applied");

    const shown = await cli<{ proposal: P; diff: string }>(sb, project, ["proposals", "show", p.id]);
    assert.equal(shown.proposal.evidence.length, 5, "each failure cited");
    assert.deepEqual(
      shown.proposal.evidence.map((e) => e.session),
      ["s1", "s2", "s3", "s4", "s5"],
    );
    assert.match(shown.diff, /^\+.*prefer-online/m);

    const again = await cli<{ proposed: P[]; duplicates: number }>(sb, project, ["improve"]);
    assert.equal(again.proposed.length, 0, "a pending opportunity is not proposed twice");
    assert.equal(again.duplicates, 1);

    const accepted = await cli<{ proposal: P }>(sb, project, ["proposals", "accept", p.id]);
    assert.equal(accepted.proposal.status, "accepted");
    const agents = fs.readFileSync(join(project, "AGENTS.md"), "utf8");
    assert.ok(agents.startsWith(agentsBefore), "appended, nothing the user wrote changed");
    assert.match(agents, /prefer-online/);
    const ctx = await brain(sb, ["context"], { env: NOW, cwd: project });
    assert.match(ctx.stdout, /npm test --prefer-online/, "the next session's context has the rule");

    const hook = await runHook(
      sb,
      "post-tool-use-failure",
      {
        ...common(sb, project, "PostToolUseFailure"),
        session_id: "s6",
        tool_name: "Bash",
        tool_input: { command: "npm test" },
        tool_use_id: "toolu_s6",
        error: "Exit code 1\nnpm ERR! code ENOTCACHED",
        is_interrupt: false,
      },
      { env: { BRAIN_NOW: "2026-03-07T09:00:00.000Z" } },
    );
    assert.equal(hook.code, 0, show(hook));
    assert.match(hook.stdout, /Accepted rule \(AGENTS\.md/, "the hook cites the accepted rule");
  });

  it("corrections → a USER.md proposal; rejected, it is not proposed again and USER.md stays as it was", async (t) => {
    const sb = freshSandbox(t, "brain-improve-rej-");
    const project = writeClaudeProject(sb);
    const home = BrainHome.ofLog(sb.brainPath);
    const said = ["no, use pnpm here", "no, pnpm not npm", "nope, this repo uses pnpm"];
    await recordFeedback(
      home,
      correctionRecords(
        said.map((text, i) => ({ text, at: `2026-03-0${i + 1}T10:00:00.000Z`, source: "explicit" as const })),
        { session: "s1", project },
      ),
    );
    const userMd = join(dirname(sb.brainPath), "USER.md");
    const before = "# User\n\nLikes short answers.\n";
    fs.writeFileSync(userMd, before);
    const r = await cli<{ proposed: P[] }>(sb, project, ["improve"]);
    assert.equal(r.proposed.length, 1, JSON.stringify(r));
    const p = r.proposed[0] as P;
    assert.equal(p.target, "USER.md");
    const rejected = await cli<{ proposal: P }>(sb, project, ["proposals", "reject", p.id]);
    assert.equal(rejected.proposal.status, "rejected");
    const next = await cli<{ proposed: P[]; duplicates: number }>(sb, project, ["improve"]);
    assert.equal(next.proposed.length, 0, "a rejected opportunity is not proposed again");
    assert.equal(fs.readFileSync(userMd, "utf8"), before, "USER.md untouched");
    const all = await cli<{ proposals: P[] }>(sb, project, ["proposals", "--all"]);
    assert.deepEqual(
      all.proposals.map((x) => x.status),
      ["rejected"],
    );
    const bad = await brain(sb, ["proposals", "accept", "p-nope", "--json"], { env: NOW, cwd: project });
    assert.notEqual(bad.code, 0, "an unknown id is an error");
  });
});
