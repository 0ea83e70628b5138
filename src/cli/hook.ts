import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { keep } from "../engine/lifetime.ts";
import { brainOptions, homeOf } from "../engine/options.ts";
import { forHooks, teamStoreUnavailable } from "../engine/team-offline.ts";
import { HOOK_EVENTS, handleHook, isHookEvent, parseHookInput } from "../hosts/claude/hooks.ts";
import { hookConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { errorText, warn } from "./output.ts";
import { readStdin } from "./stdin.ts";

/**
 * `brain hook <event>`: a Claude Code hook (src/cli/fast-hook.ts takes it first when it can). Never exits 2
 * (that would block the prompt or the stop): a failure is reported on stderr with exit 1, which Claude Code
 * treats as a non-blocking error — except an unreachable team server, which is silent (exit 0, nothing
 * printed) after a short wait.
 */
export async function runHook(name: string, g: GlobalOpts, stdin?: string): Promise<number> {
  const t0 = performance.now();
  // Claude Code's own event names (`brain hook SessionStart`) are accepted too.
  const event = Object.entries(HOOK_EVENTS).find(([, claude]) => claude === name)?.[0] ?? name;
  let config: ResolvedConfig | undefined;
  let where = "in process";
  try {
    if (!isHookEvent(event)) {
      throw new BrainError(
        "INVALID",
        `unknown hook event "${event}" (session-start, user-prompt-submit, pre-compact, stop, session-end)`,
      );
    }
    // Given: main.ts read it and asked the server already (it did not answer); not asked again.
    const given = parseHookInput(stdin ?? (await readStdin()));
    // A settings file with a typo does not switch memory off: the defaults, and a warning once.
    config = hookConfig(g.brain, g.cwd);
    // Hooks stay fast when a team server is down: short waits (offline.ts), then nothing to say (below).
    const c = forHooks(config);
    config = c;
    // The working directory the hook is for, fixed here so the server and this process answer alike.
    const input = { ...given, cwd: g.cwd ?? (given.cwd || process.cwd()) };
    const serving = await import("../serve/hook-client.ts");
    const home = homeOf(c);
    if (event === "session-start") await serving.ensureServer(home, c.brainPath, c.serve.autoStart);
    if (stdin === undefined && (event === "session-start" || event === "user-prompt-submit")) {
      const served = await serving.serverHookAnswer(home, event, input);
      if (served) {
        if (served.output) process.stdout.write(`${JSON.stringify(served.output)}\n`);
        where = "answered by the server";
        return 0;
      }
    }
    const out = await handleHook(event, input, {
      brainPath: c.brainPath,
      home,
      settings: c,
      now: () => (c.fixedNow ? new Date(c.fixedNow.getTime()) : new Date()),
      openBrain: async (cwd) => {
        const { Brain } = await import("../engine/brain.ts");
        return keep(Brain.open(brainOptions(c, cwd)));
      },
      // The prompt needs only the core and recall: context assembly is not loaded.
      openRecall: async (cwd) => {
        const [{ BrainCore }, { RecallFacet }] = await Promise.all([
          import("../engine/core.ts"),
          import("../engine/recall.ts"),
        ]);
        return new RecallFacet(keep(BrainCore.open(brainOptions(c, cwd))));
      },
      startLearner: () => serving.kickLearner(home, c.brainPath),
    });
    if (out) process.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  } catch (e) {
    // A team server that is away is normal: the host carries on without memories, and the queued
    // transcripts wait in the local queue for the learner's next run. Nothing printed, exit 0.
    if (teamStoreUnavailable(e)) {
      where = "team server unreachable: skipped";
      return 0;
    }
    warn(`brain hook ${event}: ${errorText(e)}`);
    return 1;
  } finally {
    if (config?.hookTiming) {
      process.stderr.write(`brain hook ${event}: ${(performance.now() - t0).toFixed(1)} ms ${where}\n`);
    }
  }
}
