import * as path from "node:path";
import { BrainError } from "../core/errors.ts";
import { Brain } from "../engine/brain.ts";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportRecords,
  toJsonl,
  toMarkdown,
  writeExportFile,
} from "../portable/export.ts";
import { importBrain } from "../portable/import.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson, warn, writeOut } from "./output.ts";

export interface ExportOpts extends GlobalOpts {
  format?: string;
  out?: string;
  episodes?: boolean;
}

/** `brain export [--format jsonl|markdown] [--out FILE] [--no-episodes]`: to stdout unless --out. */
export async function runExport(o: ExportOpts): Promise<number> {
  if (o.format === "her") return (await import("./her.ts")).runHerExport(o);
  // Training data is the DEEP layer's export (a directory with a manifest): brain deep export.
  if (o.format === "openai" || o.format === "mlx")
    return (await import("./deep.ts")).runDeepExport({ ...o, format: o.format });
  const format = (o.format ?? "jsonl") as ExportFormat;
  if (!EXPORT_FORMATS.includes(format))
    throw new BrainError(
      "INVALID",
      `--format must be one of: ${[...EXPORT_FORMATS, "her"].join(", ")} (got "${format}")`,
    );
  const { brain } = openLayer(Brain, o);
  const recs = exportRecords(brain, o.episodes !== false);
  const text = format === "jsonl" ? toJsonl(recs) : toMarkdown(recs, brain.now());
  if (!o.out) {
    // JSONL is exact (its control characters are JSON escapes); Markdown is cleaned like any output.
    if (format === "jsonl") writeOut(text);
    else print(text);
    return 0;
  }
  const out = path.resolve(o.cwd ?? process.cwd(), o.out);
  writeExportFile(out, text);
  const summary = {
    ok: true,
    file: out,
    format,
    entries: recs.entries.length,
    episodes: recs.episodes.length,
  };
  if (o.json) printJson(summary);
  else print(`Exported ${summary.entries} entries and ${summary.episodes} episodes to ${out} (${format})`);
  return 0;
}

/** `brain import <file> [--dry-run]`: exit 0, or 1 when some lines could not be imported (each reported). */
export async function runImport(
  file: string,
  o: GlobalOpts & { dryRun?: boolean; from?: string },
): Promise<number> {
  if (o.from === "her") return (await import("./her.ts")).runHerImport(file, o);
  if (o.from !== undefined && o.from !== "jsonl")
    throw new BrainError("INVALID", `--from must be jsonl or her (got "${o.from}")`, { field: "from" });
  // Into a new brain too (a dry run says what it would hold, and creates nothing).
  const { brain } = openLayer(Brain, o, { create: true });
  const r = await importBrain(brain, path.resolve(o.cwd ?? process.cwd(), file), Boolean(o.dryRun));
  if (o.json) printJson({ ok: r.problems.length === 0, ...r });
  else {
    const verb = r.dryRun ? "Would import" : "Imported";
    print(
      `${verb} ${r.added} entries (${r.existing} already in the brain) and ${r.episodesAdded} episodes ` +
        `(${r.episodesExisting} already there) from ${r.file}.`,
    );
    for (const p of r.pinned)
      warn(
        `pinned (shown at the start of every session): ${p.id} ${p.text} — brain remove id=${p.id} to undo`,
      );
    for (const p of r.problems.slice(0, 50)) warn(`line ${p.line}: ${p.reason} (not imported)`);
    if (r.problems.length > 50) warn(`… and ${r.problems.length - 50} more lines not imported`);
  }
  return r.problems.length > 0 ? 1 : 0;
}
