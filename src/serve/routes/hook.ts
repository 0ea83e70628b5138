import { z } from "zod";
import { BrainError } from "../../core/errors.ts";
import { homeOf } from "../../engine/options.ts";
import { ANSWERED_EVENTS as ANSWERED } from "../../hooks/events.ts";
import { handleHook, parseHookInput } from "../../hooks/handle.ts";
import type { RouteModule } from "../context.ts";
import { parse } from "../errors.ts";

/**
 * `POST /api/hook/:event` (the `answer` events of src/hooks/events.ts): a hook's answer computed by the
 * resident brain, so the hook process (src/cli/hook.ts) does not load and fold the brain on every prompt.
 * The body is the hook's own input; the answer `{ output }` is what the hook prints (null: nothing).
 */
const input = z.looseObject({ cwd: z.string().optional(), prompt: z.string().optional() });

export const hook: RouteModule = (app, ctx) => {
  app.post("/api/hook/:event", async (c) => {
    const event = c.req.param("event");
    if (!ANSWERED.has(event))
      throw new BrainError("INVALID", `the server answers only ${[...ANSWERED].join(" and ")}`);
    const body = parse(input, parseHookInput(await c.req.text()), "hook input");
    const output = await handleHook(event, body, {
      home: homeOf(ctx.config),
      settings: ctx.config,
      now: ctx.now,
      openBrain: async () => ctx.brain,
      openRecall: async () => ctx.brain,
    });
    return c.json({ output });
  });
};
