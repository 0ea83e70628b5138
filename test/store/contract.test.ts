/**
 * Runs the EventStore contract (contract-cases.ts) against every implementation. Adding a store is one
 * line in IMPLEMENTATIONS: a harness saying how to create it and how to damage or replace its log.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import type { EventStore } from "../../src/store/event-store.ts";
import { JsonlFileStore } from "../../src/store/jsonl/file-store.ts";
import { newGeneration } from "../../src/store/jsonl/log-identity.ts";
import { MemoryStore } from "../../src/store/memory-store.ts";
import type { PostgresStore } from "../../src/store/postgres/store.ts";
import { freshStore, optionsOf, reopenStore, startPgChild } from "../postgres/support/pg-store.ts";
import { type Child, reap, startChild, tempDir } from "../reliability/support/harness.ts";
import { postgresOrSkip } from "../support/postgres.ts";
import { type StoreHarness, storeContract } from "./contract-cases.ts";

const jsonl: StoreHarness = {
  name: "JSONL file",
  create: (t) => new JsonlFileStore(join(tempDir(t, "brain-contract-"), "brain.jsonl")),
  writeRaw: (s, text) => fs.appendFileSync((s as JsonlFileStore).path, text),
  replace: (s, text) => {
    const path = (s as JsonlFileStore).path;
    fs.writeFileSync(`${path}.new`, text);
    fs.renameSync(`${path}.new`, path);
    newGeneration(path);
  },
  reopen: (s) => new JsonlFileStore((s as JsonlFileStore).path),
  appendFromProcesses: async (t, s, procs, each) => {
    const children: Child[] = [];
    reap(t, children);
    for (let p = 0; p < procs; p++)
      children.push(startChild("store-appender", [(s as JsonlFileStore).path, String(p), String(each)]));
    for (const c of children) {
      const end = await c.done;
      if (end.code !== 0) throw new Error(`appender failed: ${c.stderr()}`);
    }
  },
};

const memory: StoreHarness = {
  name: "in-memory",
  create: () => new MemoryStore(),
  writeRaw: (s, text) => (s as MemoryStore).writeRaw(text),
  replace: (s, text) => (s as MemoryStore).replace(text),
};

/** PostgreSQL (test/support/postgres.ts starts a throwaway server; without one, skipped unless CI=true). */
const server = await postgresOrSkip();
const postgres: StoreHarness | null = server && {
  name: "PostgreSQL",
  create: (t) => freshStore(t, server),
  writeRaw: (s, text) => (s as PostgresStore).writeRaw(text),
  replace: (s, text) => (s as PostgresStore).restore(text),
  reopen: (s) => reopenStore(s as PostgresStore, { lockTimeoutMs: 200 }),
  appendFromProcesses: async (t, s, procs, each) => {
    const url = optionsOf(s as PostgresStore).url;
    const children = Array.from({ length: procs }, (_, p) =>
      startPgChild(t, "writer", [url, "append", String(p), String(each)]),
    );
    for (const c of children) {
      const end = await c.done;
      if (end.code !== 0) throw new Error(`appender failed: ${end.stderr}`);
    }
  },
};

const IMPLEMENTATIONS: StoreHarness[] = [jsonl, memory, ...(postgres ? [postgres] : [])];

for (const impl of IMPLEMENTATIONS) storeContract(impl);

export type { EventStore };
