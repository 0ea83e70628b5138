import * as fs from "node:fs";
import { join } from "node:path";
import type { HookSettings } from "../config-hooks.ts";
import type { BrainHome } from "../store/home.ts";
import { FileLock } from "../store/jsonl/lock.ts";
import type { HookEventSpec } from "./events.ts";
import type { HookCall, HostId, Payload } from "./host-types.ts";

/**
 * Which hook firings were handled already: `.brain/hook-seen/`, one empty file per firing, named by a hash of
 * (host, session, event, turn), its modification time the firing's. One event can fire the hook twice: a
 * user's settings.json and the plugin both naming it, Copilot CLI and Cursor running a project's
 * `.claude/settings.json` beside their own hooks. The host runs them in parallel, or one after the other
 * within its hook timeouts, so a firing is checked and marked in one step — the exclusive create of its file:
 * of two firings only one creates it — and only the last `hooks.dedupSeconds` matter.
 *
 * The turn is the host's id of the call when it sends one (Claude Code's tool_use_id); otherwise the
 * payload itself with the transcript's size — two firings of one event send the same payload, while the
 * next Stop or prompt of a session finds the transcript grown.
 *
 * Why files and no log: every queue and tool hook pays for the check, and a create is one system call where a
 * log took a lock (five), a read and an append (bench/hooks.ts: stop and session-end 2–3 ms above the build
 * before the check). The lock is left for the rare steps that change an existing marker: renewing an expired
 * one (the same payload after the window) and the sweep — one firing in SWEEP_EVERY (told by its key, so a
 * replay is the same) removes the files older than the window. Holds no text: names are hashes.
 */
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

/** The key of one firing: (host, session, event, turn). */
export function firingKey(host: HostId, event: HookEventSpec, call: HookCall, payload: Payload): string {
  const head = `${host}\0${call.session ?? ""}\0${event.cli}\0`;
  const turn =
    call.turn !== undefined
      ? `id\0${call.turn}`
      : `payload\0${JSON.stringify(payload)}\0${transcriptSize(call.transcript)}`;
  return hash128(head + turn);
}

/** One firing in this many sweeps the directory: those whose key starts with "0" and a digit below 4 (1 in 64). */
export const SWEEP_EVERY = 64;
const sweeps = (key: string) => key.charCodeAt(0) === 48 && key.charCodeAt(1) < 52;

/** Creates `file` if absent, its time `at`; false when it exists. */
function create(file: string, at: Date): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
  try {
    fs.futimesSync(fd, at, at);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function mtimeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** How long a marker stamped by the clock (made, not yet given its firing's time) counts as in the making. */
const MAKING_MS = 5_000;

/**
 * Whether a marker made at `t` marks a firing within the window ending at `now`. A marker is made in two
 * steps — the create stamps the clock's time, then it gets the firing's — so one whose time is the clock's
 * (within MAKING_MS, or the window when shorter) is fresh too: under BRAIN_NOW a firing's time is far from the
 * clock's, and a marker caught between the two steps looked expired (two firings were then both first).
 */
function fresh(t: number | undefined, now: number, windowMs: number): boolean {
  if (t === undefined) return false;
  return Math.abs(now - t) < windowMs || Math.abs(Date.now() - t) < Math.min(MAKING_MS, windowMs);
}

/**
 * True when this is the first firing of `key` within the window (and marks it); false for a repeat. A
 * window of 0 turns the check off.
 */
export function firstFiring(
  home: BrainHome,
  key: string,
  now: Date,
  s: Pick<HookSettings, "dedupSeconds">,
): boolean {
  if (s.dedupSeconds <= 0) return true;
  const dir = home.file("hookSeen");
  const file = join(dir, key);
  const windowMs = s.dedupSeconds * 1000;
  const t = now.getTime();
  let first: boolean;
  try {
    first = create(file, now);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    first = create(file, now);
  }
  if (first) {
    if (sweeps(key)) underLock(home, () => sweep(dir, t, windowMs));
    return true;
  }
  if (fresh(mtimeOf(file), t, windowMs)) return false;
  // Expired (rare: the same payload again after the window): renewed under the lock, where the others that
  // found it expired look again — a marker is never removed while a firing may count on it.
  return underLock(home, () => {
    const made = mtimeOf(file);
    if (made === undefined) return create(file, now);
    if (fresh(made, t, windowMs)) return false;
    fs.utimesSync(file, now, now);
    return true;
  });
}

function underLock<T>(home: BrainHome, fn: () => T): T {
  return new FileLock(home.lock("hookSeen")).with(fn, { purpose: "hook-seen" });
}

/**
 * Removes the markers older than the window (under the lock: see firstFiring), and the log these files
 * replaced (`hook-seen.jsonl`: hashes and times).
 */
export function sweep(dir: string, now: number, windowMs: number): void {
  fs.rmSync(`${dir}.jsonl`, { force: true });
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(dir, name);
    if (!fresh(mtimeOf(file), now, windowMs)) fs.rmSync(file, { force: true });
  }
}
