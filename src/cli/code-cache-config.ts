import { isAbsolute, join } from "node:path";
import type { CodeCache } from "./code-cache.ts";

/**
 * Where the bin keeps V8's code cache (src/cli/code-cache.ts), read once at the bin's start:
 * `$XDG_CACHE_HOME/agent-brain/v8`, else `~/.cache/agent-brain/v8`; `BRAIN_CODE_CACHE=off` compiles every run
 * from source (the benches compare both).
 */
export function codeCacheFor(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CodeCache {
  const brain = argv[2] === "--brain" ? 2 : 0;
  const rest = argv.slice(2 + brain);
  // A cache per command: each compiles other functions (`brain add` the write gate, `brain search` recall).
  const kind =
    rest[0] === "hook" && rest.length === 2
      ? `hook-${safe(rest[1] as string)}`
      : rest[0] !== undefined && /^[a-z][a-z-]*$/.test(rest[0])
        ? `cli-${safe(rest[0])}`
        : "cli";
  const off = env.BRAIN_CODE_CACHE === "off" || env.BRAIN_CODE_CACHE === "0";
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : env.HOME ? join(env.HOME, ".cache") : undefined;
  return { dir: off || base === undefined ? undefined : join(base, "agent-brain", "v8"), kind };
}

const safe = (s: string) => s.replace(/[^a-z0-9-]/gi, "_").slice(0, 40);
