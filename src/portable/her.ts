import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";

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
  return { memory: v as Record<string, unknown>, sha256: createHash("sha256").update(text).digest("hex") };
}

/** Import a memory.json into the mind; the same file imported again writes nothing (keyed by its hash). */
export function importHer(brain: Brain, file: string, dryRun: boolean) {
  const { memory, sha256 } = readHerFile(file);
  return { file, dryRun, ...brain.mind.importHer(memory, { dryRun, key: `her:${sha256.slice(0, 16)}` }) };
}

export function herText(brain: Brain): string {
  return `${JSON.stringify(brain.mind.exportHer(), null, 2)}\n`;
}

export function writeHerFile(file: string, text: string): void {
  writeFileAtomic(file, [text]);
}
