import { writeStdout } from "../hooks/std-out.ts";
import { packageVersion } from "../package-root.ts";

/**
 * `brain --version` (or `-V`) alone: prints the version and says it did. The bin proper answers it before loading
 * the CLI (src/cli/bin-main.ts), the CLI's direct path for the ES-module entry (src/cli/cli.ts).
 */
export function printedVersion(argv: readonly string[]): boolean {
  if (argv.length !== 3 || (argv[2] !== "--version" && argv[2] !== "-V")) return false;
  writeStdout(`${packageVersion()}\n`);
  return true;
}
