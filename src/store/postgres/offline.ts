import type { TeamStoreConfig } from "../../config.ts";
import { isBrainError } from "../../core/errors.ts";

/**
 * How hooks treat a team server that cannot be reached. A hook runs on every prompt and every stop of an
 * agent host: it must stay fast and silent when the server is down, where an ordinary command says so clearly
 * and fails. One place for the hooks' short waits (the Claude Code hook and the pi extension both use it).
 */

/** How long a hook waits to connect to the team server (an ordinary command waits 3 s). */
export const HOOK_CONNECT_TIMEOUT_MS = 200;
/** How long a hook keeps retrying a connection lost mid-query (an ordinary command: 15 s). */
export const HOOK_RETRY_MS = 1000;

/** The config a hook opens its brain with: a team store's short waits; a JSONL brain's config unchanged. */
export function forHooks<C extends { store: TeamStoreConfig | null }>(config: C): C {
  if (!config.store) return config;
  return {
    ...config,
    store: { ...config.store, connectTimeoutMs: HOOK_CONNECT_TIMEOUT_MS, retryMs: HOOK_RETRY_MS },
  };
}

/** Marks every error the team store raises, so a hook can tell "the server is away" from its own faults. */
export const TEAM_STORE_ERROR = { teamStore: true } as const;

/** Whether `e` says the team store could not be reached or did not answer (not a refused write). */
export function teamStoreUnavailable(e: unknown): boolean {
  return isBrainError(e) && e.code === "IO" && e.details?.teamStore === true;
}
