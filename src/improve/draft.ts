import * as fs from "node:fs";
import { join } from "node:path";
import { SAME_FAILURE, similarity } from "../core/failure-signature.ts";
import { oneLine } from "../core/one-line.ts";
import type { FailureEntry } from "./failure-fold.ts";
import type { Opportunity } from "./opportunities.ts";
import { POLICY, routeOf } from "./policy.ts";
import type { ProposalDraft } from "./proposals.ts";

/**
 * Step 4 of the cycle without a model: the change written as a rule from the pattern — what failed, how often,
 * with which error, and what passed or what the user said (from the failure index) — routed by the one
 * policy table (src/improve/policy.ts). With a model the text comes from src/improve/draft-model.ts instead.
 */
const code = (s: string, max = 120) => `\`${oneLine(s).replace(/`/g, "'").slice(0, max)}\``;
const quote = (s: string, max = 160) => `"${oneLine(s).replace(/"/g, "'").slice(0, max)}"`;
const day = (at: string) => at.slice(0, 10);
const span = (o: Opportunity) => {
  const days = o.evidence.map((e) => day(e.at)).sort();
  const [a, b] = [days[0] ?? "", days[days.length - 1] ?? ""];
  return a === b ? `on ${a}` : `between ${a} and ${b}`;
};

export function slug(words: string[], max = 40): string {
  const s = [
    ...new Set(
      words
        .join(" ")
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
  ].join("-");
  return s.slice(0, max).replace(/-+$/, "") || "workflow";
}

/** What the failure index knows about an opportunity's failure: the entry with a fix or correction. */
export function knownFix(entries: readonly FailureEntry[], o: Opportunity): FailureEntry | undefined {
  const t = o.tool;
  if (!t) return undefined;
  return entries
    .filter(
      (e) =>
        e.tool === t.tool &&
        e.cmd === t.cmd &&
        (!o.project || e.project === o.project) &&
        similarity(e.sig, t.sig) >= SAME_FAILURE &&
        ((e.fix && e.fix.kind !== "retry") || e.correction),
    )
    .sort((a, b) => b.count - a.count)[0];
}

/** The repository's own agent file: CLAUDE.md when it has one and no AGENTS.md, else AGENTS.md. */
export function repoAgentFile(root: string): string {
  const has = (f: string) => fs.existsSync(join(root, f));
  return has("CLAUDE.md") && !has("AGENTS.md") ? join(root, "CLAUDE.md") : join(root, "AGENTS.md");
}

function toolRule(o: Opportunity, fix: FailureEntry | undefined): string {
  const t = o.tool as NonNullable<Opportunity["tool"]>;
  const what = t.cmd ? code(t.target ?? t.cmd) : `the ${oneLine(t.tool)} tool`;
  const err = t.error ? `, with ${quote(t.error.split("\n").find((l) => l.trim()) ?? t.error, 120)}` : "";
  const counts = `failed ${t.failures} of ${t.calls} times ${span(o)}${err}`;
  if (fix?.fix && fix.fix.kind === "command")
    return `- Use ${code(fix.fix.what)} instead of ${what}: ${what} ${counts}; ${code(fix.fix.what)} passed (${day(fix.fix.at)}${fix.fix.session ? `, session ${fix.fix.session.slice(0, 12)}` : ""}).`;
  if (fix?.fix && fix.fix.kind === "edit")
    return `- ${what} ${counts}; it passed after editing ${(fix.fix.edits ?? []).map((p) => code(p, 80)).join(", ")} (${day(fix.fix.at)}).`;
  if (fix?.correction)
    return `- ${what} ${counts}. The user said: ${quote(fix.correction.text)} (${day(fix.correction.at)}).`;
  return `- ${what} ${counts}. Check how this is run here before calling it again.`;
}

/** The draft of one opportunity: where the policy routes it, and the rule written from the pattern. */
export function draftFromPattern(o: Opportunity, entries: readonly FailureEntry[] = []): ProposalDraft {
  const route = routeOf(o.issue);
  const what = POLICY.find((r) => r.issue === o.issue)?.what ?? o.issue;
  const base = {
    issue: o.issue,
    why: `${o.summary} (${what})`,
    evidence: o.evidence,
    opportunity: { hash: o.hash, kind: o.kind },
    source: "cycle" as const,
    drafter: "rule" as const,
    ...(o.project ? { project: o.project } : {}),
    ...(o.tool
      ? {
          failure: {
            tool: o.tool.tool,
            cmd: o.tool.cmd,
            sig: o.tool.sig,
            ...(o.project ? { project: o.project } : {}),
          },
        }
      : {}),
  };
  if (route.how === "skill") {
    const steps = o.commands ?? [];
    const name = slug(steps.map((s) => s.split(/\s+/).slice(0, 2).join(" ")));
    const text = [
      "---",
      `name: ${name}`,
      `description: ${oneLine(`The steps run together in ${o.count ?? "several"} sessions: ${steps.join(", ")}`).slice(0, 200)}`,
      "---",
      "",
      `# ${name}`,
      "",
      "Run these in order, stopping at the first that fails:",
      "",
      ...steps.map((s, i) => `${i + 1}. ${code(s, 200)}`),
      "",
    ].join("\n");
    return {
      ...base,
      kind: "skill",
      target: name,
      scope: "skills",
      title: `skill ${name}: ${steps.length} steps`,
      text,
    };
  }
  if (route.how === "command" || route.how === "tool") {
    const cmd = o.commands?.[0] ?? "";
    const name = slug([cmd]);
    const text = [
      "[[commands]]",
      `name = ${JSON.stringify(name)}`,
      `description = ${JSON.stringify(oneLine(`Run ${cmd} (${o.count} times on ${o.day})`).slice(0, 200))}`,
      `action = "prompt"`,
      `prompt = ${JSON.stringify(`Run \`${cmd}\` in this project and summarise what failed, if anything.`)}`,
      "",
    ].join("\n");
    return {
      ...base,
      kind: "command",
      target: "commands.toml",
      scope: "commands",
      title: `command /${name}`,
      text,
    };
  }
  const fix = knownFix(entries, o);
  let text: string;
  if (o.kind === "tool-failure") text = toolRule(o, fix);
  else if (o.kind === "corrections")
    text = (o.corrections ?? [])
      .map(
        (c) =>
          `- The user corrected: ${quote(c.text)} (${day(c.at)}${c.session ? `, session ${c.session.slice(0, 12)}` : ""}).`,
      )
      .join("\n");
  else
    text = `- ${o.summary} ${span(o)}: ${quote(o.evidence.at(-1)?.text ?? "")}. Check the learner's model settings (\`extraction\`: provider, model, key, base URL).`;
  const target =
    route.how === "append-repo" && o.project
      ? repoAgentFile(o.project)
      : route.how === "append"
        ? route.file
        : "AGENTS.md";
  const scope = route.how === "append-repo" && o.project ? "repo" : "brain";
  const title = `${o.summary} → ${scope === "repo" ? `the repository's ${target.split("/").pop()}` : target}`;
  return { ...base, kind: "append", target, scope, title, text };
}
