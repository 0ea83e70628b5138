import * as fs from "node:fs";
import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { crypto } from "../store/crypto.ts";

/**
 * Seed 001's memory.json ("her" memory) in and out of a brain: `brain import --from her` and `brain export
 * --format her`. The mapping is the mind's (src/mind/her.ts: every field kept); this reads and writes the file.
 */
export function readHerFile(file: string): { memory: Record<string, unknown>; sha256: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new BrainError("NOT_FOUND", `cannot read ${file}: ${(e as Error).message}`);
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new BrainError("INVALID", `${file} is not JSON: ${(e as Error).message}`);
  }
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new BrainError("INVALID", `${file} is not a memory.json (a JSON object with thoughts, state …)`);
  return {
    memory: v as Record<string, unknown>,
    sha256: crypto().createHash("sha256").update(text).digest("hex"),
  };
}

const isMap = (v: unknown): v is Record<string, never> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Import a memory.json into the mind; the same file imported again writes nothing (keyed by its hash). Its
 * neurons and synapses also feed the association graph's log (src/engine/graph.ts), once with the mind's
 * import: the mind keeps them verbatim for the export, the graph makes them nodes and edges.
 */
export function importHer(brain: Brain, file: string, dryRun: boolean) {
  const { memory, sha256 } = readHerFile(file);
  const r = brain.mind.importHer(memory, { dryRun, key: `her:${sha256.slice(0, 16)}` });
  const { neurons, synapses } = memory;
  const graph =
    !dryRun && !r.already && (isMap(neurons) || isMap(synapses))
      ? brain.graph.importHer(isMap(neurons) ? neurons : {}, isMap(synapses) ? synapses : {})
      : undefined;
  return { file, dryRun, ...r, ...(graph ? { graph } : {}) };
}

export function herText(brain: Brain): string {
  return `${JSON.stringify(brain.mind.exportHer(), null, 2)}\n`;
}

export function writeHerFile(file: string, text: string): void {
  writeFileAtomic(file, [text]);
}
