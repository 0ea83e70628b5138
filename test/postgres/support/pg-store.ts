/**
 * Opening team stores in tests: one per database, closed when the test ends, and child processes that run
 * the TypeScript sources (each child's store starts its own worker thread).
 */
import type { TestContext } from "node:test";
import { PostgresStore, type PostgresStoreOptions } from "../../../src/store/postgres/store.ts";
import { cleanEnv, type EnvPatch } from "../../support/env.ts";
import { createDatabaseSync, type PgServer } from "../../support/postgres.ts";
import { ROOT, type Started, startProcess } from "../../support/spawn.ts";

const opened = new WeakMap<PostgresStore, { opts: PostgresStoreOptions; t: TestContext }>();

export function openStore(
  t: TestContext,
  opts: Partial<PostgresStoreOptions> & { url: string },
): PostgresStore {
  const full: PostgresStoreOptions = { user: "ana", writer: "ana@test", cwd: null, ...opts };
  const s = new PostgresStore(full);
  opened.set(s, { opts: full, t });
  t.after(() => s.close());
  return s;
}

export function freshStore(t: TestContext, server: PgServer, opts: Partial<PostgresStoreOptions> = {}) {
  return openStore(t, { url: createDatabaseSync(server, t), ...opts });
}

/** Another handle on the same database, closed with the test that opened the first. */
export function reopenStore(s: PostgresStore, opts: Partial<PostgresStoreOptions> = {}) {
  const o = opened.get(s);
  if (!o) throw new Error("not a store opened by openStore");
  return openStore(o.t, { ...o.opts, ...opts });
}

export function optionsOf(s: PostgresStore): PostgresStoreOptions {
  const o = opened.get(s);
  if (!o) throw new Error("not a store opened by openStore");
  return o.opts;
}

/** Run test/postgres/support/<name>.ts as its own process (through tsx). */
export function startPgChild(t: TestContext, name: string, args: string[], env: EnvPatch = {}): Started {
  const file = `${ROOT}/test/postgres/support/${name}.ts`;
  const c = startProcess(process.execPath, ["--import", "tsx", file, ...args], {
    env: cleanEnv(env),
    cwd: ROOT,
  });
  t.after(() => {
    if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill("SIGKILL");
  });
  return c;
}
