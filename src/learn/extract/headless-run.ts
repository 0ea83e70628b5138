import { spawn } from "node:child_process";

/**
 * One run of an agent host's headless mode (src/learn/extract/headless.ts): the child in its own process
 * group, its input written to stdin and closed, its output collected, killed with its group past `timeoutMs`.
 */
export interface RunOutput {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: Error;
}

export function runOnce(
  file: string,
  args: string[],
  input: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
): Promise<RunOutput> {
  return new Promise<RunOutput>((resolve) => {
    const child = spawn(file, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let spawnError: Error | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.stdin.on("error", () => {
      /* a child that exits without reading its input: its exit says what went wrong */
    });
    child.on("error", (e) => {
      spawnError = e;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut, ...(spawnError ? { spawnError } : {}) });
    });
    child.stdin.end(input);
  });
}

/** A short one-line excerpt of what a host printed, for an error message. */
export const excerpt = (s: string) => s.replace(/\s+/gu, " ").trim().slice(0, 300);

/** A JSON object or array printed as text, bare or in a ``` fence; undefined when there is none. */
export function jsonOfText(text: string): unknown {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n?```/u.exec(text);
  try {
    return JSON.parse((fenced?.[1] ?? text).trim()) as unknown;
  } catch {
    return undefined;
  }
}

/** The one JSON object a host printed (undefined when it printed something else). */
export function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text.trim()) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
