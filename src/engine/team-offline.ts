/**
 * What a surface knows of a team store that cannot be reached, without importing a store: the config a hook
 * opens its brain with (short waits) and how to tell "the team server is away" from a fault. The engine's
 * door to store/postgres/offline.ts (surfaces never import a store; the Claude Code hook and the pi
 * extension both use it).
 */
export { forHooks, teamStoreUnavailable } from "../store/postgres/offline.ts";
