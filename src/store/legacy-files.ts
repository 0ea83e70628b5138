import * as fs from "node:fs";
import { dirname, join } from "node:path";
import type { LegacyInput } from "../core/migrate.ts";

/**
 * The files of a pre-2026 Rho install: core.jsonl, memory.jsonl and context.jsonl beside brain.jsonl, and
 * tasks.jsonl one level up (~/.rho/tasks.jsonl). Only read — never modified or deleted.
 */
export function readLegacyFiles(brainPath: string): { legacy: LegacyInput; found: string[] } {
  const dir = dirname(brainPath);
  const files: Record<keyof LegacyInput, string> = {
    core: join(dir, "core.jsonl"),
    memory: join(dir, "memory.jsonl"),
    context: join(dir, "context.jsonl"),
    tasks: join(dirname(dir), "tasks.jsonl"),
  };
  const legacy: LegacyInput = { core: [], memory: [], context: [], tasks: [] };
  const found: string[] = [];
  for (const [k, f] of Object.entries(files) as [keyof LegacyInput, string][]) {
    const rows = readLegacy(f);
    if (rows) {
      legacy[k] = rows;
      found.push(f);
    }
  }
  return { legacy, found };
}

function readLegacy(path: string): Record<string, unknown>[] | null {
  let text: string;
  try {
    text = fs.readFileSync(path, "utf8");
  } catch {
    return null;
  }
  if (!text.trim()) return null;
  const rows: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line);
      if (v && typeof v === "object" && !Array.isArray(v)) rows.push(v);
    } catch {
      /* Rho's migration skips unparseable legacy lines too */
    }
  }
  return rows;
}
