/** Where `test/e2e/setup.mjs` installed the real agent hosts (override with BRAIN_E2E_HOSTS). */
import * as fs from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/cli.ts";
import { spawnProcess } from "../support/spawn.ts";

export const HOSTS = process.env.BRAIN_E2E_HOSTS ?? join(ROOT, ".tmp", "e2e-hosts");
const bin = (name: string) => join(HOSTS, "node_modules", ".bin", name);

export const CLAUDE = bin("claude");
export const PI = bin("pi");
/** The MCP Inspector CLI (needs Node >= 22.7.5 for its web UI and warns on Node 20; the CLI mode works). */
export const INSPECTOR = bin("mcp-inspector");
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

/** Run a host binary with stdin closed, killed after `timeoutMs` (the suite's one spawn helper). */
export function runHost(
  file: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs?: number },
): Promise<HostRun> {
  return spawnProcess(file, args, { env: opts.env, cwd: opts.cwd, timeoutMs: opts.timeoutMs ?? 180_000 });
}
