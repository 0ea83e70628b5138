import assert from "node:assert/strict";
import * as fs from "node:fs";
import { dirname } from "node:path";
import { FoldView } from "../../src/core/health.ts";
import { START } from "../../src/store/event-store.ts";
import { logIdentity } from "../../src/store/jsonl/log-identity.ts";
import { loadSnapshot, saveSnapshot } from "../../src/store/jsonl/snapshot.ts";
import { scanLog } from "../../src/store/scan.ts";

/**
 * The log `path` written as `lines`, with a fold snapshot of its first `cut` lines, then loaded from the
 * snapshot and the rest folded in (as a command's start-up does): `lazy`; beside it the whole log folded
 * from the start: `whole`. What the fold tests and the cold context tests compare.
 */
export function snapshotWithTail(
  path: string,
  lines: string[],
  cut: number,
): { lazy: FoldView; whole: FoldView } {
  fs.mkdirSync(dirname(path), { recursive: true });
  fs.writeFileSync(path, lines.slice(0, cut).join(""));
  const prefix = new FoldView();
  const r = scanLog(path, START, prefix);
  assert.ok(saveSnapshot(path, prefix, r.end, logIdentity(path).generation));
  fs.appendFileSync(path, lines.slice(cut).join(""));
  const snap = loadSnapshot(path);
  assert.ok(snap.ok, snap.ok ? "" : snap.reason);
  scanLog(path, snap.position, snap.view);
  const whole = new FoldView();
  scanLog(path, START, whole);
  return { lazy: snap.view, whole };
}
