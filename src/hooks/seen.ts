import * as fs from "node:fs";
import type { HookSettings } from "../config-hooks.ts";
import type { BrainHome } from "../store/home.ts";
import { type LocalLogSpec, localLog } from "../store/local-log.ts";
import type { HookEventSpec } from "./events.ts";
import type { HookCall, HostId, Payload } from "./host-types.ts";

/**
 * Which hook firings were handled already: `.brain/hook-seen.jsonl`, one line per firing — a hash of (host,
 * session, event, turn) and when. One event can fire the hook twice: a user's settings.json and the plugin
 * both naming it, Copilot CLI and Cursor running a project's `.claude/settings.json` beside their own
 * hooks. The host runs them in parallel, or one after the other within its hook timeouts, so a firing is
 * checked and marked in one step under the log's lock, and only the last `hooks.dedupSeconds` matter.
 *
 * The turn is the host's id of the call when it sends one (Claude Code's tool_use_id); otherwise the
 * payload itself with the transcript's size — two firings of one event send the same payload, while the
 * next Stop or prompt of a session finds the transcript grown.
 *
 * How it stays small: when an append takes the file past `hooks.dedupMaxBytes` (16 KiB, ~220 firings), the
 * lines older than the window are purged (the one log's verified rewrite); a burst that fills it within the
 * window drops its older half. The check reads at most that much.
 */
interface Seen {
  k: string;
  at: string;
}

/** A purge finds nothing here: a line holds a hash and a time, no text of the user's. */
export const SEEN_LOG: LocalLogSpec<Seen> = {
  name: "hook firings",
  file: "hookSeen",
  purges: () => false,
  check: (v) =>
    typeof v.k === "string" &&
    /^[0-9a-f]{32}$/.test(v.k) &&
    typeof v.at === "string" &&
    !Number.isNaN(Date.parse(v.at))
      ? { k: v.k, at: v.at }
      : { problem: 'a hook-seen line is {"k": <32 hex digits>, "at": <time>}' },
};

function transcriptSize(path: string | undefined): number {
  if (!path) return -1;
  try {
    return fs.statSync(path).size;
  } catch {
    return -1;
  }
}

/**
 * 128 bits of a string (cyrb128: four 32-bit multiply-xor lanes), as 32 hex digits. Not a cryptographic
 * hash — two firings' keys only need to differ — and it spares the hook node:crypto's start-up (~4 ms).
 */
export function hash128(s: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < s.length; i++) {
    const k = s.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
}

/** Whether the file holds `key` anywhere (keys are hex: a plain byte search). */
function mentions(file: string, key: string): boolean {
  try {
    return fs.readFileSync(file, "latin1").includes(key);
  } catch {
    return false;
  }
}

/** The key of one firing: (host, session, event, turn). */
export function firingKey(host: HostId, event: HookEventSpec, call: HookCall, payload: Payload): string {
  const head = `${host}\0${call.session ?? ""}\0${event.cli}\0`;
  const turn =
    call.turn !== undefined
      ? `id\0${call.turn}`
      : `payload\0${JSON.stringify(payload)}\0${transcriptSize(call.transcript)}`;
  return hash128(head + turn);
}

/**
 * True when this is the first firing of `key` within the window (and marks it); false for a repeat. A
 * window of 0 turns the check off.
 */
export function firstFiring(
  home: BrainHome,
  key: string,
  now: Date,
  s: Pick<HookSettings, "dedupSeconds" | "dedupMaxBytes">,
): boolean {
  if (s.dedupSeconds <= 0) return true;
  const log = localLog(home, SEEN_LOG, { fsync: false });
  const since = now.getTime() - s.dedupSeconds * 1000;
  return log.withLock(() => {
    // Most firings are first ones: a key that is nowhere in the file needs no line read.
    const records = mentions(log.file ?? home.file("hookSeen"), key) ? log.read().records : [];
    if (records.some((r) => r.value.k === key && Date.parse(r.value.at) >= since)) return false;
    log.append([{ k: key, at: now.toISOString() }]);
    if (log.store.size() > s.dedupMaxBytes) {
      const all = log.read().records;
      const live = all.filter((r) => Date.parse(r.value.at) >= since);
      // Most of it within the window (a burst): the older half of that goes too.
      const burst = live.length > 1 && live.length * 2 > all.length;
      const cut = burst ? Date.parse(live[Math.floor(live.length / 2)]?.value.at ?? "") : since;
      log.purge((v) => Date.parse(v.at) < Math.max(since, cut));
    }
    return true;
  });
}
