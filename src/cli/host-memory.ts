import { resolve } from "node:path";
import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { keep } from "../engine/lifetime.ts";
import { brainOptions, homeOf } from "../engine/options.ts";
import { type ImportResult, importHostMemory } from "../learn/host-memory/import.ts";
import {
  type HostMemoryPlaces,
  MEMORY_HOSTS,
  type MemoryHost,
  readHostMemory,
} from "../learn/host-memory/read.ts";
import { type HostMemoryStatus, hostMemoryStatus } from "../learn/host-memory/status.ts";
import { MemoryIndex } from "../learn/memory-store.ts";
import { repoRoot } from "../project/repo-root.ts";
import { cliConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { print, printJson } from "./output.ts";

/**
 * `brain import-host-memory`: each host's own memory (Claude Code's auto memory, Codex's memories, Gemini
 * CLI's saved memories) read as a source, every new note a candidate in Brain's inbox with where it came from.
 * The learner runs the same after its runs (src/cli/after-learn.ts). Brain only reads the hosts' files.
 */
export interface HostMemoryOpts extends GlobalOpts {
  host?: string;
  dryRun?: boolean;
  reread?: boolean;
}

export function hostPlaces(config: ResolvedConfig): HostMemoryPlaces {
  return {
    claudeDir: config.claudeDir,
    codexDir: config.codexDir,
    geminiDir: config.geminiDir,
    homeDir: config.homeDir,
  };
}

function hostsOf(host: string | undefined): MemoryHost[] {
  if (host === undefined) return [...MEMORY_HOSTS];
  if ((MEMORY_HOSTS as readonly string[]).includes(host)) return [host as MemoryHost];
  throw new BrainError("INVALID", `unknown host "${host}" (${MEMORY_HOSTS.join(", ")})`, { field: "host" });
}

/** Read the hosts' memory files and propose what is new (the CLI and the learner's pass). */
export async function importFromHosts(
  config: ResolvedConfig,
  cwd: string,
  o: { hosts?: MemoryHost[]; dryRun?: boolean; reread?: boolean } = {},
): Promise<ImportResult> {
  const places = hostPlaces(config);
  const read = { projectRoot: repoRoot(cwd), maxFileBytes: config.learner.maxLineBytes };
  const hosts = o.hosts ?? [...MEMORY_HOSTS];
  const { Brain } = await import("../engine/brain.ts");
  return importHostMemory(
    {
      home: homeOf(config),
      memories: async () => MemoryIndex.of(keep(Brain.open(brainOptions(config, cwd)))),
      now: config.fixedNow ? new Date(config.fixedNow.getTime()) : new Date(),
    },
    (seen) => hosts.flatMap((h) => readHostMemory(h, places, { ...read, seen })),
    o,
  );
}

export async function runImportHostMemory(o: HostMemoryOpts): Promise<number> {
  const config = cliConfig(o.brain, o.cwd);
  const hosts = hostsOf(o.host);
  // A mistyped --brain is not a new brain (the learner's pass runs only for a brain that is there).
  (await import("./open-layer.ts")).requireBrain(config);
  const cwd = resolve(o.cwd ?? process.cwd());
  const r = await importFromHosts(config, cwd, {
    hosts,
    ...(o.dryRun ? { dryRun: true } : {}),
    ...(o.reread ? { reread: true } : {}),
  });
  if (o.json) {
    printJson({ ok: true, dryRun: Boolean(o.dryRun), hosts, ...r });
    return 0;
  }
  const verb = o.dryRun ? "Would add" : "Added";
  const lines = [
    `Read ${r.files} memory file(s) of ${hosts.join(", ")} (${r.unchanged} unchanged since the last read), ${r.notes} note(s).`,
    `${verb} ${r.added.length} candidate(s) to the inbox; ${r.known} already in the brain, ${r.repeated} already proposed${r.secrets ? `, ${r.secrets} holding a secret left out` : ""}.`,
    ...r.added.map((c) => `- ${c.id} ${c.type}: ${c.text}  — ${c.evidence[0]}`),
    ...r.skipped.map((s) => `passed over ${s.file}: ${s.why}`),
  ];
  if (r.added.length && !o.dryRun)
    lines.push("Review them: brain inbox (accept <id>, edit <id> --text …, reject <id>)");
  print(lines.join("\n"));
  return 0;
}

/** For `brain doctor`: each host's own memory, on or off, and that Brain leaves it so. */
export function hostMemoryReport(config: ResolvedConfig, cwd: string): HostMemoryStatus[] {
  return hostMemoryStatus({
    ...hostPlaces(config),
    claudeDisableEnv: config.claudeAutoMemoryEnv,
    projectRoot: repoRoot(cwd),
  });
}

export function hostMemoryLines(list: HostMemoryStatus[]): string[] {
  const found = list.filter((s) => s.found);
  if (found.length === 0) return ["host memory: no Claude Code, Codex or Gemini CLI directory found"];
  return [
    "host memory (the hosts' own; Brain reads it and never turns it off):",
    ...found.map((s) => `  ${s.host.padEnd(7)} ${s.on ? "on " : "off"} — ${s.why}; ${s.where}`),
  ];
}
