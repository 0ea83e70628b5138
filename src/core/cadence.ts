import { BrainError } from "./errors.ts";
import type { Cadence } from "./types.ts";

const INTERVAL = /^(\d+)(m|h|d)$/;
const DAILY = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds of an interval like `30m`, `6h`, `2d`; a clear error otherwise. */
export function parseInterval(every: string): number {
  const m = INTERVAL.exec(every);
  if (!m)
    throw new BrainError(
      "INVALID",
      `Invalid interval "${every}": use a number and m, h or d, e.g. 30m, 6h, 2d`,
    );
  const n = Number.parseInt(m[1] as string, 10);
  if (n <= 0) throw new BrainError("INVALID", `Invalid interval "${every}": must be greater than zero`);
  return n * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

/** Validates a cadence object and returns it typed; errors name the field that is wrong. */
export function checkCadence(c: unknown): Cadence {
  if (!c || typeof c !== "object" || Array.isArray(c)) {
    throw new BrainError(
      "INVALID",
      'reminder field "cadence" must be an object like {"kind":"interval","every":"6h"}',
    );
  }
  const o = c as Record<string, unknown>;
  if (o.kind === "interval") {
    if (typeof o.every !== "string")
      throw new BrainError("INVALID", 'interval cadence requires "every" (e.g. "6h")');
    parseInterval(o.every);
    return o as Cadence;
  }
  if (o.kind === "daily") {
    if (typeof o.at !== "string" || !DAILY.test(o.at)) {
      throw new BrainError("INVALID", `daily cadence requires "at" as HH:MM (got ${JSON.stringify(o.at)})`);
    }
    return o as Cadence;
  }
  throw new BrainError(
    "INVALID",
    `cadence "kind" must be "interval" or "daily" (got ${JSON.stringify(o.kind)})`,
  );
}

/**
 * When a reminder is next due after running at `ranAt`. Interval: ranAt + interval. Daily: the next
 * HH:MM in the process's local time zone (TZ) strictly after ranAt; wall-clock arithmetic, so it stays at
 * HH:MM across DST changes. A time that does not exist on a spring-forward day resolves as JS Date does.
 */
export function nextDue(cadence: unknown, ranAt: Date): string {
  const c = checkCadence(cadence);
  if (c.kind === "interval") return new Date(ranAt.getTime() + parseInterval(c.every)).toISOString();
  const [hh, mm] = c.at.split(":").map(Number) as [number, number];
  const next = new Date(ranAt.getFullYear(), ranAt.getMonth(), ranAt.getDate(), hh, mm, 0, 0);
  if (next.getTime() <= ranAt.getTime()) {
    next.setFullYear(ranAt.getFullYear(), ranAt.getMonth(), ranAt.getDate() + 1);
    next.setHours(hh, mm, 0, 0);
  }
  return next.toISOString();
}
