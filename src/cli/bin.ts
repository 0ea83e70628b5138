#!/usr/bin/env node
import { fastHook } from "./fast-hook.ts";

/**
 * The `brain` bin as installed (package.json "bin": dist/cli/brain.cjs), built as CommonJS by
 * scripts/build.mjs: Node starts a CommonJS entry ~4 ms sooner than an ES module, and Claude Code runs a hook
 * on every prompt and at every stop. The hooks' fast path (src/cli/fast-hook.ts) is bundled in; everything
 * else — and a hook that path hands back, with its input — runs the ES-module CLI (src/cli/cli.ts, loaded
 * from dist/cli/cli-main.js). src/cli/main.ts does the same as an ES module (`node dist/cli/main.js`).
 */
const HOOKS =
  /^(user-prompt-submit|UserPromptSubmit|session-start|SessionStart|pre-compact|PreCompact|stop|Stop|session-end|SessionEnd)$/;

async function bin(): Promise<void> {
  const argv = process.argv;
  const brain = argv[2] === "--brain" ? argv[3] : undefined;
  const rest = argv.slice(brain === undefined ? 2 : 4);
  let stdin: string | undefined;
  if (rest.length === 2 && rest[0] === "hook" && HOOKS.test(rest[1] as string)) {
    const r = await fastHook(rest[1] as string, brain);
    if (r.done) return;
    stdin = r.stdin;
  }
  await (await import("./cli.ts")).main(stdin);
}

void bin();
