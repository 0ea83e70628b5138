/**
 * The engine as built (dist/), typed from src/. Whole-process cases spawn the built CLI; in-process cases load
 * the same build, so both measure one thing even while src/ is being edited. run.ts first freezes a copy of
 * dist/ under bench/.data/build/ (a concurrent `npm run build` cannot swap it mid-run) and hands it to its
 * children through BENCH_DIST. Imports of commander and zod still resolve to the project's node_modules, and
 * the project's package.json ("type": "module") still applies.
 */
import * as fs from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type Index = typeof import("../src/index.ts");
type SnapshotModule = typeof import("../src/store/jsonl/snapshot.ts");

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SOURCE_DIST = join(ROOT, "dist");

export interface Built {
  dist: string;
  cli: string;
  Brain: Index["Brain"];
  snapshotPath: SnapshotModule["snapshotPath"];
}

/** Copies dist/ to `into` (replacing what was there) and returns the copy's path. */
export function freezeBuild(into: string): string {
  if (!fs.existsSync(join(SOURCE_DIST, "cli", "main.js"))) {
    throw new Error(`${SOURCE_DIST} has no build: run \`npm run build\` (npm run bench does)`);
  }
  fs.rmSync(into, { recursive: true, force: true });
  fs.cpSync(SOURCE_DIST, into, { recursive: true });
  return into;
}

/** Loads the build in BENCH_DIST (or dist/). */
export async function loadBuilt(dist = process.env.BENCH_DIST ?? SOURCE_DIST): Promise<Built> {
  const cli = join(dist, "cli", "main.js");
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` (npm run bench does)`);
  const index = (await import(pathToFileURL(join(dist, "index.js")).href)) as Index;
  const snapshot = (await import(
    pathToFileURL(join(dist, "store", "jsonl", "snapshot.js")).href
  )) as SnapshotModule;
  return { dist, cli, Brain: index.Brain, snapshotPath: snapshot.snapshotPath };
}
