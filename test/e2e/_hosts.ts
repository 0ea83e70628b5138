/** Where `test/e2e/setup.mjs` installed the real agent hosts (override with BRAIN_E2E_HOSTS). */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/cli.ts";

export const HOSTS = process.env.BRAIN_E2E_HOSTS ?? join(ROOT, ".tmp", "e2e-hosts");
const bin = (name: string) => join(HOSTS, "node_modules", ".bin", name);

export const CLAUDE = bin("claude");
export const PI = bin("pi");
/** Directory holding Node 22's `node`, put first on PATH for Claude Code. */
export const NODE22_DIR = join(HOSTS, "node_modules", "node", "bin");

/** A skip reason when a host is missing (the lane installs them: `npm run test:e2e`). */
export function missing(...files: string[]): string | false {
  const gone = files.filter((f) => !fs.existsSync(f));
  return gone.length ? `not installed: ${gone.join(", ")} (run npm run test:e2e)` : false;
}

export interface HostRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a host binary with stdin closed, killed after `timeoutMs`. */
export function runHost(
  file: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs?: number },
): Promise<HostRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: opts.env, cwd: opts.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 180_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}
