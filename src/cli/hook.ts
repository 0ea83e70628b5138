import { existsSync } from "node:fs";
import type { ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { keep } from "../engine/lifetime.ts";
import { brainOptions } from "../engine/options.ts";
import { forHooks, teamStoreUnavailable } from "../engine/team-offline.ts";
import { HOOK_EVENT_NAMES, hookEvent } from "../hooks/events.ts";
import { firing, isRepeat, noteFiring, recordToolCall } from "../hooks/firing.ts";
import { answerInProcess, parseHookInput } from "../hooks/handle.ts";
import { print } from "../hooks/print.ts";
import { queueForLearner } from "../hooks/queued.ts";
import { writeStderr } from "../hooks/std-out.ts";
import { readStdin } from "../hooks/stdin.ts";
import { hookConfig } from "./cli-config.ts";
import type { GlobalOpts } from "./open.ts";
import { errorText, warn } from "./output.ts";

/**
 * `brain hook <event>` in process: what the bin's fast path (src/hooks/entry.ts) handed back — an `answer`
 * no resident server gave, input it could not read — or a hook run with options it does not take. The
 * same steps (src/hooks/firing.ts), with the engine at hand. Never exits 2 (that would block the prompt or
 * the stop): a failure is reported on stderr with exit 1, which hosts treat as a non-blocking error —
 * except an unreachable team server, which is silent (exit 0, nothing printed) after a short wait.
 *
 * `stdin` given: the fast path read it and already checked and marked this firing (src/hooks/seen.ts);
 * `settings` given: the ones it loaded.
 */
export async function runHook(
  name: string,
  g: GlobalOpts,
  stdin?: string,
  settings?: ResolvedConfig,
): Promise<number> {
  const t0 = performance.now();
  const event = hookEvent(name);
  let config: ResolvedConfig | undefined;
  let where = "in process";
  try {
    if (!event)
      throw new BrainError("INVALID", `unknown hook event "${name}" (${HOOK_EVENT_NAMES.join(", ")})`);
    const given = parseHookInput(stdin ?? (await readStdin()));
    // Hooks stay fast when a team server is down: short waits (offline.ts), then nothing to say (below).
    // A settings file with a typo does not switch memory off: the defaults, and a warning once.
    const c = forHooks(settings ?? (await hookConfig(g.brain, g.cwd)));
    config = c;
    // The working directory the hook is for, fixed here so the server and this process answer alike.
    const f = firing(event, given, c, { override: g.cwd, fallback: process.cwd() });
    if ("skip" in f) {
      where = f.skip;
      return 0;
    }
    noteFiring(f); // a firing the fast path handed over is marked already: this only reads
    if (stdin === undefined && isRepeat(f)) {
      where = "a repeat firing: skipped";
      return 0;
    }
    if (event.does === "tool") {
      where = recordToolCall(f);
      return 0;
    }
    if (event.does === "queue") {
      where = await queueForLearner(f);
      return 0;
    }
    const serving = await import("../hooks/learner.ts");
    // No server answered (none started yet, or it stopped after serve.idleMinutes): start one in the
    // background for the next prompt, and answer this one in process.
    await serving.ensureServer(f.home, c.brainPath, c.serve.autoStart);
    const served =
      stdin === undefined
        ? await (await import("../hooks/served.ts")).serverAnswer(f.home, event, f.input)
        : undefined;
    if (served) where = "answered by the server";
    const answer =
      served ??
      (await answerInProcess(event, f.input, {
        home: f.home,
        settings: c,
        now: () => f.now,
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
        anchors: async (cwd) => {
          // No mind log, no anchors: the mind's code (~55 KB of modules) stays off the prompt's path.
          if (!existsSync(f.home.file("mind"))) return "";
          const [{ promptAnchors }, { repoRoot }] = await Promise.all([
            import("../engine/mind.ts"),
            import("../project/repo-root.ts"),
          ]);
          return promptAnchors(f.home, repoRoot(cwd));
        },
      }));
    const out = f.handler.render(event, answer);
    if (out) print(out);
    return 0;
  } catch (e) {
    // A team server that is away is normal: the host carries on without memories, and the queued
    // transcripts wait in the local queue for the learner's next run. Nothing printed, exit 0.
    if (teamStoreUnavailable(e)) {
      where = "team server unreachable: skipped";
      return 0;
    }
    warn(`brain hook ${event?.cli ?? name}: ${errorText(e)}`);
    return 1;
  } finally {
    if (config?.hookTiming) {
      writeStderr(`brain hook ${event?.cli ?? name}: ${(performance.now() - t0).toFixed(1)} ms ${where}\n`);
    }
  }
}
