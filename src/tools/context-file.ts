import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";

/** What `load_brain_file` returns: a brain file, or a project rule listed under "Available context files". */
export interface ContextFile {
  name: string;
  kind: string;
  mode: string;
  description?: string;
  content: string;
  bytes: number;
}

/**
 * Load a brain file by name (CODE.md, or CODE), falling back to a project rule by its listed path
 * (.cursor/rules/testing.mdc). Brain files win when both exist.
 */
export function loadContextFile(brain: Brain, name: string, cwd?: string): ContextFile {
  const trimmed = name.trim();
  const looksLikeBrainFile = /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(trimmed);
  if (looksLikeBrainFile) {
    try {
      const f = brain.loadBrainFile(trimmed);
      const description = f.owns ?? f.description;
      return {
        name: f.name,
        kind: f.kind,
        mode: f.mode,
        ...(description ? { description } : {}),
        content: f.content,
        bytes: f.bytes,
      };
    } catch (e) {
      if (!(e instanceof BrainError && e.code === "NOT_FOUND")) throw e;
    }
  }
  try {
    const r = brain.loadRule(trimmed, cwd);
    return {
      name: r.path,
      kind: "rule",
      mode: r.mode,
      ...(r.description ? { description: r.description } : {}),
      content: r.content,
      bytes: Buffer.byteLength(r.content),
    };
  } catch (e) {
    if (!(e instanceof BrainError && e.code === "NOT_FOUND")) throw e;
    const files = brain.listBrainFiles().map((f) => f.name);
    const rules = Array.isArray(e.details?.available) ? (e.details.available as string[]) : [];
    const known = [...files, ...rules];
    throw new BrainError(
      "NOT_FOUND",
      `No brain file or project rule "${trimmed}"${known.length ? ` (available: ${known.join(", ")})` : ""}`,
      { field: "name" },
    );
  }
}
