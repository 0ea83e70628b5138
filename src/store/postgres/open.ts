import type { TeamStoreConfig } from "../../config.ts";
import type { EventStore } from "../event-store.ts";
import { PostgresStore } from "./store.ts";

/**
 * The team store for a brain used from `cwd`. The `pg` driver is loaded only here, inside the store's worker
 * thread, so a JSONL brain never loads it.
 */
export function openTeamStore(team: TeamStoreConfig, cwd: string, lockTimeoutMs?: number): EventStore {
  return new PostgresStore({
    url: team.url,
    user: team.user,
    writer: team.writer,
    cwd,
    localDir: team.localDir,
    ...(team.connectTimeoutMs !== undefined ? { connectTimeoutMs: team.connectTimeoutMs } : {}),
    ...(team.retryMs !== undefined ? { retryMs: team.retryMs } : {}),
    ...(lockTimeoutMs !== undefined ? { lockTimeoutMs } : {}),
  });
}
