#!/usr/bin/env node
/**
 * The `brain` bin. Claude Code runs `brain hook user-prompt-submit` on every prompt: when a resident server
 * (`brain serve`) is recorded for the brain, that hook and session-start are answered through it by
 * src/serve/served-hook.ts, which loads a few small modules only. Everything else — and a hook the server
 * did not answer, with the input already read — goes to the CLI proper (src/cli/cli.ts). No static imports
 * here: whatever this file imported would load on every run.
 */
async function entry(): Promise<void> {
  const argv = process.argv;
  const brain = argv[2] === "--brain" ? argv[3] : undefined;
  const rest = argv.slice(brain === undefined ? 2 : 4);
  let stdin: string | undefined;
  // The events served-hook.ts answers (its SERVED list), tested here so other hooks load nothing more.
  if (
    rest.length === 2 &&
    rest[0] === "hook" &&
    /^(user-prompt-submit|UserPromptSubmit|session-start|SessionStart)$/.test(rest[1] as string)
  ) {
    const r = await (await import("../serve/served-hook.ts")).servedHook(rest[1] as string, brain);
    if (r.done) return;
    stdin = r.stdin;
  }
  await (await import("./cli.ts")).main(stdin);
}

void entry();
