import type { TeamStoreConfig } from "../config.ts";
import { JsonlFileStore } from "../store/jsonl/file-store.ts";
import { PostgresStore } from "../store/postgres/store.ts";
import { pull, push, type SyncSummary } from "../store/postgres/sync.ts";

export type { SyncSummary } from "../store/postgres/sync.ts";

export interface TeamSync {
  direction: "push" | "pull";
  /** The local JSONL brain. */
  brainPath: string;
  fsync: boolean;
  team: TeamStoreConfig;
  cwd: string;
  dryRun: boolean;
}

/**
 * `brain sync push|pull`: copy entries between the local JSONL brain and the team store (store/postgres/
 * sync.ts says how lines travel). Returns what moved and where the team store is; the connection is closed.
 */
export async function syncTeam(s: TeamSync): Promise<{ summary: SyncSummary; team: string }> {
  const local = new JsonlFileStore(s.brainPath, { fsync: s.fsync });
  const team = new PostgresStore({
    url: s.team.url,
    user: s.team.user,
    writer: s.team.writer,
    cwd: s.cwd,
    ...(s.team.connectTimeoutMs !== undefined ? { connectTimeoutMs: s.team.connectTimeoutMs } : {}),
  });
  try {
    const summary = s.direction === "push" ? push(local, team, s.dryRun) : pull(local, team, s.dryRun);
    return { summary, team: team.location };
  } finally {
    await team.close();
  }
}
