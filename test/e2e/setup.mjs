#!/usr/bin/env node
/**
 * Installs the real agent hosts for `npm run test:e2e` into .tmp/e2e-hosts (git-ignored, outside the
 * project's dependencies): Claude Code with Node 22 (the npm package `node@22`), pi 0.73, the MCP
 * Inspector CLI, Codex, Copilot CLI, Gemini CLI and OpenCode (docs/hosts.md). About 1.5 GB
 * and a minute on first run; later runs reuse it. BRAIN_E2E_SKIP_INSTALL=1 skips this step.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const HOSTS = join(ROOT, ".tmp", "e2e-hosts");
const PACKAGES = [
  "@anthropic-ai/claude-code@2",
  "node@22",
  "@mariozechner/pi-coding-agent@0.73",
  "@modelcontextprotocol/inspector@1.0.3",
  // issue 29: the other agent hosts, pinned to the versions Brain was built against (docs/hosts.md).
  "@openai/codex@0.171.0",
  "@github/copilot@1.0.102",
  "@google/gemini-cli@0.61.0",
  "opencode-ai@1.18.33",
];
const BINS = ["claude", "pi", "node", "mcp-inspector", "codex", "copilot", "gemini", "opencode"].map((b) =>
  join(HOSTS, "node_modules", ".bin", b),
);

if (process.env.BRAIN_E2E_SKIP_INSTALL === "1" || BINS.every((b) => fs.existsSync(b))) {
  console.log(`e2e hosts: using ${HOSTS}`);
} else {
  fs.mkdirSync(HOSTS, { recursive: true });
  const pkg = join(HOSTS, "package.json");
  if (!fs.existsSync(pkg)) fs.writeFileSync(pkg, '{ "private": true, "name": "brain-e2e-hosts" }\n');
  console.log(`e2e hosts: installing ${PACKAGES.join(" ")} into ${HOSTS} …`);
  const r = spawnSync(
    "npm",
    ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", ...PACKAGES],
    {
      cwd: HOSTS,
      stdio: "inherit",
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
