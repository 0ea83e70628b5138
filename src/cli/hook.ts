import { loadConfig } from "../config.ts";
import { handleHook, isHookEvent, parseHookInput } from "../hooks/claude.ts";
import type { GlobalOpts } from "./open.ts";
import { warn } from "./output.ts";

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
export async function runHook(event: string, g: GlobalOpts): Promise<number> {
  const t0 = performance.now();
  try {
    if (!isHookEvent(event)) {
      throw new Error(
        `unknown hook event "${event}" (session-start, user-prompt-submit, pre-compact, stop, session-end)`,
      );
    }
    const input = parseHookInput(await readStdin());
    const config = loadConfig(process.env, g.brain);
    const out = await handleHook(event, input, {
      brainPath: config.brainPath,
      settings: config,
      now: () => new Date(),
      openBrain: async (cwd) => {
        const { Brain } = await import("../engine.ts");
        const fixed = process.env.BRAIN_NOW ? Date.parse(process.env.BRAIN_NOW) : Number.NaN;
        return Brain.open({
          path: config.brainPath,
          settings: config,
          cwd: g.cwd ?? cwd,
          ...(Number.isNaN(fixed) ? {} : { now: () => new Date(fixed) }),
        });
      },
    });
    if (out) process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  } catch (e) {
    warn(`brain hook ${event}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    if (process.env.BRAIN_HOOK_TIMING) {
      process.stderr.write(`brain hook ${event}: ${(performance.now() - t0).toFixed(1)} ms in process\n`);
    }
  }
}
