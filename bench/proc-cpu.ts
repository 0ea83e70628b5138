import { spawnSync } from "node:child_process";
import * as fs from "node:fs";

/** Milliseconds per clock tick (usually 10): the unit /proc counts CPU time in. */
const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100);

/**
 * CPU time (user + system) of this process's reaped children so far, in ms, from /proc/self/stat (Linux; null
 * elsewhere). A loaded machine stretches wall time but hardly the CPU a child spends, so the benches give both:
 * the delta around one child is its CPU, in clock ticks (10 ms) — the mean over the runs is the figure.
 */
export function childrenCpu(): number | null {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[13]) + Number(f[14])) * TICK_MS;
  } catch {
    return null;
  }
}
