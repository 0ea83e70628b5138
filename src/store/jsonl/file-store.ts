import { join } from "node:path";
import { BrainError } from "../../core/errors.ts";
import type { DerivedFiles, Maintenance, SnapshotStore } from "../event-store.ts";
import { looksLikeBrainLog } from "./brain-log-check.ts";
import { inspectLock } from "./lock.ts";
import { JsonlLogFile, type LogFileOptions } from "./log-file.ts";
import { fileDerived } from "./log-identity.ts";
import { compactLog, repairLog } from "./maintenance.ts";
import { loadSnapshotFrom, saveSnapshotTo } from "./snapshot.ts";

/** How a file store writes (log-file.ts), and what its lines are. */
export interface FileStoreOptions extends LogFileOptions {
  /** The file holds records of a log of its own (src/engine/log.ts), not brain entries: no brain-log check. */
  records?: boolean;
}

/**
 * The brain log as a file (and its siblings: the episode log, the brain's local logs): a JSONL log
 * (log-file.ts) with what a brain log has beyond it — the fold snapshot, derived files fingerprinted
 * against it, compaction and repair, and a refusal to append to a file that holds no brain entry.
 */
export class JsonlFileStore extends JsonlLogFile {
  /** Set once the file was seen to hold brain entries (or be empty), so appends to it are allowed. */
  #checkedBrain = false;
  readonly #records: boolean;

  constructor(path: string, opts: FileStoreOptions = {}) {
    const { records, ...fileOpts } = opts;
    super(path, fileOpts);
    this.#records = records === true;
  }

  override sibling(name: string, opts: { records?: boolean } = {}): JsonlFileStore {
    return new JsonlFileStore(join(this.dir, name), {
      ...this.fileOptions,
      ...(opts.records ? { records: true } : {}),
    });
  }

  get derived(): DerivedFiles {
    return fileDerived(this.path);
  }

  readonly snapshots: SnapshotStore = {
    load: () => loadSnapshotFrom(this.derived),
    save: (view, pos, builtFrom) => saveSnapshotTo(this.derived, view, pos, builtFrom),
  };

  readonly maintenance: Maintenance = {
    compact: (now) => compactLog(this, now),
    repair: (now) => repairLog(this, now),
    lockStatus: () => inspectLock(this.path),
  };

  protected override checkBeforeAppend(fd: number, size: number): void {
    if (this.#checkedBrain || this.#records) return;
    if (size > 0 && !looksLikeBrainLog(fd, size))
      throw new BrainError(
        "INVALID",
        `${this.path} is not a brain log (none of its lines is a brain entry); refusing to append to it`,
      );
    this.#checkedBrain = true;
  }
}
