/** A deterministic ActionEnv for driving src/core/actions.ts `plan` without I/O. */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { type ActionEnv, type Plan, plan } from "../../src/core/actions.ts";
import { BrainError, type BrainErrorCode } from "../../src/core/errors.ts";
import { foldEntries } from "../../src/core/fold.ts";
import type { Params } from "../../src/core/params.ts";
import { Rec } from "../../src/core/rec.ts";
import { validateEntry } from "../../src/core/schema.ts";
import type { BaseEntry } from "../../src/core/types.ts";
import { entriesAt } from "./entries.ts";

export const NOW = new Date("2026-02-10T12:00:00.000Z");
export const NOW_ISO = NOW.toISOString();
export const sha256 = (s: string): string => createHash("sha256").update(s).digest("hex");
/** Rho's deterministic id for keyed types. */
export const keyedId = (type: string, key: string): string => sha256(`${type}:${key}`).slice(0, 8);

export const daysAgo = (d: number, from = NOW): string =>
  new Date(from.getTime() - d * 86_400_000).toISOString();

export function makeEnv(entries: BaseEntry[] = [], over: Partial<ActionEnv> = {}): ActionEnv {
  let n = 0;
  return {
    state: foldEntries(entries),
    now: NOW,
    sha256,
    // Counter-based "random" hex: 00000001, 00000002, …
    random: (bytes) => (++n).toString(16).padStart(bytes * 2, "0"),
    cwd: "/home/u/proj",
    decayAfterDays: 90,
    decayMinScore: 3,
    validate: validateEntry,
    ...over,
  };
}

/** Plan an action and fold what it would append into the env's state (as the engine does). */
export function run(env: ActionEnv, params: Params): Plan {
  const p = plan(params, env);
  for (const e of p.append) env.state.apply(Rec.fromEntry(e));
  return p;
}

/** Assert `fn` throws a BrainError with this code whose message equals (string) or matches (RegExp). */
export function throwsBrain(fn: () => unknown, code: BrainErrorCode, message: string | RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof BrainError, `expected BrainError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    if (typeof message === "string") assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  });
}

export const C = "2026-01-15T00:00:00.000Z";
const at = entriesAt(C);
/** A learning as the auto-learner writes it. */
export const learning = (id: string, text: string, extra: Record<string, unknown> = {}): BaseEntry =>
  at.learning(id, text, { source: "auto", ...extra });
export const { task, reminder } = at;
