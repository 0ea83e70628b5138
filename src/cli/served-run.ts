import { z } from "zod";
import { BrainCore } from "../engine/core.ts";
import type { RouteModule } from "../serve/context.ts";
import { errorBody, jsonBody, parse } from "../serve/errors.ts";
import { answerEnv } from "./cli-config.ts";
import { warnMissingCwd } from "./cwd.ts";
import { withResident } from "./open-layer.ts";
import { captured, fail } from "./output.ts";
import { SERVED_COMMANDS, type ServedAnswer, type ServedCommand } from "./served-cli.ts";

/**
 * `POST /api/cli` (registered by `brain serve`, src/cli/serve.ts): a CLI command the bin sent
 * (src/cli/served-cli.ts) run by the SAME command functions as in process (runAction, runStats, runGet,
 * runSearch, runContext), on the server's open brain, their output captured (src/cli/output.ts `captured`)
 * and returned with the exit code. It sits behind the app's Host, Origin and token checks like every
 * `/api/*` route (src/serve/app.ts): a web page can run nothing.
 *
 * What else the answer depends on is checked, not assumed:
 * - the brain: the client's resolved brain path must be the server's (409 otherwise: the bin runs it itself);
 * - the environment: the client's answerEnv() mark (BRAIN_NOW, BRAIN_CONFIG, HOME, TZ, …) must equal the
 *   server's own, read once when the route is registered (409 otherwise) — a mark that differs would mean
 *   another clock, settings file or store, which this process cannot take on per request;
 * - the working directory: honoured, not compared — the command runs with the core answering for the
 *   client's directory (`BrainCore.atCwd`), as an in-process open at that directory would.
 * Commands run one at a time (one output capture, one working directory at a time), each after a refresh so
 * other writers' appends are folded in. A write goes through the server's engine and its write gate.
 */
const request = z.object({
  command: z.enum(SERVED_COMMANDS),
  words: z.array(z.string()).max(10_000),
  opts: z.record(z.string(), z.union([z.string(), z.boolean()])),
  cwd: z.string().min(1),
  brainPath: z.string(),
  env: z.string(),
});

async function runServed(cmd: ServedCommand, debug: boolean): Promise<number> {
  const g = cmd.opts as Record<string, never> & { json?: boolean; cwd?: string; brain?: string };
  const json = Boolean(g.json);
  try {
    warnMissingCwd(g.cwd);
    switch (cmd.command) {
      case "add":
      case "list":
        return await (await import("./actions.ts")).runAction(cmd.command, cmd.words, g);
      case "stats":
        return await (await import("./stats.ts")).runStats(g);
      case "get":
        return await (await import("./get.ts")).runGet(cmd.words[0] as string, g);
      case "search":
        return await (await import("./commands.ts")).runSearch(cmd.words, g);
      case "context":
        return await (await import("./context.ts")).runContext(g);
    }
  } catch (err) {
    return fail(err, { json, debug });
  }
}

export const servedCommands: RouteModule = (app, ctx) => {
  const ownEnv = answerEnv();
  let queue: Promise<unknown> = Promise.resolve();
  // The write gate's duplicate index and the recall index loaded now rather than on the first served `brain add`
  // or `brain search` (100k entries: a second or more on a loaded machine, past the bin's budget).
  setImmediate(() => {
    try {
      ctx.brain.core.state.warmDedup();
      ctx.brain.search("brain", { limit: 1 });
    } catch {
      /* built on first use instead */
    }
  });
  app.post("/api/cli", async (c) => {
    const body = parse(request, await jsonBody(c), "command");
    // 409: the bin runs the command in process.
    if (body.brainPath !== ctx.config.brainPath)
      return c.json(errorBody("other_brain", "this server serves another brain"), 409);
    if (body.env !== ownEnv)
      return c.json(errorBody("other_env", "the client's environment is not the server's"), 409);
    const brain = ctx.brain;
    const resident = {
      config: ctx.config,
      pick: (layer: unknown) => (layer === BrainCore ? brain.core : brain),
    };
    const cwd = typeof body.opts.cwd === "string" ? body.opts.cwd : body.cwd;
    const run = queue.then(() =>
      brain.core.atCwd(cwd, () =>
        withResident(resident, () =>
          captured(async () => {
            brain.refresh();
            return runServed(body, ctx.config.debug);
          }),
        ),
      ),
    );
    queue = run.catch(() => {});
    const r = await run;
    const answer: ServedAnswer = { stdout: r.stdout, stderr: r.stderr, code: r.value };
    return c.json(answer);
  });
};
