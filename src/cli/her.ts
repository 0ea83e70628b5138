import * as path from "node:path";
import { Brain } from "../engine/brain.ts";
import { herText, importHer, writeHerFile } from "../portable/her.ts";
import { type GlobalOpts, openLayer } from "./open-layer.ts";
import { print, printJson, writeOut } from "./output.ts";

/** `brain export --format her [--out FILE]`: the agent's mind as seed 001's memory.json. */
export async function runHerExport(o: GlobalOpts & { out?: string }): Promise<number> {
  const { brain } = openLayer(Brain, o);
  const text = herText(brain);
  if (!o.out) {
    writeOut(text);
    return 0;
  }
  const out = path.resolve(o.cwd ?? process.cwd(), o.out);
  writeHerFile(out, text);
  if (o.json) printJson({ ok: true, file: out, format: "her" });
  else print(`Exported the mind to ${out} (her memory.json)`);
  return 0;
}

/** `brain import --from her memory.json [--dry-run]`: seed 001's memory into the agent's mind. */
export async function runHerImport(file: string, o: GlobalOpts & { dryRun?: boolean }): Promise<number> {
  // Into a new brain too, like `brain import` (the mind's log is beside it).
  const { brain } = openLayer(Brain, o, { create: true });
  const r = importHer(brain, path.resolve(o.cwd ?? process.cwd(), file), Boolean(o.dryRun));
  if (o.json) printJson({ ok: true, ...r });
  else {
    if (r.already) {
      print(`${r.file} was imported into the mind before: nothing to do.`);
      return 0;
    }
    const parts = Object.entries(r.byLabel).map(([k, n]) => `${n} ${k}`);
    print(
      `${r.dryRun ? "Would import" : "Imported"} ${r.records} records into the mind from ${r.file}${parts.length ? ` (${parts.join(", ")})` : ""}.`,
    );
    if (r.graph)
      print(
        `The association graph got ${r.graph.recorded} nodes and edges from its neurons and synapses${r.graph.skipped.length ? ` (${r.graph.skipped.length} unreadable, skipped: ${r.graph.skipped.slice(0, 5).join(", ")})` : ""}.`,
      );
  }
  return 0;
}
