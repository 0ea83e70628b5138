import { join } from "node:path";
import type { DerivedFiles, EventStore, Maintenance, SnapshotStore } from "../event-store.ts";
import { inspectLock } from "./lock.ts";
import { JsonlLogFile } from "./log-file.ts";
import { fileDerived } from "./log-identity.ts";
import { compactLog, repairLog } from "./maintenance.ts";
import { loadSnapshotFrom, saveSnapshotTo } from "./snapshot.ts";

export type { FileStoreOptions } from "./log-file.ts";

/**
 * The brain log on disk (and every log that keeps derived files: the episode log's recall index): a JSONL log
 * file (src/store/jsonl/log-file.ts) with its fold snapshot, its derived files fingerprinted against it, and
 * its maintenance (compaction, repair, lock inspection).
 */
export class JsonlFileStore extends JsonlLogFile {
  override sibling(name: string, opts: { records?: boolean } = {}): EventStore {
    const o = this.siblingOptions(opts);
    return opts.records
      ? new JsonlLogFile(join(this.dir, name), o)
      : new JsonlFileStore(join(this.dir, name), o);
  }

  get derived(): DerivedFiles {
    return fileDerived(this.path);
  }

  readonly snapshots: SnapshotStore = {
    load: (opts) => loadSnapshotFrom(this.derived, opts),
    save: (view, pos, builtFrom) => saveSnapshotTo(this.derived, view, pos, builtFrom),
  };

  readonly maintenance: Maintenance = {
    compact: (now) => compactLog(this, now),
    repair: (now, opts) => repairLog(this, now, opts),
    lockStatus: () => inspectLock(this.path),
  };
}
