/**
 * secretlint's built-in profiler records performance marks on every lint and keeps them, with a linear
 * search over them per mark, for the life of the process: a long-running writer (an MCP server) got slower
 * with every memory and piled up marks to process at exit (1000 writes: ~100 ms each, then minutes of CPU
 * before exiting). It is a module singleton of the profiler copy @secretlint/core itself resolves, so it is
 * turned off there. Best effort: if the layout ever changes, linting still works.
 *
 * The CommonJS CLI bundles secretlint (scripts/build.mjs, secretlintBundled): there the profiler is replaced at
 * build time by one whose `mark` does nothing, and this module by a no-op (the copy it would find in
 * node_modules is not the one the bundle runs).
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

export async function silenceProfiler(): Promise<void> {
  try {
    const core = createRequire(import.meta.url).resolve("@secretlint/core");
    const path = createRequire(core).resolve("@secretlint/profiler");
    const mod = (await import(pathToFileURL(path).href)) as { secretLintProfiler?: { mark: unknown } };
    if (mod.secretLintProfiler) mod.secretLintProfiler.mark = () => {};
  } catch {
    /* profiler not where we expect it: leave it on */
  }
}
