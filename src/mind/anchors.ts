import { isInside } from "../core/inside.ts";
import { oneLine } from "../core/one-line.ts";
import { clip } from "./caps.ts";
import type { MindState } from "./fold.ts";

/** Most characters the anchors add to a prompt hook's output (a line or two). */
export const ANCHOR_MAX_CHARS = 400;
const PATHS = 5;

/**
 * Seed 004's per-turn anchors, re-stated with every prompt (not only after a compaction): the active plan
 * and its step, and the paths recently used in this project (the explored paths: files read, listed,
 * searched or edited), newest first, relative to the project's root. Empty when there is neither. Pure.
 */
export function anchorLines(s: MindState, root: string): string {
  const lines: string[] = [];
  const p = s.plan;
  if (p && p.current < p.steps.length) {
    const then = p.steps[p.current + 1];
    lines.push(
      `Active plan (brain): step ${p.current + 1} of ${p.steps.length}: ${clip(oneLine(p.steps[p.current] ?? ""), 120)}${then ? `; then: ${clip(oneLine(then), 80)}` : ""}`,
    );
  }
  const paths: string[] = [];
  for (const e of [...s.exploredPaths.values()].reverse()) {
    if (paths.length >= PATHS) break;
    if (!e.ref.startsWith("/") || !isInside(e.ref, root)) continue;
    const rel = e.ref === root ? "." : e.ref.slice(root.replace(/\/+$/, "").length + 1);
    paths.push(clip(oneLine(rel), 100));
  }
  if (paths.length) lines.push(`Recently used paths: ${paths.join(", ")}`);
  return clip(lines.join("\n"), ANCHOR_MAX_CHARS);
}
