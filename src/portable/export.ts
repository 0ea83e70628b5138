import { dayOf } from "../core/episode.ts";
import { oneLiner } from "../core/format.ts";
import { contentLines, oneLine } from "../core/one-line.ts";
import type { Rec } from "../core/rec.ts";
import type { BaseEntry } from "../core/types.ts";
import type { Brain } from "../engine/brain.ts";
import { writeFileAtomic } from "../store/atomic-file.ts";

export type ExportFormat = "jsonl" | "markdown";
export const EXPORT_FORMATS: readonly ExportFormat[] = ["jsonl", "markdown"];

/** What an export holds: the live entries of brain.jsonl (folded) and, unless left out, the episodes. */
export function exportRecords(brain: Brain, episodes: boolean): { entries: Rec[]; episodes: Rec[] } {
  brain.refresh();
  const log = brain.recallEngine.episodes;
  if (episodes) log.refresh();
  return {
    entries: [...brain.state.live()],
    episodes: episodes ? [...log.sessions.values()].flatMap((s) => s.recs) : [],
  };
}

/** Write an export to `file` whole or not at all (a temp file renamed over it, fsynced). */
export function writeExportFile(file: string, text: string): void {
  writeFileAtomic(file, [text]);
}

/**
 * The folded brain as JSONL: one line per live entry, as it is in the log (extra fields kept; Rho's format,
 * so Rho loads it), then the episodes (Rho ignores their type). `brain import` reads it back.
 */
export function toJsonl(r: { entries: Rec[]; episodes: Rec[] }): string {
  return [...r.entries, ...r.episodes].map((rec) => `${escapeC1(rec.raw)}\n`).join("");
}

/**
 * DEL and C1 controls (a terminal reads U+009B as an escape) written as \u escapes. In a valid JSON line they
 * can only be inside strings, where the escape means the same character: the value is unchanged.
 */
function escapeC1(line: string): string {
  return line.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const TITLES: Record<string, string> = {
  behavior: "Behaviors",
  identity: "Identity",
  user: "User",
  learning: "Learnings",
  preference: "Preferences",
  context: "Project contexts",
  task: "Tasks",
  reminder: "Reminders",
  meta: "Meta",
};

/** Every field but the ones the summary already shows, as `key: value` (for review in an editor). */
function details(e: BaseEntry): string {
  const shown = new Set(["id", "type", "text", "description", "key", "value", "category", "content"]);
  const rest = Object.entries(e).filter(([k, v]) => !shown.has(k) && v !== undefined && v !== null);
  return rest.map(([k, v]) => `${k}: ${typeof v === "string" ? oneLine(v) : JSON.stringify(v)}`).join(" · ");
}

/** The brain as Markdown grouped by type (and episodes by session), for reading, not for import. */
export function toMarkdown(r: { entries: Rec[]; episodes: Rec[] }, now: Date): string {
  const out = [`# Brain export (${now.toISOString()})`, ""];
  const byType = new Map<string, BaseEntry[]>();
  for (const rec of r.entries) {
    const list = byType.get(rec.type) ?? [];
    list.push(rec.entry);
    byType.set(rec.type, list);
  }
  for (const [type, list] of byType) {
    out.push(`## ${TITLES[type] ?? type} (${list.length})`, "");
    for (const e of list) {
      out.push(`- **${oneLine(oneLiner(e))}** \`${oneLine(e.id)}\``);
      if (typeof e.content === "string") for (const l of contentLines(e.content)) out.push(`  > ${l}`);
      const d = details(e);
      if (d) out.push(`  <sub>${d}</sub>`);
    }
    out.push("");
  }
  if (r.episodes.length > 0) {
    out.push(`## Conversations (${r.episodes.length} turns)`, "");
    let session: string | undefined;
    for (const rec of r.episodes) {
      const e = rec.entry;
      if (e.session !== session) {
        session = String(e.session ?? "");
        out.push(`### ${oneLine(session)}`, "");
      }
      const date = typeof e.date === "string" ? `[${oneLine(dayOf(e.date))}] ` : "";
      out.push(`- ${date}**${oneLine(e.speaker)}**: ${oneLine(e.text)} \`${oneLine(e.id)}\``);
    }
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
