import { closeSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * node:crypto, loaded on first use. Loading it costs ~53 M instructions (cachegrind; `node -e 0` is 93 M),
 * and opening a brain to read it (`brain stats`, a prompt hook) needs none of it: only hashing (keyed ids,
 * snapshot and index checks) does.
 */
const requireBuiltin = createRequire(import.meta.url);
let loaded: typeof import("node:crypto") | undefined;

export function crypto(): typeof import("node:crypto") {
  loaded ??= requireBuiltin("node:crypto") as typeof import("node:crypto");
  return loaded;
}

/** The kernel's random source, read directly: a new entry's id needs 4 bytes, not node:crypto's module tree. */
function urandom(n: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync("/dev/urandom", "r");
    const buf = Buffer.alloc(n);
    let at = 0;
    while (at < n) {
      const got = readSync(fd, buf, at, n - at, null);
      if (got <= 0) return undefined;
      at += got;
    }
    return buf;
  } catch {
    return undefined; // no /dev/urandom (Windows): node:crypto below
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `n` random bytes as hex (ids of new entries, lock nonces, generation ids, backup names). */
export function randomHex(n: number): string {
  return (urandom(n) ?? crypto().randomBytes(n)).toString("hex");
}
