import { schemaVersion } from "../core/defaults.ts";
import { BrainError } from "../core/errors.ts";
import { type GlobalOpts, openBrain } from "./open.ts";
import { print, printJson } from "./output.ts";

export async function runInit(g: GlobalOpts & { empty?: boolean; project?: boolean }): Promise<number> {
  if (g.project)
    g = { ...g, brain: (await import("./project-brain.ts")).prepareProjectBrain(g.cwd ?? process.cwd()) };
  // The first run: the default brain (seed 000) — unless --empty, or a project's brain, which layers over
  // the personal one and so starts with nothing of its own.
  const { brain, config } = openBrain(g, { create: true, seedDefault: !g.empty && !g.project });
  let files: string[] = [];
  if (g.empty || g.project) {
    // Only for a new brain: an existing log is never touched.
    brain.store.createIfMissing([JSON.stringify(schemaVersion(brain.now()))]);
    brain.refresh();
  } else files = brain.writeTemplates();
  const result = {
    ok: true,
    path: config.brainPath,
    source: config.brainPathSource,
    personal: config.personalBrainPath,
    stats: brain.stats(),
    filesWritten: files,
  };
  if (g.json) printJson(result);
  else {
    print(
      `Brain ready at ${config.brainPath} (${g.project ? "this project's own brain, git-ignored" : config.brainPathSource})\n${result.stats}`,
    );
    if (files.length) print(`Brain file templates written: ${files.join(", ")}`);
    if (g.project) print(layeredNote(config.personalBrainPath));
  }
  return 0;
}

/** What `brain init --project` says of the personal brain under it (docs/project-brain.md). */
function layeredNote(personal: string | null): string {
  return personal
    ? `Layered over your personal brain at ${personal}: its identity, user facts, preferences and pins apply here; learnings made here stay here.`
    : "No personal brain yet (`brain init` outside a project makes one); once there is, this brain layers over it.";
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
  const { brain } = openBrain(g, { create: true });
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
        `${r.keptLines ? ` ${r.keptLines} line(s) it does not fold (bad lines, unknown types) kept as they were.` : ""}\nBackup: ${r.backup ?? "none (empty log)"}`,
    );
  return 0;
}
