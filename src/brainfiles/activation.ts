import { picomatch } from "./lazy.ts";

/** How a rule or brain file enters the context. */
export type Activation = "always" | "auto" | "agent" | "manual";

export const ACTIVATIONS: readonly Activation[] = ["always", "auto", "agent", "manual"];

export function toList(v: unknown): string[] {
  if (Array.isArray(v))
    return v
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/** True when any of `files` (paths relative to `base`) matches any glob. */
export function globsMatch(globs: string[], files: string[]): boolean {
  if (globs.length === 0 || files.length === 0) return false;
  const isMatch = picomatch(globs, { dot: true, matchBase: globs.every((g) => !g.includes("/")) });
  return files.some((f) => isMatch(f));
}

/** Activation from generic frontmatter (`activation`, `alwaysApply`, `globs`, `description`). */
export function activationFromFrontmatter(
  data: Record<string, unknown>,
  fallback: Activation,
): {
  mode: Activation;
  globs: string[];
  description: string | undefined;
} {
  const globs = toList(data.globs ?? data.paths ?? data.applyTo);
  const description =
    typeof data.description === "string" && data.description.trim() ? data.description.trim() : undefined;
  const explicit = typeof data.activation === "string" ? data.activation.trim().toLowerCase() : "";
  if ((ACTIVATIONS as readonly string[]).includes(explicit))
    return { mode: explicit as Activation, globs, description };
  if (data.alwaysApply === true) return { mode: "always", globs, description };
  if (globs.length > 0) return { mode: "auto", globs, description };
  return { mode: fallback, globs, description };
}
