/**
 * One process's firings, for the race test (test/hooks/host-entry.test.ts): `first-firing.ts <brain dir>
 * <go file> <n>` waits until `<go file>` exists (so the racing processes start together), then fires keys
 * `race 0` … `race n-1` in order (a 120 s window) and prints the numbers of those it was first for.
 */
import * as fs from "node:fs";
import { firstFiring, hash128 } from "../../src/hooks/seen.ts";
import { BrainHome } from "../../src/store/home.ts";

const [dir, go, n, at] = process.argv.slice(2) as [string, string, string, string | undefined];
const home = new BrainHome(dir);
const pause = new Int32Array(new SharedArrayBuffer(4));
process.stderr.write("ready\n");
while (!fs.existsSync(go)) Atomics.wait(pause, 0, 0, 1);
const firsts: number[] = [];
for (let i = 0; i < Number(n); i++)
  if (firstFiring(home, hash128(`race ${i}`), at ? new Date(at) : new Date(), { dedupSeconds: 120 }))
    firsts.push(i);
process.stdout.write(`${firsts.join(" ")}\n`);
