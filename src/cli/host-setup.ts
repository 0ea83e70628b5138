import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { BrainError } from "../core/errors.ts";
import { userBrainDir } from "../engine/local-files.ts";
import { entryPoint } from "../hooks/entry-point.ts";
import { codexPlan } from "../hosts/codex/setup.ts";
import { copilotPlan } from "../hosts/copilot/setup.ts";
import { cursorPlan } from "../hosts/cursor/setup.ts";
import { geminiPlan } from "../hosts/gemini/setup.ts";
import { opencodePlan } from "../hosts/opencode/setup.ts";
import { type Change, install, uninstall } from "../hosts/setup/apply.ts";
import type { Runner } from "../hosts/setup/common.ts";
import { exportEdit } from "../hosts/setup/export-edit.ts";
import { type Places, userPlaces } from "../hosts/setup/places.ts";
import type { HostPlan } from "../hosts/setup/plan.ts";
import type { RuleFormat } from "../project/export-rules.ts";
import { repoRoot } from "../project/repo-root.ts";
import { hostPlaceEnv } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { print, printJson } from "./output.ts";

/**
 * `brain install|uninstall codex|copilot|gemini|opencode|cursor [--project] [--dry-run] [--export]`: each host's
 * files (src/hosts/<host>/setup.ts) merged through src/hosts/setup/apply.ts — parsed merges, a backup before
 * every write, idempotent, and an uninstall that gives each file back as it was.
 */
export const SETUP_HOSTS = ["codex", "copilot", "gemini", "opencode", "cursor"] as const;
export type SetupHost = (typeof SETUP_HOSTS)[number];
export const isSetupHost = (h: string): h is SetupHost => (SETUP_HOSTS as readonly string[]).includes(h);

export type SetupOpts = GlobalOpts & { project?: boolean; dryRun?: boolean; export?: boolean };

/** Where the opt-in export goes: the host's own rules / memory file (user scope; a project's with --project). */
function exportTarget(
  host: SetupHost,
  p: Places,
  root: string | undefined,
): { file: string; format: RuleFormat } {
  if (root) {
    const files: Record<SetupHost, [string, RuleFormat]> = {
      codex: ["AGENTS.md", "agents"],
      copilot: [join(".github", "copilot-instructions.md"), "copilot"],
      gemini: ["GEMINI.md", "gemini"],
      opencode: ["AGENTS.md", "agents"],
      cursor: [join(".cursor", "rules", "brain-memory.mdc"), "cursor"],
    };
    const [rel, format] = files[host];
    return { file: join(root, rel), format };
  }
  const user: Record<SetupHost, [string, RuleFormat]> = {
    codex: [join(p.codex, "AGENTS.md"), "agents"],
    copilot: [join(p.copilot, "copilot-instructions.md"), "copilot"],
    gemini: [join(p.gemini, "GEMINI.md"), "gemini"],
    opencode: [join(p.opencodeConfig, "AGENTS.md"), "agents"],
    cursor: [join(p.cursor, "rules", "brain-memory.mdc"), "cursor"],
  };
  const [file, format] = user[host];
  return { file, format };
}

export function hostPlan(host: SetupHost, r: Runner, p: Places, root: string | undefined): HostPlan {
  switch (host) {
    case "codex":
      return codexPlan(root ? join(root, ".codex") : p.codex, r);
    case "copilot":
      return root
        ? copilotPlan(join(root, ".github", "hooks"), undefined, r)
        : copilotPlan(join(p.copilot, "hooks"), p.copilot, r);
    case "gemini":
      return geminiPlan(root ? join(root, ".gemini") : p.gemini, r);
    case "opencode":
      return root
        ? opencodePlan(join(root, ".opencode", "plugins"), join(root, "opencode.json"), r)
        : opencodePlan(join(p.opencodeConfig, "plugins"), join(p.opencodeConfig, "opencode.json"), r);
    case "cursor":
      return cursorPlan(root ? join(root, ".cursor") : p.cursor, r, Boolean(root));
  }
}

function context(host: string, o: SetupOpts) {
  if (!isSetupHost(host)) throw new BrainError("INVALID", `unknown host "${host}"`, { field: "host" });
  const home = homedir();
  const runner: Runner = {
    entry: entryPoint(home).script,
    globalArgs: o.brain ? ["--brain", resolve(o.brain)] : [],
  };
  const places = userPlaces({ HOME: home, ...hostPlaceEnv() });
  const root = o.project ? repoRoot(resolve(o.cwd ?? process.cwd())) : undefined;
  const plan = hostPlan(host, runner, places, root);
  // Each scope is its own record: a project's install is undone apart from the user's.
  if (root) plan.host = `${host}@${createHash("sha256").update(root).digest("hex").slice(0, 8)}`;
  return { host, runner, places, root, plan, brainDir: userBrainDir(home) };
}

function report(
  verb: string,
  host: string,
  changes: Change[],
  notes: string[],
  o: SetupOpts,
  learning?: { line: string },
): void {
  if (o.json) {
    printJson({
      ok: true,
      host,
      dryRun: Boolean(o.dryRun),
      changes,
      notes,
      ...(learning ? { learning } : {}),
    });
    return;
  }
  const lines = [`${o.dryRun ? `Would ${verb.toLowerCase()}` : verb} Brain for ${host}:`];
  for (const c of changes)
    lines.push(`  ${c.action.padEnd(9)} ${c.file} (${c.what})${c.backup ? `, backup ${c.backup}` : ""}`);
  lines.push(...notes);
  if (learning) lines.push("", learning.line);
  print(lines.join("\n"));
}

/** `brain install <host>`: the plan (plus the export when asked), after the entry point is in place. */
export async function runHostInstall(
  host: string,
  o: SetupOpts,
  pointEntry: () => void,
  exportBody: (cwd: string) => Promise<string>,
  learning: () => Promise<{ line: string } | undefined>,
): Promise<number> {
  const c = context(host, o);
  if (o.export) {
    const t = exportTarget(c.host, c.places, c.root);
    c.plan.edits.push(
      exportEdit(t.file, t.format, await exportBody(c.root ?? resolve(o.cwd ?? process.cwd()))),
    );
  }
  if (!o.dryRun) pointEntry();
  const changes = install(c.plan, c.brainDir, { dryRun: Boolean(o.dryRun), now: new Date() });
  // The learner's model (asked, offered or switched: src/cli/install-learning.ts); a dry run changes nothing.
  report("Installed", c.host, changes, c.plan.notes, o, o.dryRun ? undefined : await learning());
  return 0;
}

/** `brain uninstall <host>`: every file given back as it was, or Brain's part taken out (the export too). */
export async function runHostUninstall(host: string, o: SetupOpts): Promise<number> {
  const c = context(host, o);
  const t = exportTarget(c.host, c.places, c.root);
  c.plan.edits.push(exportEdit(t.file, t.format, ""));
  const changes = uninstall(c.plan, c.brainDir, { dryRun: Boolean(o.dryRun), now: new Date() }).filter(
    (ch) => ch.action !== "unchanged",
  );
  report("Removed", c.host, changes, [], o);
  return 0;
}
