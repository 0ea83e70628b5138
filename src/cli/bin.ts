#!/usr/bin/env node
import { hookEntry } from "../hooks/entry.ts";

/**
 * The `brain` bin as installed (package.json "bin": dist/cli/brain.cjs), built as CommonJS by
 * scripts/build.mjs: Node starts a CommonJS entry ~4 ms sooner than an ES module, and agent hosts run a
 * hook on every prompt, every tool call and every stop. The hooks' fast path (src/hooks/entry.ts) is bundled
 * in; everything else — and a hook that path hands back, with its input — runs the ES-module CLI
 * (src/cli/cli.ts, loaded from dist/cli/cli-main.js). So is the short path of `brain add`, `list`, `search`,
 * `context`, `get` and `stats`: answered by the resident server when one of ours runs (src/cli/served-cli.ts).
 * src/cli/main.ts does the same as an ES module (`node dist/cli/main.js`).
 */
async function bin(): Promise<void> {
  const argv = process.argv;
  const brain = argv[2] === "--brain" ? argv[3] : undefined;
  const rest = argv.slice(brain === undefined ? 2 : 4);
  if (rest.length === 2 && rest[0] === "hook") {
    const r = await hookEntry(rest[1] as string, brain);
    if (r.done) return;
    // Read and handed back: the in-process hook's own bundle. Not read (an unknown event): the CLI says so.
    if (r.stdin !== undefined)
      return (await import("./hook-main.ts")).hookMain(rest[1] as string, brain, r.stdin, r.config);
  } else if (await (await import("./served-cli.ts")).servedCli(argv.slice(2))) return; // initialised only here
  await (await import("./cli.ts")).main();
}

void bin();
