/**
 * THE directive policy (seed 004 §3.7 "RSI Agent Taxonomy" and §3.8 "Canonical file rank", and the seed's own
 * open gap #2: the two were separate tables that only happened to agree). One table here says, per kind of
 * lesson, where it belongs and how it gets there; the improvement cycle routes by it (src/improve/cycle.ts)
 * and the dedup scan ranks files by it (src/improve/dedup.ts). Pure data and two functions over it.
 */
export type Issue =
  | "hard-rule"
  | "behaviour"
  | "workspace-process"
  | "repo-process"
  | "tool-usage"
  | "user-preference"
  | "knowledge-gap"
  | "code-quality"
  | "security"
  | "startup-service"
  | "workflow"
  | "missing-tool"
  | "missing-command";

/** How a lesson becomes a change: an append to a brain file (or the repository's own agent file), or a file. */
export type Route =
  | { how: "append"; file: string }
  | { how: "append-repo" }
  | { how: "skill" }
  | { how: "tool" }
  | { how: "command" };

export interface PolicyRow {
  issue: Issue;
  route: Route;
  /** What the seed's taxonomy calls it. */
  what: string;
}

// biome-ignore format: a table reads best as one
export const POLICY: readonly PolicyRow[] = [
  { issue: "hard-rule",         route: { how: "append", file: "AGENTS.md" },   what: "hard rules / safety gates" },
  { issue: "behaviour",         route: { how: "append", file: "SOUL.md" },     what: "behaviour, tone, personality" },
  { issue: "workspace-process", route: { how: "append", file: "AGENTS.md" },   what: "workspace process" },
  { issue: "repo-process",      route: { how: "append-repo" },                 what: "a repository's own process (its CLAUDE.md or AGENTS.md)" },
  { issue: "tool-usage",        route: { how: "append", file: "TOOLS.md" },    what: "tool usage patterns" },
  { issue: "user-preference",   route: { how: "append", file: "USER.md" },     what: "user preferences, corrections" },
  { issue: "knowledge-gap",     route: { how: "append", file: "MEMORY.md" },   what: "knowledge gaps, context" },
  { issue: "code-quality",      route: { how: "append", file: "CODE.md" },     what: "code quality / language preference" },
  { issue: "security",          route: { how: "append", file: "SECURITY.md" }, what: "security issues" },
  { issue: "startup-service",   route: { how: "append", file: "BOOT.md" },     what: "startup / upgrade / service" },
  { issue: "workflow",          route: { how: "skill" },                       what: "multi-step workflows (a skill)" },
  { issue: "missing-tool",      route: { how: "tool" },                        what: "missing tools (tools.toml)" },
  { issue: "missing-command",   route: { how: "command" },                     what: "missing commands (commands.toml)" },
];

/**
 * Which file keeps a line found in several (the lowest rank); everything else — user-created files, skills —
 * ranks last (seed 004 §3.8).
 */
// biome-ignore format: a table reads best as one
export const CANONICAL_RANK: Readonly<Record<string, number>> = {
  "SOUL.md": 0, "AGENTS.md": 1, "TOOLS.md": 2, "CODE.md": 3, "SECURITY.md": 4, "MEMORY.md": 5, "USER.md": 6,
};

export function canonicalRank(file: string): number {
  return CANONICAL_RANK[file] ?? Number.MAX_SAFE_INTEGER;
}

export function routeOf(issue: Issue): Route {
  return (POLICY.find((r) => r.issue === issue) as PolicyRow).route;
}

/** Words that say what a correction or an error is about, in the order they are tried. */
// biome-ignore format: a table reads best as one
const TOPICS: readonly { issue: Issue; words: RegExp }[] = [
  { issue: "security",    words: /\b(secret|password|credential|api[ _-]?key|token|leak|vulnerab|cve|private key|\.env\b)/i },
  { issue: "hard-rule",   words: /\b(never|always|must not|do not ever|forbidden|dangerous|destructive|rm -rf|force[- ]push|production data)\b/i },
  { issue: "behaviour",   words: /\b(tone|verbose|shorter|too long|concise|emoji|apologi[sz]e|polite|rude|chatty|be brief)\b/i },
  { issue: "code-quality", words: /\b(style|naming|lint|format(ting)?|typescript|indent|camel ?case|snake ?case|comments?|tests? first|refactor|type[ -]safe)\b/i },
];

/** What a user's correction is about: security, a hard rule, tone, code — else a preference (USER.md). */
export function correctionIssue(text: string): Issue {
  return TOPICS.find((t) => t.words.test(text))?.issue ?? "user-preference";
}
