import type { FoldState } from "../core/fold.ts";
import { layerStates, writeLayer } from "../core/layers.ts";
import type { Params } from "../core/params.ts";
import type { BrainOptions } from "./options.ts";
import type { PurgeReport, PurgeTarget } from "./purge.ts";

/**
 * A project's own brain over the personal one (`brain init --project`): the project's `BrainCore` holds the
 * personal brain's core here, opened beside it. What every facet reads (`core.state`) is the two folds
 * layered (core/layers.ts: the project's wins for the same key or id, a union otherwise); a write goes to the
 * brain it belongs to; a purge and a forget reach both. The two logs, their locks, snapshots and local files
 * stay each their own; nothing is copied from one to the other.
 */
/** What the layering needs of the personal brain's core (a `BrainCore`; no import of it: core.ts imports this). */
export interface LayerCore {
  readonly state: FoldState;
  refresh(): unknown;
  purge(target: PurgeTarget, purpose: string): Promise<PurgeReport>;
}

export class Layers<C extends LayerCore> {
  readonly personal: C;
  #view: { personal: FoldState; pa: number; project: FoldState; qa: number; merged: FoldState } | null = null;

  constructor(personal: C) {
    this.personal = personal;
  }

  /** The personal brain's options: the project's own, at the personal path, never seeded, not layered again. */
  static options(opts: BrainOptions, personal: string): BrainOptions {
    const { personal: _p, episodes: _e, store: _s, team: _t, ...rest } = opts;
    return { ...rest, path: personal, seedDefault: false };
  }

  /** The layered view over `project` (the project brain's own fold), rebuilt only when either fold moved. */
  state(project: FoldState): FoldState {
    const personal = this.personal.state;
    const v = this.#view;
    if (
      v &&
      v.personal === personal &&
      v.pa === personal.applied &&
      v.project === project &&
      v.qa === project.applied
    )
      return v.merged;
    const merged = layerStates(personal, project);
    this.#view = { personal, pa: personal.applied, project, qa: project.applied, merged };
    return merged;
  }

  /** The personal core when a `brain` call belongs there (core/layers.ts WRITE); null for the project's. */
  route(params: Params, project: FoldState): C | null {
    if (params.action === "list") return null; // a read: the layered view
    this.personal.refresh();
    return writeLayer(params, project, this.personal.state) === "personal" ? this.personal : null;
  }

  /** The personal brain's part of a purge, added into the project's report. */
  async purge(target: PurgeTarget, purpose: string, report: PurgeReport): Promise<PurgeReport> {
    const r = await this.personal.purge(target, purpose);
    for (const [name, n] of Object.entries(r.removed))
      report.removed[`personal ${name}`] = (report.removed[`personal ${name}`] ?? 0) + n;
    return { ...report, copies: report.copies + r.copies };
  }
}
