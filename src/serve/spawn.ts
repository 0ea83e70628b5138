import { learnerCli, spawnDetached } from "../learn/spawn.ts";

/**
 * Start `brain serve` for this brain as a detached background process and return at once (a hook never waits
 * for it). Never throws; false when it could not be started. A second one for the same brain exits at once
 * (the server's lock), so two hooks racing here leave one server.
 */
export function startServerDetached(brainPath: string, cli: string | null = learnerCli()): boolean {
  return cli ? spawnDetached(cli, ["--brain", brainPath, "serve", "--quiet"]) : false;
}
