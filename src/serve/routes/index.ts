import type { RouteModule } from "../context.ts";
import { context } from "./context.ts";
import { entries } from "./entries.ts";
import { episodes } from "./episodes.ts";
import { events } from "./events.ts";
import { graph } from "./graph.ts";
import { history } from "./history.ts";
import { hook } from "./hook.ts";
import { inbox } from "./inbox.ts";
import { learn } from "./learn.ts";
import { mind } from "./mind.ts";
import { proposals } from "./proposals.ts";
import { rules } from "./rules.ts";
import { search } from "./search.ts";
import { status } from "./status.ts";

/** Every API route module, registered in this order by the app (add a module here: one line). */
export const ROUTES: RouteModule[] = [
  status,
  entries,
  context,
  search,
  episodes,
  rules,
  learn,
  inbox,
  proposals,
  hook,
  history,
  graph,
  mind,
  events,
];
