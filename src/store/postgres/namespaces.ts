/**
 * Namespaces of the team store. Every row belongs to one:
 *   team               entries without a scope, or scope "global": every reader sees them
 *   project:<path>     scope "project": readers whose directory is <path> or below it
 *   personal:<user>    scope "personal": only that user (on any machine)
 * A brain opened in directory P by user U reads team + the projects containing P + personal:U, and writes
 * each entry to the namespace its own scope names.
 */
export function namespaceOf(entry: Record<string, unknown> | null, user: string): string {
  if (entry?.scope === "project" && typeof entry.projectPath === "string" && entry.projectPath !== "")
    return `project:${entry.projectPath}`;
  if (entry?.scope === "personal") return personalNamespace(user);
  return "team";
}

export const personalNamespace = (user: string) => `personal:${user}`;
