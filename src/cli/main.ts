#!/usr/bin/env node
/**
 * The `brain` bin as an ES module (`node dist/cli/main.js`; the installed bin is src/cli/bin.ts). Agent hosts
 * run `brain hook <event>` on every prompt, tool call and stop: those take the hooks' fast path
 * (src/hooks/entry.ts, built as one small file, dist/cli/fast-hook.js). Everything else — and a hook that
 * path handed back, with the input already read — goes to the CLI proper (src/cli/cli.ts). No static
 * imports here: whatever this file imported would load on every run.
 */
async function entry(): Promise<void> {
  const argv = process.argv;
  const brain = argv[2] === "--brain" ? argv[3] : undefined;
  const rest = argv.slice(brain === undefined ? 2 : 4);
  let stdin: string | undefined;
  // The entry knows the events (src/hooks/events.ts); for a name it does not know it reads nothing.
  const isHook = rest[0] === "hook";
  const hooks = isHook ? await import("../hooks/entry.ts") : undefined;
  if (hooks && rest.length === 2) {
    const r = await hooks.hookEntry(rest[1] as string, brain);
    if (r.done) return hooks.leaveStdin();
    stdin = r.stdin;
  } else if (await (await import("./served-cli.ts")).servedCli(argv.slice(2))) return;
  await (await import("./cli.ts")).main(stdin);
  hooks?.leaveStdin(); // a hook's stdin the host kept open is not waited for
}

void entry();
