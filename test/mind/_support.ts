/** Shared helpers of the mind tests: a brain in a temp directory with an advancing clock, its mind log. */
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Brain } from "../../src/engine/brain.ts";
import type { MindOptions } from "../../src/engine/mind.ts";
import { BrainHome } from "../../src/store/home.ts";

export interface MindBrain {
  root: string;
  path: string;
  home: BrainHome;
  brain: Brain;
  /** The mind log's lines as JSON objects. */
  lines(): Record<string, unknown>[];
  /** Open the same brain again (another process would see this). */
  reopen(mind?: MindOptions): Brain;
  close(): void;
}

export const T0 = Date.parse("2026-05-01T10:00:00.000Z");

/** A clock that advances one second per reading. */
export function ticking(start = T0): () => Date {
  let t = start;
  return () => {
    t += 1000;
    return new Date(t);
  };
}

export function mindBrain(t: { after: (fn: () => void) => void }, mind: MindOptions = {}): MindBrain {
  const root = fs.realpathSync(fs.mkdtempSync(join(tmpdir(), "bmind-")));
  const path = join(root, "brain.jsonl");
  const now = ticking();
  let ids = 0;
  // Deterministic and varied from the first digit (a golden-ratio hash of a counter).
  const random = (n: number) =>
    (Math.imul(++ids, 2654435761) >>> 0)
      .toString(16)
      .padStart(8, "0")
      .repeat(Math.ceil(n / 4))
      .slice(0, n * 2);
  const open = (m: MindOptions) => Brain.open({ path, cwd: root, now, random, mind: m });
  const brain = open(mind);
  const home = new BrainHome(root);
  const mb: MindBrain = {
    root,
    path,
    home,
    brain,
    lines: () =>
      fs.existsSync(home.file("mind"))
        ? fs
            .readFileSync(home.file("mind"), "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>)
        : [],
    reopen: (m = mind) => open(m),
    close: () => brain.close(),
  };
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  return mb;
}
