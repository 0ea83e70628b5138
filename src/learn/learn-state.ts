import * as fs from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../store/atomic-file.ts";
import { Curator } from "./curator/curator.ts";
import { learnDir } from "./cursors.ts";
import { type DetectState, emptyDetectState } from "./detect/index.ts";

/**
 * The learner's model-free memory between runs: the SELECTION curator (`.brain/curator.json`) and the
 * INSTANT detectors' state (`.brain/detect.json`). Derived data, replaced atomically; an unreadable file is
 * set aside (renamed, never deleted) and the learner starts that part afresh.
 */
export function curatorFile(brainPath: string): string {
  return join(learnDir(brainPath), "curator.json");
}

export function detectFile(brainPath: string): string {
  return join(learnDir(brainPath), "detect.json");
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    setAside(file);
    return undefined;
  }
}

function setAside(file: string): void {
  try {
    fs.renameSync(file, `${file}.bad-${Date.now()}`);
  } catch {
    /* best effort */
  }
}

/** The saved curator, its threshold set from the configuration (the config wins over the saved value). */
export function loadCurator(brainPath: string, threshold: number): Curator {
  const file = curatorFile(brainPath);
  const json = readJson(file);
  let c: Curator;
  try {
    c = json === undefined ? new Curator() : Curator.fromJSON(json);
  } catch {
    setAside(file);
    c = new Curator();
  }
  c.setThreshold(threshold);
  return c;
}

export function saveCurator(brainPath: string, c: Curator, durable = true): void {
  writeFileAtomic(curatorFile(brainPath), [JSON.stringify(c.toJSON())], { durable });
}

export function loadDetect(brainPath: string): DetectState {
  const v = readJson(detectFile(brainPath)) as DetectState | undefined;
  return v && v.version === 1 && Array.isArray(v.window) && Array.isArray(v.clusters)
    ? v
    : emptyDetectState();
}

export function saveDetect(brainPath: string, s: DetectState, durable = true): void {
  writeFileAtomic(detectFile(brainPath), [JSON.stringify(s)], { durable });
}
