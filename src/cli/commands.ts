import { BrainError } from "../core/errors.ts";
import { LIVE_TYPES } from "../core/types.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

export async function runInit(g: GlobalOpts): Promise<number> {
  const { brain, config } = openBrain(g);
  const files = brain.writeTemplates();
  const result = {
    ok: true,
    path: config.brainPath,
    source: config.brainPathSource,
    stats: brain.stats(),
    filesWritten: files,
  };
  if (g.json) printJson(result);
  else {
    print(`Brain ready at ${config.brainPath} (${config.brainPathSource})\n${result.stats}`);
    if (files.length) print(`Brain file templates written: ${files.join(", ")}`);
  }
  return 0;
}

export async function runStats(g: GlobalOpts): Promise<number> {
  const { brain } = openBrain(g);
  const line = brain.stats();
  if (g.json) {
    const s = brain.state;
    printJson({
      ok: true,
      line,
      counts: Object.fromEntries(LIVE_TYPES.map((t) => [t, s.count(t)])),
    });
  } else print(line);
  return 0;
}

export async function runSearch(
  words: string[],
  g: GlobalOpts & { limit?: string; offset?: string },
): Promise<number> {
  const query = words.join(" ").trim();
  if (!query) throw new BrainError("INVALID", "search needs a query, e.g. brain search pnpm");
  const count = (v: string | undefined, name: string, dflt: number) => {
    if (v === undefined) return dflt;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new BrainError("INVALID", `--${name} must be a whole number`);
    return n;
  };
  const limit = count(g.limit, "limit", 100);
  const offset = count(g.offset, "offset", 0);
  const { brain } = openBrain(g);
  const { searchPage } = await import("./search.ts");
  const page = searchPage(brain, query, limit, offset);
  if (g.json) printJson({ ok: true, action: "search", message: page.message, data: page.data });
  else print(page.message);
  return 0;
}

export async function runHeartbeat(g: GlobalOpts & { decay?: boolean }): Promise<number> {
  const { brain } = openBrain(g);
  const decay = g.decay ? await brain.act({ action: "decay" }) : undefined;
  const h = brain.heartbeat();
  if (g.json) {
    const { text: _t, ...rest } = h;
    printJson({ ok: true, ...rest, ...(decay ? { decay: decay.data } : {}) });
  } else {
    print(h.text);
    if (decay) print(decay.message);
  }
  return 0;
}

export async function runMigrate(g: GlobalOpts): Promise<number> {
  const { brain } = openBrain(g);
  const r = await brain.migrate();
  if (g.json) printJson({ ok: true, migrated: r !== null, ...(r ?? {}) });
  else if (!r) print("Nothing to migrate (no legacy files, or already migrated).");
  else {
    const s = r.stats;
    print(
      `Migrated ${s.behaviors} behaviors, ${s.identity} identity, ${s.user} user, ${s.learnings} learnings, ` +
        `${s.preferences} preferences, ${s.contexts} contexts, ${s.tasks} tasks (${s.skipped} skipped).\n` +
        `Legacy files left untouched: ${r.files.join(", ")}`,
    );
  }
  return 0;
}

export async function runCompact(g: GlobalOpts): Promise<number> {
  const { brain } = openBrain(g);
  const r = brain.compact();
  if (g.json) printJson({ ok: true, ...r });
  else
    print(
      `Compacted: ${r.before.lines} lines (${r.before.bytes} bytes) → ${r.after.entries} entries (${r.after.bytes} bytes).` +
        `${r.badLinesDropped ? ` ${r.badLinesDropped} bad line(s) left out of the new log.` : ""}\nBackup: ${r.backup ?? "none (empty log)"}`,
    );
  return 0;
}

export async function runDoctor(g: GlobalOpts & { repair?: boolean }): Promise<number> {
  const { brain, config } = openBrain(g);
  const repaired = g.repair ? brain.repair() : undefined;
  if (repaired && !g.json) {
    print(
      repaired.actions.length
        ? `Repaired: ${repaired.actions.join("; ")}${repaired.backup ? ` (backup: ${repaired.backup})` : ""}`
        : "Nothing to repair.",
    );
  }
  const h = brain.health();
  const lock = brain.lockStatus();
  const report = {
    ok: h.badLineCount === 0 && !h.truncatedTail && !lock.stale,
    path: config.brainPath,
    source: config.brainPathSource,
    configPath: config.configPath,
    bytes: brain.store.size(),
    lines: brain.position.line,
    snapshot: brain.snapshotStatus,
    lock,
    ...(repaired ? { repaired } : {}),
    ...h,
  };
  if (g.json) printJson(report);
  else {
    const lines = [
      `brain:     ${report.path} (${report.source})`,
      `config:    ${report.configPath}`,
      `size:      ${report.bytes} bytes, ${report.lines} lines, ${h.total} entries`,
      `snapshot:  ${report.snapshot}`,
      `lock:      ${!lock.present ? "none" : `${lock.stale ? `stale (${lock.reason})` : "held"}${lock.pid ? ` by pid ${lock.pid}` : ""}${lock.purpose ? ` (${lock.purpose})` : ""}`}`,
      `bad lines: ${h.badLineCount}`,
      ...h.badLines.slice(0, 20).map((b) => `  line ${b.line}: ${b.reason}: ${b.text}`),
      `unknown types: ${h.unknownTypes.length}`,
      ...h.unknownTypes.slice(0, 20).map((u) => `  line ${u.line}: "${u.type}"`),
      `torn tail: ${h.tornTail ? `line ${h.tornTail.line}: ${h.tornTail.text}` : "no"}`,
      ...h.warnings.slice(0, 20).map((w) => `warning line ${w.line}: ${w.message}`),
    ];
    print(lines.join("\n"));
  }
  return report.ok ? 0 : 1;
}
