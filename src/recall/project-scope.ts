import { isInside } from "../core/inside.ts";
import { WORDS } from "../core/lazy-regexp.ts";

/**
 * Which project a memory belongs to, and whether a prompt may see it (issue 24): a memory of another project
 * reaches a prompt only when the prompt names that project — its directory's name ("in billing-api, …",
 * "billing api", "billingapi"). Pure.
 */

/** The project directory a memory was made in: an episode's `project`, a project learning's `projectPath`, a context entry's `path`. */
export function projectOf(entry: Record<string, unknown>): string | null {
  const p =
    entry.type === "episode"
      ? entry.project
      : entry.type === "context"
        ? entry.path
        : entry.scope === "project"
          ? entry.projectPath
          : undefined;
  return typeof p === "string" && p !== "" ? p.replace(/\/+$/, "") : null;
}

const squash = (s: string) => s.toLowerCase().replace(WORDS.nonAlnum.for(s), "");

/** Whether the prompt names the project at `path` (its last directory name, however it is spaced). */
export function namesProject(prompt: string, path: string): boolean {
  const name = path.split("/").filter(Boolean).pop() ?? "";
  const want = squash(name);
  if (want.length < 3) return false;
  // Short names must be a word of their own; longer ones may be written with spaces or hyphens.
  if (want.length < 5) return prompt.toLowerCase().split(WORDS.nonAlnum.for(prompt)).includes(want);
  return squash(prompt).includes(want);
}

/** A memory is in scope for a prompt made in `cwd` when it has no project, is of that project, or the prompt names its project. */
export function inScope(entry: Record<string, unknown>, cwd: string, prompt: string): boolean {
  const p = projectOf(entry);
  return p === null || isInside(cwd, p) || namesProject(prompt, p);
}
