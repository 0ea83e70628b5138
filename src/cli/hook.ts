import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { brainOptions } from "../engine-options.ts";
import { HOOK_EVENTS, handleHook, isHookEvent, parseHookInput } from "../hosts/claude/hooks.ts";
import { keep } from "../lifetime.ts";
import { cliConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { errorText, warn } from "./output.ts";

/** Read all of stdin, giving up after `ms` (a hook must never hang on a stdin that stays open). */
export function readStdin(ms = 500): Promise<string> {
  if (process.stdin.isTTY) return Promise.resolve("");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      process.stdin.pause();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(done, ms);
    process.stdin.on("data", (c: Buffer) => chunks.push(c));
    process.stdin.on("end", done);
    process.stdin.on("error", done);
  });
}

/**
 * `brain hook <event>`: a Claude Code hook. Never exits 2 (that would block the prompt or the stop): a
 * failure is reported on stderr with exit 1, which Claude Code treats as a non-blocking error.
 */
export async function runHook(name: string, g: GlobalOpts): Promise<number> {
  const t0 = performance.now();
  // Claude Code's own event names (`brain hook SessionStart`) are accepted too.
  const event = Object.entries(HOOK_EVENTS).find(([, claude]) => claude === name)?.[0] ?? name;
  let config: ResolvedConfig | undefined;
  try {
    if (!isHookEvent(event)) {
      throw new BrainError(
        "INVALID",
        `unknown hook event "${event}" (session-start, user-prompt-submit, pre-compact, stop, session-end)`,
      );
    }
    const input = parseHookInput(await readStdin());
    config = cliConfig(g.brain, g.cwd);
    const c = config;
    const out = await handleHook(event, input, {
      brainPath: c.brainPath,
      settings: c,
      now: () => (c.fixedNow ? new Date(c.fixedNow.getTime()) : new Date()),
      openBrain: async (cwd) => {
        const { Brain } = await import("../engine.ts");
        return keep(Brain.open(brainOptions(c, g.cwd ?? cwd)));
      },
      openRecall: async (cwd) => {
        const { BrainRecall } = await import("../engine-recall.ts");
        return keep(BrainRecall.open(brainOptions(c, g.cwd ?? cwd)));
      },
    });
    if (out) process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  } catch (e) {
    warn(`brain hook ${event}: ${errorText(e)}`);
    return 1;
  } finally {
    if (config?.hookTiming) {
      process.stderr.write(`brain hook ${event}: ${(performance.now() - t0).toFixed(1)} ms in process\n`);
    }
  }
}
