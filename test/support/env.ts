import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The one child-process environment of the test suite: the parent's environment minus everything that
 * could choose another brain, config or test runner (BRAIN_*, RHO_*, NODE_OPTIONS, NODE_TEST*), plus TZ=UTC
 * (daily cadences are local time), BRAIN_SERVE_AUTOSTART=0 and the caller's variables. A variable given as
 * undefined is removed.
 */
export type EnvPatch = Record<string, string | undefined>;

export function cleanEnv(extra: EnvPatch = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(BRAIN_|RHO_)/.test(k) || k === "NODE_OPTIONS" || k.startsWith("NODE_TEST")) continue;
    out[k] = v;
  }
  out.TZ = "UTC";
  // No test leaves a resident server behind unless it asks for one (serve.autoStart is on by default).
  out.BRAIN_SERVE_AUTOSTART = "0";
  // One code cache for the suite's runs of the bin (src/cli/code-cache.ts), not one per sandbox's HOME.
  out.XDG_CACHE_HOME = join(tmpdir(), `brain-test-cache-${process.getuid?.() ?? "user"}`);
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}
