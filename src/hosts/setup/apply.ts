import * as fs from "node:fs";
import type { HostPlan } from "./plan.ts";
import { backup, type HostRecord, loadRecord, recordFile, saveRecord, sha, writeAtomic } from "./record.ts";

export interface Change {
  file: string;
  what: string;
  /** written, unchanged, removed, restored (given back byte for byte), kept (not Brain's: left). */
  action: "written" | "unchanged" | "removed" | "restored" | "edited";
  backup?: string;
}

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
};

/** Apply `plan` (dryRun: only say what would change). Idempotent: a second install changes nothing. */
export function install(plan: HostPlan, brainDir: string, o: { dryRun?: boolean; now: Date }): Change[] {
  const recFile = recordFile(brainDir, plan.host);
  const rec: HostRecord = loadRecord(recFile);
  const changes: Change[] = [];
  for (const e of plan.edits) {
    const before = read(e.file);
    const after = e.install(before);
    if (after === before || after === null) {
      changes.push({ file: e.file, what: e.what, action: "unchanged" });
      continue;
    }
    if (o.dryRun) {
      changes.push({ file: e.file, what: e.what, action: "written" });
      continue;
    }
    const saved = before !== null ? backup(brainDir, plan.host, e.file, before, o.now) : undefined;
    writeAtomic(e.file, after);
    const old = rec[e.file];
    // The first write keeps the original; later ones keep it only while the file is still as Brain left it.
    rec[e.file] = old
      ? {
          ...old,
          after: sha(after),
          restorable: old.restorable && before !== null && sha(before) === old.after,
        }
      : {
          existed: before !== null,
          ...(saved ? { backup: saved } : {}),
          after: sha(after),
          restorable: true,
        };
    changes.push({ file: e.file, what: e.what, action: "written", ...(saved ? { backup: saved } : {}) });
  }
  if (!o.dryRun) saveRecord(recFile, rec);
  return changes;
}

/** Undo `plan`: each file given back as it was when Brain has been the last to write it, else Brain's part out. */
export function uninstall(plan: HostPlan, brainDir: string, o: { dryRun?: boolean; now: Date }): Change[] {
  const recFile = recordFile(brainDir, plan.host);
  const rec: HostRecord = loadRecord(recFile);
  const changes: Change[] = [];
  for (const e of plan.edits) {
    const now = read(e.file);
    const r = rec[e.file];
    if (now === null) {
      delete rec[e.file];
      continue;
    }
    if (r?.restorable && sha(now) === r.after) {
      const original = r.existed && r.backup ? read(r.backup) : null;
      if (!o.dryRun) {
        if (r.existed && original !== null) writeAtomic(e.file, original);
        else fs.rmSync(e.file, { force: true });
      }
      changes.push({
        file: e.file,
        what: e.what,
        action: r.existed && original !== null ? "restored" : "removed",
      });
      delete rec[e.file];
      continue;
    }
    const next = e.uninstall(now);
    if (next === now) {
      changes.push({ file: e.file, what: e.what, action: "unchanged" });
      delete rec[e.file];
      continue;
    }
    if (!o.dryRun) {
      backup(brainDir, plan.host, e.file, now, o.now);
      if (next === null) fs.rmSync(e.file, { force: true });
      else writeAtomic(e.file, next);
    }
    changes.push({ file: e.file, what: e.what, action: next === null ? "removed" : "edited" });
    delete rec[e.file];
  }
  if (!o.dryRun) saveRecord(recFile, rec);
  return changes;
}
