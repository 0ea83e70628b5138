import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { isInside } from "../core/inside.ts";
import { MARKETPLACE_NAME, marketplaceFiles, PLUGIN_NAME } from "../hosts/claude/plugin.ts";
import { removeCoreFilesLine } from "./core-files-consent.ts";
import { hostFiles, type InstallOpts, PI_STUB_HEADER } from "./install.ts";
import { print, printJson } from "./output.ts";

/** Longest common prefix of two strings. */
function common(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/**
 * How each file `brain install` writes begins, whatever the paths, version or brain it was written for: what
 * two installs with different options have in common. A file at that path that does not begin so is not ours.
 */
function signatures(host: string): Record<string, string> {
  if (host === "pi") return { "brain.ts": PI_STUB_HEADER };
  const a = marketplaceFiles({ command: ["/a/node", "/a/main.js"], version: "0.0.1" });
  const b = marketplaceFiles({ command: ["/b"], globalArgs: ["--brain", "/x"], version: "9.9.9" });
  return Object.fromEntries(Object.entries(a).map(([rel, text]) => [rel, common(text, b[rel] ?? "")]));
}

/** Remove `dir` and its parents up to `root` while they are empty (never a directory holding anything else). */
function pruneEmpty(dir: string, root: string, dryRun: boolean, removed: Set<string>): void {
  for (let d = dir; isInside(d, root); d = dirname(d)) {
    if (removed.has(d)) return; // done from another file below it
    const left = fs.existsSync(d) ? fs.readdirSync(d).filter((n) => !removed.has(join(d, n))) : [];
    if (left.length > 0) return;
    if (!dryRun) fs.rmdirSync(d);
    removed.add(d);
    if (d === root) return;
  }
}

/**
 * `brain uninstall claude|pi [--dir DIR] [--dry-run]`: remove exactly the files `brain install` writes there
 * (each checked to be ours first), then the directories that leaves empty. Anything else — a file of the
 * user's, one edited past recognition — stays and is listed.
 */
export async function runUninstall(host: string, o: InstallOpts & { dryRun?: boolean }): Promise<number> {
  const { dir, files } = hostFiles(host, o);
  const sig = signatures(host);
  const removed: string[] = [];
  const kept: string[] = [];
  const gone = new Set<string>();
  for (const rel of Object.keys(files)) {
    const file = join(dir, rel);
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue; // not there: nothing to undo
    }
    if (!text.startsWith(sig[rel] ?? "\0")) {
      kept.push(file);
      continue;
    }
    if (!o.dryRun) fs.rmSync(file);
    removed.push(file);
    gone.add(file);
  }
  // The marketplace directory is the plugin's own; pi's extensions directory is shared and stays.
  if (host === "claude") for (const f of removed) pruneEmpty(dirname(f), dir, Boolean(o.dryRun), gone);
  const removedDirs = [...gone].filter((p) => !removed.includes(p)).sort((a, b) => b.length - a.length);
  const coreFiles = host === "claude" ? removeCoreFilesLine(o, Boolean(o.dryRun)) : undefined;
  const commands =
    host === "claude"
      ? [
          `claude plugin uninstall ${PLUGIN_NAME}@${MARKETPLACE_NAME}`,
          `claude plugin marketplace remove ${MARKETPLACE_NAME}`,
        ]
      : [];
  if (o.json) {
    printJson({
      ok: true,
      host,
      dir,
      dryRun: Boolean(o.dryRun),
      removed,
      removedDirs,
      kept,
      commands,
      ...(coreFiles ? { coreFiles } : {}),
    });
    return 0;
  }
  const verb = o.dryRun ? "Would remove" : "Removed";
  const lines =
    removed.length === 0
      ? [`Nothing to remove: no file of \`brain install ${host}\` in ${dir}.`]
      : [`${verb} (${host}):`, ...[...removed, ...removedDirs].map((f) => `  ${f}`)];
  if (coreFiles?.change === "removed")
    lines.push(
      `${o.dryRun ? "Would take" : "Took"} the core-files import out of ${coreFiles.file}:`,
      `  ${coreFiles.line}`,
    );
  if (kept.length) lines.push("Left in place (not written by brain install):", ...kept.map((f) => `  ${f}`));
  if (commands.length)
    lines.push(
      "Claude Code keeps its own record of the plugin; remove it with:",
      ...commands.map((c) => `  ${c}`),
    );
  lines.push("The brain itself (brain.jsonl and the files beside it) is not touched.");
  print(lines.join("\n"));
  return 0;
}
