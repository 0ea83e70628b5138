import { BrainError } from "../core/errors.ts";
import type { EventStore } from "../store/event-store.ts";
import { JsonlFileStore } from "../store/jsonl/file-store.ts";
import { openTeamStore } from "../store/postgres/open.ts";
import type { BrainOptions } from "./options.ts";

/** The store a brain is opened on: the given one, the team store, or the JSONL file at `path`. */
export function storeFor(opts: BrainOptions): EventStore {
  if (!opts.store && opts.team)
    return openTeamStore(opts.team, opts.cwd ?? process.cwd(), opts.lockTimeoutMs);
  if (opts.store) return opts.store;
  if (!opts.path) throw new BrainError("INVALID", "Brain.open needs path or store");
  return new JsonlFileStore(opts.path, {
    ...(opts.fsync !== undefined ? { fsync: opts.fsync } : {}),
    ...(opts.lockTimeoutMs !== undefined ? { lockTimeoutMs: opts.lockTimeoutMs } : {}),
  });
}
