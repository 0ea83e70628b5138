import * as fs from "node:fs";
import { join } from "node:path";
import { templateSections } from "../brainfiles/templates.ts";
import type { BrainHome } from "../store/home.ts";
import { loadState, saveState } from "./state.ts";
import type { ImproveBrain } from "./types.ts";

/**
 * Template sync (seed 004 §3.8; automatically when Brain's version changes, by hand with `brain improve
 * --sync-templates`): sections the shipped templates gained since the last sync are appended to the user's
 * brain files — append-only, never touching what the user wrote, never a section the file already has (by
 * its heading, case aside) — and the version and the sections offered are recorded. The first sync of a brain
 * only records what the templates hold (a section the user deleted before is not brought back); a file the
 * user removed is not recreated.
 */
export interface TemplateSyncResult {
  version: string;
  merged: { file: string; sections: string[] }[];
  /** The version had not changed (and it was not forced): nothing was looked at. */
  skipped: boolean;
}

const headings = (text: string) =>
  new Set(
    text
      .split("\n")
      .map((l) => /^##\s+(.+?)\s*$/.exec(l)?.[1]?.toLowerCase())
      .filter((h): h is string => Boolean(h)),
  );

export async function syncTemplates(
  brain: ImproveBrain,
  home: BrainHome,
  version: string,
  o: { force?: boolean; dryRun?: boolean } = {},
): Promise<TemplateSyncResult> {
  const state = loadState(home);
  const out: TemplateSyncResult = { version, merged: [], skipped: false };
  if (!o.force && state.syncedVersion === version) return { ...out, skipped: true };
  const dir = brain.brainDir;
  const templates = templateSections();
  const offered = state.offered ?? {};
  const first = state.offered === undefined;
  for (const [file, sections] of Object.entries(templates)) {
    const known = new Set((offered[file] ?? []).map((s) => s.toLowerCase()));
    const fresh = first ? [] : sections.filter((s) => !known.has(s.toLowerCase()));
    offered[file] = [...new Set([...(offered[file] ?? []), ...sections])];
    if (!dir || fresh.length === 0) continue;
    let text: string;
    try {
      text = fs.readFileSync(join(dir, file), "utf8");
    } catch {
      continue; // not there (or removed by the user): not recreated
    }
    const has = headings(text);
    const add = fresh.filter((s) => !has.has(s.toLowerCase()));
    if (add.length === 0) continue;
    if (!o.dryRun) await brain.writeBrainFile(file, `\n${add.map((s) => `## ${s}\n`).join("\n")}`);
    out.merged.push({ file, sections: add });
  }
  if (!o.dryRun) {
    state.offered = offered;
    state.syncedVersion = version;
    saveState(home, state);
  }
  return out;
}
