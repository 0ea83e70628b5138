import { loadConfig, type ResolvedConfig } from "../config.ts";
import { BrainError } from "../core/errors.ts";
import { Brain } from "../engine.ts";

export interface GlobalOpts {
  brain?: string;
  json?: boolean;
  cwd?: string;
}

/** BRAIN_NOW pins the clock (ISO 8601) for reproducible output in tests and demos. */
function clock(): (() => Date) | undefined {
  const fixed = process.env.BRAIN_NOW;
  if (!fixed) return undefined;
  const t = Date.parse(fixed);
  if (Number.isNaN(t))
    throw new BrainError("CONFIG", `BRAIN_NOW is not an ISO date: ${fixed}`, { key: "BRAIN_NOW" });
  return () => new Date(t);
}

export function openBrain(g: GlobalOpts): { brain: Brain; config: ResolvedConfig } {
  const config = loadConfig(process.env, g.brain);
  const now = clock();
  const brain = Brain.open({
    path: config.brainPath,
    settings: config,
    cwd: g.cwd ?? process.cwd(),
    ...(now ? { now } : {}),
  });
  return { brain, config };
}
