import { resolve } from "node:path";
import { BrainError } from "../core/errors.ts";
import { localFilesHealth, repairLocalFiles } from "../engine/local-files.ts";
import type { RepairReport } from "../engine/options.ts";
import { homeOf } from "../engine/options.ts";
import { contentLines, contentReport } from "./doctor-content.ts";
import { hookFiringLines, hookFiringReport } from "./doctor-hooks.ts";
import { hostMemoryLines, hostMemoryReport } from "./host-memory.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

/** The way back to healthy from bad lines, offered wherever they are reported. */
const QUARANTINE_OFFER =
  "  `brain doctor --repair --quarantine` moves bad lines to .brain/quarantine/ beside the log (after a backup; nothing is lost)";

/**
 * `brain doctor [--repair [--quarantine]]`: brain.jsonl (bad lines, torn tail, unknown types, lock, snapshot),
 * episodes.jsonl (bad lines, torn tail, lock), temp files left by killed writers, whether each host's own
 * memory is on (reported only: Brain never turns it off), and when each host last fired Brain's hooks (a host
 * whose installed hooks stopped firing is flagged, not failed). Exits 1 when the brain's files need attention.
 */
export async function runDoctor(g: GlobalOpts & { repair?: boolean; quarantine?: boolean }): Promise<number> {
  const { brain, config } = openBrain(g);
  if (g.quarantine && !g.repair)
    throw new BrainError("INVALID", "--quarantine goes with --repair: brain doctor --repair --quarantine");
  let repaired: RepairReport | undefined;
  if (g.repair) {
    const opts = { quarantine: Boolean(g.quarantine) };
    const r = brain.repair(opts);
    const actions = [...r.actions];
    const local = repairLocalFiles(config.brainPath, brain.now(), opts);
    const ep = local.episodes;
    for (const a of ep?.actions ?? []) actions.push(`episodes.jsonl: ${a}`);
    for (const t of local.removed)
      actions.push(`removed ${t.path} (${t.bytes} bytes, left by pid ${t.pid}, which is not running)`);
    repaired = {
      backup: r.backup ?? ep?.backup ?? null,
      actions,
      ...(r.quarantined ? { quarantined: r.quarantined } : {}),
    };
    if (!g.json) {
      print(
        actions.length
          ? `Repaired: ${actions.join("; ")}${r.backup ? ` (backup: ${r.backup})` : ""}${ep?.backup ? ` (episodes backup: ${ep.backup})` : ""}`
          : "Nothing to repair.",
      );
    }
  }
  const h = brain.health();
  const lock = brain.lockStatus();
  const { episodes, tempFiles } = localFilesHealth(config.brainPath);
  const content = contentReport(brain);
  const hostMemory = hostMemoryReport(config, resolve(g.cwd ?? process.cwd()));
  const hooks = hookFiringReport(config, homeOf(config), brain.now());
  const report = {
    ok: h.badLineCount === 0 && !h.truncatedTail && !lock.stale && episodes.ok && tempFiles.length === 0,
    path: config.brainPath,
    source: config.brainPathSource,
    configPath: config.configPath,
    bytes: brain.store.size(),
    lines: brain.position.line,
    snapshot: brain.snapshotStatus,
    lock,
    ...(repaired ? { repaired } : {}),
    ...h,
    episodes,
    tempFiles,
    content,
    hostMemory,
    hooks,
  };
  if (g.json) printJson(report);
  else {
    const lockLine = (l: typeof lock) =>
      !l.present
        ? "none"
        : `${l.stale ? `stale (${l.reason})` : "held"}${l.pid ? ` by pid ${l.pid}` : ""}${l.purpose ? ` (${l.purpose})` : ""}`;
    const badLines = (list: typeof h.badLines) =>
      list.slice(0, 20).map((b) => `  line ${b.line}: ${b.reason}: ${b.text}`);
    const lines = [
      `brain:     ${report.path} (${report.source})`,
      `config:    ${report.configPath}`,
      `size:      ${report.bytes} bytes, ${report.lines} lines, ${h.total} entries`,
      `snapshot:  ${report.snapshot}`,
      `lock:      ${lockLine(lock)}`,
      `bad lines: ${h.badLineCount}`,
      ...badLines(h.badLines),
      ...(h.badLineCount + episodes.badLineCount > 0 ? [QUARANTINE_OFFER] : []),
      `unknown types: ${h.unknownTypes.length}`,
      ...h.unknownTypes.slice(0, 20).map((u) => `  line ${u.line}: "${u.type}"`),
      `torn tail: ${h.tornTail ? `line ${h.tornTail.line}: ${h.tornTail.text}` : "no"}`,
      ...h.warnings.slice(0, 20).map((w) => `warning line ${w.line}: ${w.message}`),
      episodes.present
        ? `episodes:  ${episodes.path}, ${episodes.total} episodes`
        : `episodes:  ${episodes.path} (none yet)`,
      ...(episodes.present || episodes.lock.present
        ? [
            `  lock:      ${lockLine(episodes.lock)}`,
            `  bad lines: ${episodes.badLineCount}`,
            ...badLines(episodes.badLines).map((l) => `  ${l}`),
            `  torn tail: ${episodes.tornTail ? `line ${episodes.tornTail.line}: ${episodes.tornTail.text}` : "no"}`,
          ]
        : []),
      `temp files left by killed writers: ${tempFiles.length}`,
      ...tempFiles.slice(0, 20).map((t) => `  ${t.path} (${t.bytes} bytes, pid ${t.pid} not running)`),
      ...contentLines(content, config.configPath),
      ...hostMemoryLines(hostMemory),
      ...hookFiringLines(hooks, brain.now()),
    ];
    print(lines.join("\n"));
  }
  return report.ok ? 0 : 1;
}
