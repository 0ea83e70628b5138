/** Run `brain hook <event>` as Claude Code does: the installed bin in a child process, the hook JSON on stdin. */
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { assertBuilt, BIN, type CliResult, run, type Sandbox } from "../support/cli.ts";

/** The bin users get (package.json "bin"): what a host's hook command runs. */
export const INSTALLED = join(dirname(BIN), "brain.cjs");

export function runHook(
  sb: Sandbox,
  event: string,
  input: unknown,
  opts: { cwd?: string; env?: Record<string, string | undefined>; closeStdin?: boolean } = {},
): Promise<CliResult> {
  assertBuilt();
  return run(process.execPath, [INSTALLED, "hook", event], sb, {
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    stdin: typeof input === "string" ? input : JSON.stringify(input),
    keepStdinOpen: opts.closeStdin === false,
  });
}

/** A git project with CLAUDE.md (Claude Code loads it itself) and AGENTS.md (it does not). */
export function writeClaudeProject(sb: Sandbox): string {
  const project = join(sb.dir, "project");
  fs.mkdirSync(join(project, ".git"), { recursive: true });
  fs.writeFileSync(join(project, "CLAUDE.md"), "CLAUDE-ONLY-RULE: run make check before committing.\n");
  fs.writeFileSync(join(project, "AGENTS.md"), "AGENTS-RULE: keep functions short.\n");
  return project;
}

export function writeBrainFile(sb: Sandbox, name: string, content: string): void {
  const dir = dirname(sb.brainPath);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(join(dir, name), content);
}

export const common = (sb: Sandbox, cwd: string, event: string) => ({
  session_id: "0b5e6c1e-0000-4000-8000-000000000001",
  transcript_path: join(sb.dir, "transcript.jsonl"),
  cwd,
  hook_event_name: event,
  permission_mode: "default",
});
