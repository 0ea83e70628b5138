import type { Hono } from "hono";
import type { ResolvedConfig } from "../config.ts";
import type { Brain } from "../engine/brain.ts";
import type { EventHub } from "./sse.ts";

/** What every route module is handed: the one resident brain and the server's own parts. */
export interface ServeContext {
  brain: Brain;
  config: ResolvedConfig;
  version: string;
  /** When the server started (epoch ms), for uptime. */
  startedMs: number;
  /** The token every API request must carry. */
  token: string;
  /** The port it listens on (known once listening). */
  port: () => number;
  events: EventHub;
  /** Ask the resident learner to run (a hook queued work). */
  kickLearner: () => void;
  /** The learner's status, as `brain learn --status --json` prints it. */
  now: () => Date;
}

/** A group of routes: adds its handlers to the app. The server registers them from one list (routes/index.ts). */
export type RouteModule = (app: Hono, ctx: ServeContext) => void;
