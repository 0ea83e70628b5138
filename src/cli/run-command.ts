import { closeAll } from "../engine/lifetime.ts";
import { loadedConfig } from "./cli-config.ts";
import { fail } from "./output.ts";

/** Run one command: its exit code, or its error reported; then close every brain it opened. */
export function run(fn: () => Promise<number>, json: () => boolean): Promise<void> {
  return fn()
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err) => {
        process.exitCode = fail(err, { json: json(), debug: loadedConfig()?.debug ?? false });
      },
    )
    .finally(closeAll);
}
