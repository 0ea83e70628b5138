#!/usr/bin/env node
/**
 * The `brain` bin. Claude Code runs `brain hook user-prompt-submit` on every prompt and `brain hook stop` at
 * every stop: those hooks take src/cli/fast-hook.ts, one small file — the prompt and session-start answered
 * by a live resident server (`brain serve`), the queue hooks appended to the learner's queue. Everything
 * else — and a hook that path handed back, with the input already read — goes to the CLI proper
 * (src/cli/cli.ts). No static imports here: whatever this file imported would load on every run.
 */
async function entry(): Promise<void> {
  const argv = process.argv;
  const brain = argv[2] === "--brain" ? argv[3] : undefined;
  const rest = argv.slice(brain === undefined ? 2 : 4);
  let stdin: string | undefined;
  // The events fast-hook.ts takes (served-hook.ts's SERVED, queue-hook.ts's QUEUED), so others load nothing more.
  if (
    rest.length === 2 &&
    rest[0] === "hook" &&
    /^(user-prompt-submit|UserPromptSubmit|session-start|SessionStart|pre-compact|PreCompact|stop|Stop|session-end|SessionEnd)$/.test(
      rest[1] as string,
    )
  ) {
    const r = await (await import("./fast-hook.ts")).fastHook(rest[1] as string, brain);
    if (r.done) return;
    stdin = r.stdin;
  }
  await (await import("./cli.ts")).main(stdin);
}

void entry();
