import type { BrainHome } from "../store/home.ts";
import { type DocSpec, JsonDoc } from "../store/json-doc.ts";
import type { HostId } from "./host-types.ts";

/**
 * When each host last fired each of Brain's hooks: `.brain/hook-fired.json`, `{ host: { event: time } }`.
 * `brain doctor` shows it, so a user sees that a host stopped running a hook (Codex trusts a hook by its hash
 * and silently skips one it no longer trusts). Kept cheap on the hook path: one read of a small file, and a
 * write (temp file and rename, not fsynced) only when the pair's time is older than `everySeconds` — so the
 * time shown is at most that stale. Two hooks writing at once may lose one's update: the next firing of
 * that pair writes it again (its time is then old). Holds no text of the user's: host and event names, times.
 */
export interface HookFired {
  version: 1;
  fired: Record<string, Record<string, string>>;
}

const isTimes = (v: unknown): v is Record<string, string> =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  Object.values(v).every((t) => typeof t === "string" && !Number.isNaN(Date.parse(t)));

export const HOOK_FIRED_DOC: DocSpec<HookFired> = {
  file: "hookFired",
  empty: () => ({ version: 1, fired: {} }),
  check: (v) => {
    const o = v as Partial<HookFired> | null;
    return o?.version === 1 &&
      o.fired &&
      typeof o.fired === "object" &&
      !Array.isArray(o.fired) &&
      Object.values(o.fired).every(isTimes)
      ? (o as HookFired)
      : { problem: 'not the hooks\' last firings ({"version": 1, "fired": {host: {event: time}}})' };
  },
  purged: (doc) => doc,
};

/** Mark that `host` fired `event` at `now` (unless marked within `everySeconds`); never throws. */
export function noteFired(
  home: BrainHome,
  host: HostId,
  event: string,
  now: Date,
  everySeconds: number,
): void {
  try {
    const doc = new JsonDoc(home, HOOK_FIRED_DOC);
    const d = doc.load();
    const last = Date.parse(d.fired[host]?.[event] ?? "");
    const age = now.getTime() - last;
    if (age >= 0 && age < everySeconds * 1000) return;
    d.fired[host] = { ...d.fired[host], [event]: now.toISOString() };
    home.ensureLocal();
    doc.save(d, false);
  } catch {
    /* a hook never fails over its bookkeeping */
  }
}

/** The last firings recorded for this brain (a missing file: none yet). */
export function readFired(home: BrainHome): HookFired["fired"] {
  return new JsonDoc(home, HOOK_FIRED_DOC).load().fired;
}
