import * as fs from "node:fs";
import type { BrainHome } from "../store/home.ts";
import { holdsText, type PurgeTarget } from "../store/purge-target.ts";

/**
 * What the learner did that the user should hear about ("🧠 stored 2 memories: …"), kept in
 * `.brain/learn-notice.json` until a host can show it: Claude Code's next hook that prints (a
 * `systemMessage`), pi's next agent start (a notification). Consumed once: the reader renames the file to
 * a name of its own first, so two hooks racing never both show it.
 */
export interface Notice {
  stored: { id: string; type: string; text: string }[];
  inboxed: number;
  /** Which mode the learner is in (src/learn/mode.ts): on a brain's first learner run. */
  mode?: string;
  /** A learner error (an unreachable model, a bad key, a bad setting): once, when a run fails after one that did not. */
  error?: string;
}

export function noticeFile(home: BrainHome): string {
  return home.file("notice");
}

function read(file: string): Notice | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(file, "utf8")) as Notice;
    return Array.isArray(v.stored) && typeof v.inboxed === "number" ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Add to the pending notice (the learner holds its lock, so it is the only writer); `write` replaces the file
 * atomically (passed in, so the hooks that only take the notice do not load the writer).
 */
export function addNotice(home: BrainHome, n: Notice, write: (file: string, text: string) => void): void {
  if (n.stored.length === 0 && n.inboxed === 0 && !n.mode && !n.error) return;
  const file = noticeFile(home);
  const prev = read(file) ?? { stored: [], inboxed: 0 };
  const mode = n.mode ?? prev.mode;
  const error = n.error ?? prev.error;
  const next: Notice = {
    stored: [...prev.stored, ...n.stored].slice(-20),
    inboxed: prev.inboxed + n.inboxed,
    ...(mode ? { mode } : {}),
    ...(error ? { error } : {}),
  };
  write(file, JSON.stringify(next));
}

/** A purge deletes a pending notice that quotes a purged text (it is only news of what was stored). */
export function purgeNotice(home: BrainHome, target: PurgeTarget): number {
  const file = noticeFile(home);
  const n = read(file);
  if (!n || (!holdsText(n, target.texts) && !n.stored.some((s) => target.entries.has(s.id)))) return 0;
  fs.rmSync(file, { force: true });
  return 1;
}

/** Take the pending notice (once), or undefined. */
export function takeNotice(home: BrainHome): Notice | undefined {
  const file = noticeFile(home);
  const mine = `${file}.taken-${process.pid}`;
  try {
    fs.renameSync(file, mine);
  } catch {
    return undefined;
  }
  const n = read(mine);
  fs.rmSync(mine, { force: true });
  return n;
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** The line a host shows: "🧠 stored 2 memories: a; b" (+ inbox candidates). */
export function noticeText(n: Notice): string {
  const parts: string[] = [];
  if (n.error)
    parts.push(`🧠 the learner failed: ${clip(n.error, 200)} (\`brain learn --status\` shows more)`);
  if (n.mode) parts.push(`🧠 ${n.mode}`);
  if (n.stored.length > 0) {
    const texts = n.stored.map((s) => (s.text.length > 80 ? `${s.text.slice(0, 79)}…` : s.text));
    parts.push(
      `🧠 stored ${n.stored.length} ${n.stored.length === 1 ? "memory" : "memories"}: ${texts.join("; ")}`,
    );
  }
  if (n.inboxed > 0)
    parts.push(
      `🧠 ${n.inboxed} new memory candidate${n.inboxed === 1 ? "" : "s"} in the inbox (brain inbox to review)`,
    );
  return parts.join("\n");
}
