import * as fs from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BrainError } from "../core/errors.ts";
import { userBrainDir } from "../engine/local-files.ts";
import { entryPoint, installEntryPoint } from "../hooks/entry-point.ts";
import { MARKETPLACE_NAME, marketplaceFiles, PLUGIN_NAME } from "../hosts/claude/plugin.ts";
import { packageVersion } from "../package-root.ts";
import { coreFilesStep, coreFilesText } from "./core-files-consent.ts";
import { keptLines, writeInstallFiles } from "./install-files.ts";
import { type LearningOpts, learningStep } from "./install-learning.ts";
import type { GlobalOpts } from "./open.ts";
import { print, printJson } from "./output.ts";

/** The installed bin of this installation, dist/cli/brain.cjs (absolute; src/cli/bin.ts), and the package root. */
const MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "brain.cjs");
const ROOT = resolve(dirname(MAIN), "..", "..");

function writeAll(dir: string, files: Record<string, string>): string[] {
  return Object.entries(files).map(([rel, content]) => {
    const file = join(dir, rel);
    fs.mkdirSync(dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
  });
}

export type InstallOpts = GlobalOpts & {
  dir?: string;
  coreFiles?: boolean;
  project?: boolean;
  dryRun?: boolean;
  export?: boolean;
} & LearningOpts;

/**
 * What `brain install <host>` writes: the directory and its files (relative path → content). Hooks and the MCP
 * server run the stable entry point (src/hooks/entry-point.ts), so these bytes stay the same across upgrades.
 */
export function hostFiles(host: string, o: InstallOpts): { dir: string; files: Record<string, string> } {
  if (host === "claude")
    return {
      dir: resolve(o.dir ?? join(userBrainDir(homedir()), "claude-marketplace")),
      files: marketplaceFiles({
        command: [entryPoint(homedir()).script],
        globalArgs: o.brain ? ["--brain", resolve(o.brain)] : [],
        version: packageVersion(),
      }),
    };
  if (host === "pi") {
    const ext = join(ROOT, "dist", "hosts", "pi", "extension.js");
    const opts = o.brain ? `{ brainPath: ${JSON.stringify(resolve(o.brain))} }` : "{}";
    const stub = [
      PI_STUB_HEADER,
      `import { createBrainExtension } from ${JSON.stringify(ext)};`,
      `export default createBrainExtension(${opts});`,
      "",
    ].join("\n");
    return {
      dir: resolve(o.dir ?? join(homedir(), ".pi", "agent", "extensions")),
      files: { "brain.ts": stub },
    };
  }
  throw new BrainError(
    "INVALID",
    `unknown host "${host}" (claude, pi, codex, copilot, gemini, opencode, cursor)`,
    { field: "host" },
  );
}

export const PI_STUB_HEADER =
  "// Brain memory for pi — written by `brain install pi`; re-run it after moving the brain package.";

function installClaude(o: InstallOpts) {
  const { dir, files: content } = hostFiles("claude", o);
  // This install becomes the one the entry point runs (an upgrade lands here: the host's files stay as they are).
  const entry = installEntryPoint(homedir(), { node: process.execPath, bin: MAIN });
  // The user's own hooks and MCP servers in the plugin's files stay (Brain's entries replaced), backed up.
  const { files, kept } = writeInstallFiles(dir, content);
  const commands = [
    `claude plugin marketplace add ${dir}`,
    `claude plugin install ${PLUGIN_NAME}@${MARKETPLACE_NAME}`,
  ];
  // Already installed: Claude Code runs its cached copy until it is updated to this version (plugin.ts).
  const update = [
    `claude plugin marketplace update ${MARKETPLACE_NAME}`,
    `claude plugin update ${PLUGIN_NAME}@${MARKETPLACE_NAME}`,
  ];
  return {
    host: "claude",
    dir,
    files,
    kept,
    update,
    // Shared by every host's hooks: `brain uninstall` leaves it (a script and the pointer it reads).
    entryPoint: entry,
    commands,
    text: [
      `Wrote the Claude Code plugin (a local marketplace) to ${dir}`,
      `Its hooks run ${entry.script}, which runs this install (${MAIN}).`,
      "Install it for every session:",
      ...commands.map((c) => `  ${c}`),
      "Installed before? Apply this version (then restart Claude Code):",
      ...update.map((c) => `  ${c}`),
      "Or load it for one session:",
      `  claude --plugin-dir ${join(dir, "brain")}`,
      ...keptLines(kept),
    ].join("\n"),
  };
}

function installPi(o: InstallOpts) {
  const { dir, files: content } = hostFiles("pi", o);
  const files = writeAll(dir, content);
  return {
    host: "pi",
    dir,
    files,
    commands: [],
    text: `Wrote the pi extension to ${files[0]} (pi loads it on its next start; try /brain).`,
  };
}

/**
 * `brain install claude|pi [--dir DIR] [--core-files|--no-core-files]`; codex, copilot, gemini, opencode,
 * cursor: src/cli/host-setup.ts.
 */
export async function runInstall(host: string, o: InstallOpts): Promise<number> {
  const setup = await import("./host-setup.ts");
  if (setup.isSetupHost(host))
    return setup.runHostInstall(
      host,
      o,
      () => installEntryPoint(homedir(), { node: process.execPath, bin: MAIN }),
      (cwd) => exportBody(o, cwd),
      () => learningStep(host, o),
    );
  hostFiles(host, o); // refuses an unknown host
  const r = host === "claude" ? installClaude(o) : installPi(o);
  const entry = "entryPoint" in r ? { entryPoint: r.entryPoint, update: r.update, kept: r.kept } : {};
  const core = host === "claude" ? await coreFilesStep(o) : undefined;
  const learning = await learningStep(host, o);
  if (o.json)
    printJson({
      ok: true,
      host: r.host,
      dir: r.dir,
      files: r.files,
      ...entry,
      commands: r.commands,
      ...(core ? { coreFiles: core } : {}),
      ...(learning ? { learning } : {}),
    });
  else {
    print(
      core
        ? `${r.text}

${coreFilesText(core)}`
        : r.text,
    );
    if (learning) print(`\n${learning.line}`);
  }
  return 0;
}

/** What the opt-in export writes: the brain's stable context, as `brain export-rules --all` would. */
async function exportBody(o: GlobalOpts, cwd: string): Promise<string> {
  const { openBrain } = await import("./open.ts");
  const { stableContext } = await import("../project/export-rules.ts");
  return stableContext(openBrain(o).brain, cwd) || "(the brain has no stable context yet)";
}
