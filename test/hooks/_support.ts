/** Run `brain hook <event>` as Claude Code does: a child process with the hook JSON on stdin. */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { assertBuilt, BIN, type CliResult, childEnv, type Sandbox } from "../support/cli.ts";

export interface HookRun extends CliResult {
  ms: number;
}

export function runHook(
  sb: Sandbox,
  event: string,
  input: unknown,
  opts: { cwd?: string; env?: Record<string, string | undefined>; closeStdin?: boolean } = {},
): Promise<HookRun> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, "hook", event], {
      env: childEnv(sb, opts.env),
      cwd: opts.cwd ?? sb.dir,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr, ms: performance.now() - t0 });
    });
    child.stdin.write(typeof input === "string" ? input : JSON.stringify(input));
    if (opts.closeStdin !== false) child.stdin.end();
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
