import { BrainError } from "../core/errors.ts";
import type { Brain } from "../engine/brain.ts";

/** The agent-facing brain-file writer (MCP and pi `write_brain_file`), seed 004's append-only rule. */
export const WRITE_FILE_DESCRIPTION =
  "Write to a brain file (CODE.md, TOOLS.md, SECURITY.md, MEMORY.md, your own NOTES.md …; SOUL.md, USER.md " +
  "and AGENTS.md are always loaded). Brain files only grow: mode=append adds text at the end. Rewriting " +
  "(mode=rewrite) replaces the whole file and needs cleanup_intent saying why the old content goes; the old " +
  "file is backed up first and the intent recorded with the backup. Secrets are refused.";

export interface WriteFileArgs {
  name: string;
  text: string;
  mode?: "append" | "rewrite";
  cleanup_intent?: string;
}

export async function writeFileTool(brain: Brain, a: WriteFileArgs) {
  const mode = a.mode ?? "append";
  if (mode !== "append" && mode !== "rewrite")
    throw new BrainError("INVALID", `mode must be append or rewrite (got ${JSON.stringify(mode)})`, {
      field: "mode",
    });
  if (typeof a.text !== "string" || (mode === "append" && a.text.trim() === ""))
    throw new BrainError("INVALID", "text must be a non-empty string", { field: "text" });
  if (mode === "rewrite" && !a.cleanup_intent?.trim())
    throw new BrainError(
      "INVALID",
      "rewriting a brain file needs cleanup_intent (why the old content goes)",
      {
        field: "cleanup_intent",
      },
    );
  const r = await brain.writeBrainFile(a.name, a.text, {
    ...(mode === "rewrite" ? { replace: true, cleanupIntent: a.cleanup_intent as string } : {}),
  });
  const text =
    r.mode === "append"
      ? `Appended to ${r.name}.`
      : `Rewrote ${r.name}${r.backup ? ` (backup: ${r.backup})` : ""}.`;
  return { text, result: { name: r.name, mode: r.mode, backup: r.backup } };
}
