import type { BrainHome } from "../../store/home.ts";
import { type DocSpec, JsonDoc } from "../../store/json-doc.ts";

/**
 * How many headless host runs the learner made today (`.brain/host-calls.json`): the host's headless mode
 * spends the user's own quota, so it has a budget of its own (`extraction.callsPerDay`, src/learn/extract/
 * headless-config.ts). A day is the local calendar day of the clock the learner is given; a new day starts
 * at zero. Holds counts only: nothing a purge names.
 */
export interface HostCalls {
  /** The local day counted, YYYY-MM-DD. */
  day: string;
  calls: number;
}

export const HOST_CALLS_DOC: DocSpec<HostCalls> = {
  file: "hostCalls",
  check: (v) => {
    const o = v as Partial<HostCalls> | null;
    return o && typeof o.day === "string" && Number.isInteger(o.calls) && (o.calls as number) >= 0
      ? { day: o.day, calls: o.calls as number }
      : { problem: "not a host-call count" };
  },
  empty: () => ({ day: "", calls: 0 }),
  purged: (doc) => doc,
};

export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface HostBudget {
  /** Calls made today. */
  used(): number;
  /** Calls left today (never below 0). */
  left(): number;
  readonly perDay: number;
  /** Count one call, if one is left: false when the day's budget is spent (nothing counted). */
  take(): boolean;
}

export function hostBudget(home: BrainHome, perDay: number, now: () => Date): HostBudget {
  const doc = new JsonDoc(home, HOST_CALLS_DOC);
  const today = () => {
    const day = localDay(now());
    const saved = doc.load();
    return saved.day === day ? saved : { day, calls: 0 };
  };
  return {
    perDay,
    used: () => today().calls,
    left: () => Math.max(0, perDay - today().calls),
    take: () => {
      const t = today();
      if (t.calls >= perDay) return false;
      doc.save({ day: t.day, calls: t.calls + 1 }, false);
      return true;
    },
  };
}
