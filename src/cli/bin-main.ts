import { fileURLToPath } from "node:url";
import { hookEntry, leaveStdin } from "../hooks/entry.ts";
import type { main } from "./cli.ts";
import type { LoadBundle } from "./code-cache.ts";
import type { hookMain } from "./hook-main.ts";
import { printedVersion } from "./version.ts";

/**
 * The `brain` bin proper, loaded by the installed bin (src/cli/bin.ts, dist/cli/brain.cjs) from
 * dist/cli/bin-main.cjs, built as CommonJS by scripts/build.mjs: Node starts a CommonJS entry ~4 ms sooner than
 * an ES module, and agent hosts run a hook on every prompt, every tool call and every stop. The hooks' fast
 * path (src/hooks/entry.ts) is bundled in; a hook that path hands back, with its input, runs the in-process
 * hook (dist/cli/hook-main.cjs), and everything else the CLI proper (src/cli/cli.ts, dist/cli/cli-main.cjs),
 * both through the loader's code cache. So does the short path of `brain add`, `list`, `search`, `context`,
 * `get` and `stats` first: answered by the resident server when one of ours runs (src/cli/served-cli.ts).
 * src/cli/main.ts does the same as an ES module (`node dist/cli/main.js`).
 */
export async function bin(load: LoadBundle): Promise<void> {
  const argv = process.argv;
  const brain = argv[2] === "--brain" ? argv[3] : undefined;
  const rest = argv.slice(brain === undefined ? 2 : 4);
  if (rest.length === 2 && rest[0] === "hook") {
    const r = await hookEntry(rest[1] as string, brain);
    if (r.done) return leaveStdin();
    // Read and handed back: the in-process hook's own bundle. Not read (an unknown event): the CLI says so.
    if (r.stdin !== undefined) {
      const inProcess = load(fileURLToPath(new URL("./hook-main.cjs", import.meta.url))).hookMain;
      await (inProcess as typeof hookMain)(rest[1] as string, brain, r.stdin, r.config);
      return leaveStdin();
    }
  } else if (printedVersion(argv)) return;
  else if (await (await import("./served-cli.ts")).servedCli(argv.slice(2))) return; // initialised only here
  const cli = load(fileURLToPath(new URL("./cli-main.cjs", import.meta.url))).main as typeof main;
  await cli();
  leaveStdin(); // `brain hook` with options reads stdin in the CLI
}
