import { createRequire } from "node:module";

/**
 * node:crypto, loaded on first use. Loading it costs a few milliseconds of every start, and opening a brain
 * to read it (`brain stats`, a prompt hook) needs none of it: only writes (temp-file names, lock nonces,
 * generation ids, ids of new entries) and snapshot checks do.
 */
const requireBuiltin = createRequire(import.meta.url);
let loaded: typeof import("node:crypto") | undefined;

export function crypto(): typeof import("node:crypto") {
  loaded ??= requireBuiltin("node:crypto") as typeof import("node:crypto");
  return loaded;
}

/** `n` random bytes as hex. */
export function randomHex(n: number): string {
  return crypto().randomBytes(n).toString("hex");
}
