import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { insideRoot } from "../brainfiles/safe-path.ts";
import { BrainError } from "../core/errors.ts";

/**
 * The project roots an MCP server may read project files under: the directory it was started in, the
 * config's `projectRoots`, and the client's own roots (roots/list, re-read when the client says they
 * changed). A client-chosen `cwd` outside all of them is refused before anything there is read.
 */
export class ProjectRoots {
  readonly #fixed: string[];
  #client: Promise<string[]> | undefined;
  #server: McpServer | undefined;

  constructor(serverCwd: string, configured: readonly string[] = []) {
    this.#fixed = [serverCwd, ...configured].map((r) => resolve(r));
  }

  /** Ask the client for its roots (when it has any) from now on. */
  attach(server: McpServer): void {
    this.#server = server;
    server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      this.#client = undefined;
    });
  }

  async #clientRoots(): Promise<string[]> {
    const server = this.#server;
    if (!server?.server.getClientCapabilities()?.roots) return [];
    this.#client ??= server.server
      .listRoots()
      .then((r) =>
        r.roots.flatMap((root) => {
          try {
            return root.uri.startsWith("file:") ? [fileURLToPath(root.uri)] : [];
          } catch {
            return [];
          }
        }),
      )
      .catch(() => {
        this.#client = undefined;
        return [];
      });
    return this.#client;
  }

  /** `cwd` if it lies under a project root (undefined: the server's own cwd); INVALID otherwise. */
  async check(cwd: string | undefined): Promise<string | undefined> {
    if (cwd === undefined || cwd === "") return undefined;
    const full = resolve(this.#fixed[0] as string, cwd);
    const roots = [...this.#fixed, ...(await this.#clientRoots())];
    if (roots.some((r) => insideRoot(r, full))) return full;
    throw new BrainError(
      "INVALID",
      "cwd is outside the project roots this server was started for (its directory, projectRoots in the config, or the client's MCP roots)",
      { field: "cwd" },
    );
  }
}
