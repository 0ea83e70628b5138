import type { ResolvedConfig } from "../config.ts";
import { runHook } from "./hook.ts";
import { run } from "./run-command.ts";

/**
 * `brain hook <event>` in process, as the bin hands it over (src/cli/bin.ts) when its fast path could not
 * finish: built as a bundle of its own (dist/cli/hook-main.js, scripts/build.mjs), so a prompt answered in
 * process loads the hook's modules in a few files instead of the CLI's fine-grained chunks (each ES module
 * costs a load of its own). The same steps as `brain hook` through the CLI (src/cli/cli.ts), with the
 * settings the fast path already read (`config`; undefined when they did not load: read and reported here).
 */
export function hookMain(
  name: string,
  brain: string | undefined,
  stdin: string,
  config: ResolvedConfig | undefined,
): Promise<void> {
  return run(
    () => runHook(name, brain === undefined ? {} : { brain }, stdin, config),
    () => false,
  );
}
