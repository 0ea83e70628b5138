import { isAbsolute, join } from "node:path";
import { commandIndex } from "./argv.ts";
import type { CodeCache } from "./code-cache.ts";

/**
 * Where the bin keeps V8's code cache (src/cli/code-cache.ts), read once at the bin's start:
 * `$XDG_CACHE_HOME/agent-brain/v8`, else `~/.cache/agent-brain/v8`; `BRAIN_CODE_CACHE=off` compiles every run
 * from source (the benches compare both).
 */
export function codeCacheFor(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CodeCache {
  const brain = argv[2] === "--brain" ? 2 : 0;
  const rest = argv.slice(2 + brain);
  const kind =
    rest[0] === "hook" && rest.length === 2
      ? `hook-${safe(rest[1] as string)}`
      : `cli-${safe(commandOf(rest))}`;
  const off = env.BRAIN_CODE_CACHE === "off" || env.BRAIN_CODE_CACHE === "0";
  const xdg = env.XDG_CACHE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : env.HOME ? join(env.HOME, ".cache") : undefined;
  return { dir: off || base === undefined ? undefined : join(base, "agent-brain", "v8"), kind };
}

/** The command word (after global options), which decides what the CLI compiles; `brain` alone is stats. */
function commandOf(args: readonly string[]): string {
  const i = commandIndex(args);
  const word = args[i];
  return word === undefined ? (i > 0 ? "options" : "stats") : (word.split("=")[0] as string);
}

const safe = (s: string) => s.replace(/[^a-z0-9-]/gi, "_").slice(0, 40);
