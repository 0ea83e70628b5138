import * as fs from "node:fs";
import { hostname } from "node:os";
import { BrainError } from "../../core/errors.ts";
import { randomHex } from "../crypto.ts";
import type { LockStatus } from "../event-store.ts";

/**
 * Exclusive lock file `<file>.lock`, in Rho's format so Rho and Brain can write one brain.jsonl at the same
 * time: an exclusive create of a JSON payload {pid, nonce, acquiredAt, refreshedAt, hostname, purpose}.
 * A lock is stale when its pid is dead (same host), its refreshedAt is older than `staleMs`, or it is
 * unparseable and its mtime is older than `staleMs`. Unlike Rho we break a stale lock by renaming it aside
 * and checking we took the one we judged stale, so two breakers cannot both end up holding the lock; and we
 * poll with a short capped backoff, so a waiter is not starved while others take and release it in turn.
 */
export interface LockOptions {
  staleMs?: number;
  timeoutMs?: number;
  purpose?: string;
}

interface Payload {
  pid: number;
  nonce: string;
  acquiredAt: number;
  refreshedAt: number;
  hostname: string;
  purpose: string;
}

const HOST = hostname();
const sleepBuf = new Int32Array(new SharedArrayBuffer(4));

function sleepSync(ms: number): void {
  Atomics.wait(sleepBuf, 0, 0, ms);
}

export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPayload(lockPath: string): { raw: string; payload: Payload | null } | null {
  let raw: string;
  try {
    raw = fs.readFileSync(lockPath, "utf8");
  } catch {
    return null;
  }
  try {
    const p = JSON.parse(raw) as Partial<Payload>;
    if (typeof p.pid === "number" && typeof p.nonce === "string" && typeof p.refreshedAt === "number") {
      return { raw, payload: p as Payload };
    }
  } catch {
    /* unparseable: judged by mtime */
  }
  return { raw, payload: null };
}

/** Boot time (ms since epoch) and clock ticks, to tell when a pid started (Linux /proc; null elsewhere). */
function pidStartMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[19]); // field 22 of stat: start time in clock ticks after boot
    const btime = /^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"));
    if (!btime || !Number.isFinite(ticks)) return null;
    return Number(btime[1]) * 1000 + ticks * 10; // USER_HZ is 100 on every Linux Node runs on
  } catch {
    return null;
  }
}

/**
 * Why a lock is stale, or null while its holder may still be working. A holder on this host is judged by
 * its pid alone, however long it has held the lock (a compaction paused by Ctrl-Z or a slow disk keeps
 * it): stale only when that pid is gone, or was reused by a process started after the lock was taken.
 * Holders on other hosts (a shared filesystem) cannot be probed and go stale after `staleMs` without refresh.
 */
function staleReason(
  lockPath: string,
  seen: { payload: Payload | null },
  staleMs: number,
  now: number,
): string | null {
  const p = seen.payload;
  if (p) {
    if (p.hostname === undefined || p.hostname === HOST) {
      if (!isPidAlive(p.pid)) return `holder pid ${p.pid} is not running`;
      const started = pidStartMs(p.pid);
      const taken = typeof p.acquiredAt === "number" ? p.acquiredAt : p.refreshedAt;
      if (started !== null && started > taken + 2_000) return `pid ${p.pid} now belongs to a newer process`;
      return null;
    }
    return now - p.refreshedAt > staleMs
      ? `not refreshed for ${Math.round((now - p.refreshedAt) / 1000)} s`
      : null;
  }
  try {
    return now - fs.statSync(lockPath).mtimeMs > staleMs
      ? "unreadable lock file older than the stale window"
      : null;
  } catch {
    return "vanished";
  }
}

function isStale(lockPath: string, seen: { payload: Payload | null }, staleMs: number, now: number): boolean {
  return staleReason(lockPath, seen, staleMs, now) !== null;
}

export type { LockStatus } from "../event-store.ts";

/** What `brain doctor` says about the lock: absent, held (by whom, how long) or stale (and why). */
export function inspectLock(filePath: string, staleMs = 30_000, now = Date.now()): LockStatus {
  const lockPath = `${filePath}.lock`;
  const seen = readPayload(lockPath);
  if (!seen) return { present: false, stale: false };
  const reason = staleReason(lockPath, seen, staleMs, now);
  const stale = reason !== null;
  const p = seen.payload;
  let ageMs: number | undefined;
  try {
    ageMs = now - (p ? p.refreshedAt : fs.statSync(lockPath).mtimeMs);
  } catch {
    /* gone meanwhile */
  }
  return {
    present: true,
    stale,
    ...(p ? { pid: p.pid, purpose: p.purpose, hostname: p.hostname } : {}),
    ...(ageMs !== undefined ? { ageMs } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** Removes a stale lock only if it is still the one judged stale. */
function breakStale(lockPath: string, judgedRaw: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomHex(4)}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return; // someone else broke or released it
  }
  let taken = "";
  try {
    taken = fs.readFileSync(aside, "utf8");
  } catch {
    /* vanished */
  }
  if (taken !== judgedRaw) {
    // We moved a fresh lock: put it back unless a new one already exists.
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      /* a new lock exists; the owner of the moved one will find it gone and release nothing */
    }
  }
  try {
    fs.unlinkSync(aside);
  } catch {
    /* best effort */
  }
}

/**
 * A holder's nonce: tells our lock from another holder's with the same pid (another host, a reused pid). It
 * must be unique, not secret, so the pid, the time and Math.random (seeded per process from the system's
 * entropy) do: node:crypto would cost every hook ~4 ms of start-up (bench/hooks.ts), and hooks take locks.
 */
function newNonce(): string {
  const r = () => Math.floor(Math.random() * 2 ** 52).toString(36);
  return `${process.pid.toString(36)}-${Date.now().toString(36)}-${r()}${r()}`;
}

export class FileLock {
  readonly lockPath: string;
  readonly #nonce = newNonce();
  #held = false;

  readonly #timeoutMs: number | undefined;

  constructor(filePath: string, timeoutMs?: number) {
    this.lockPath = `${filePath}.lock`;
    this.#timeoutMs = timeoutMs;
  }

  /** Acquire synchronously (the critical sections are a few syscalls long); throws LOCKED on timeout. */
  acquire(opts: LockOptions = {}): void {
    const staleMs = opts.staleMs ?? 30_000;
    const timeoutMs = opts.timeoutMs ?? this.#timeoutMs ?? 5_000;
    const purpose = opts.purpose ?? "append";
    const deadline = Date.now() + timeoutMs;
    let backoff = 0.2;
    let madeDir = false;
    for (;;) {
      const now = Date.now();
      const payload: Payload = {
        pid: process.pid,
        nonce: this.#nonce,
        acquiredAt: now,
        refreshedAt: now,
        hostname: HOST,
        purpose,
      };
      // The payload is written to a private temp file and hard-linked into place: link() is as exclusive
      // as O_EXCL, but the lock file never exists empty. (Created empty and then written, a holder killed
      // between the two left a lock nobody could judge for the whole stale window.)
      if (!fs.existsSync(this.lockPath)) {
        const tmp = `${this.lockPath}.${this.#nonce}.tmp`;
        try {
          fs.writeFileSync(tmp, JSON.stringify(payload, null, 2), { mode: 0o600 });
          fs.linkSync(tmp, this.lockPath);
          this.#held = true;
          return;
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          // A missing directory is created once; ENOENT again means files cannot be made there (procfs
          // answers ENOENT in directories that exist): retrying would spin forever.
          if (code === "ENOENT" && !madeDir) {
            fs.mkdirSync(this.lockPath.slice(0, this.lockPath.lastIndexOf("/")) || "/", { recursive: true });
            madeDir = true;
            continue;
          }
          if (code !== "EEXIST")
            throw new BrainError(
              "IO",
              `could not create the lock ${this.lockPath} (${code === "ENOSPC" ? "the disk is full" : code})`,
            );
        } finally {
          try {
            fs.unlinkSync(tmp);
          } catch {
            /* not created */
          }
        }
      }
      const seen = readPayload(this.lockPath);
      if (seen === null) continue; // released between our create and our read
      if (isStale(this.lockPath, seen, staleMs, now)) {
        breakStale(this.lockPath, seen.raw);
        continue;
      }
      if (Date.now() >= deadline) {
        const holder = seen.payload ? ` (held by pid ${seen.payload.pid}, ${seen.payload.purpose})` : "";
        throw new BrainError(
          "LOCKED",
          `LOCK_TIMEOUT: could not acquire ${this.lockPath} within ${timeoutMs}ms${holder}`,
        );
      }
      sleepSync(backoff + Math.random() * backoff);
      backoff = Math.min(backoff * 2, 1);
    }
  }

  /** Throws LOCKED unless this process still holds the lock (checked before a long operation commits). */
  verify(): void {
    const seen = readPayload(this.lockPath);
    if (this.#held && seen?.payload?.pid === process.pid && seen.payload.nonce === this.#nonce) return;
    throw new BrainError("LOCKED", `lost the lock ${this.lockPath} while working; nothing was changed`);
  }

  release(): void {
    if (!this.#held) return;
    this.#held = false;
    const seen = readPayload(this.lockPath);
    if (seen?.payload && seen.payload.pid === process.pid && seen.payload.nonce === this.#nonce) {
      try {
        fs.unlinkSync(this.lockPath);
      } catch {
        /* already gone */
      }
    }
  }

  with<T>(fn: () => T, opts?: LockOptions): T {
    this.acquire(opts);
    try {
      return fn();
    } finally {
      this.release();
    }
  }
}
