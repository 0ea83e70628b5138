import { spawnSync } from "node:child_process";
import * as fs from "node:fs";

/** Milliseconds per clock tick (usually 10): the unit /proc counts CPU time in. */
const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100);

/**
 * CPU time (user + system, ms) from /proc (Linux; NaN elsewhere or for a process that is gone): of process
 * `pid`, or with "self" of this process's reaped children. A loaded machine stretches wall time but hardly the
 * CPU a child spends, so the benches give both: the delta around one child is its CPU, in clock ticks (10 ms)
 * — the mean over the runs is the figure.
 */
export function cpuMs(pid: number | "self"): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // stat(5) fields 14/15 (utime, stime) of a process, 16/17 (cutime, cstime) of its waited-for children.
    const [a, b] = pid === "self" ? [f[13], f[14]] : [f[11], f[12]];
    return (Number(a) + Number(b)) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** CPU time of this process's reaped children so far, in ms; null where /proc cannot tell. */
export function childrenCpu(): number | null {
  const v = cpuMs("self");
  return Number.isNaN(v) ? null : v;
}
