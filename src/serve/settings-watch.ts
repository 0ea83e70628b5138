import * as fs from "node:fs";
import { parseSettings, type ResolvedConfig } from "../config.ts";
import type { Brain } from "../engine/brain.ts";

const stamp = (path: string): string => {
  try {
    const st = fs.statSync(path);
    return `${st.mtimeMs}:${st.size}:${st.ino}`;
  } catch {
    return "";
  }
};

/**
 * The resident server's settings, kept current: seed 002 reads `autoContext` on every request; the server
 * looks at the settings file's stamp on every API request (a stat) and, when it changed, reads it again and
 * hands the keys it can change while running to the brain (the hubs block's switch, the graph's limits). A
 * file that does not parse keeps the settings it had; a deleted file means the defaults.
 */
export function settingsWatch(config: ResolvedConfig, brain: Brain): () => void {
  let seen = stamp(config.configPath);
  return () => {
    const now = stamp(config.configPath);
    if (now === seen) return;
    seen = now;
    try {
      const text = now === "" ? "{}" : fs.readFileSync(config.configPath, "utf8");
      const s = parseSettings(config.configPath, text);
      brain.reloadSettings({ autoContext: s.autoContext, graph: s.graph });
    } catch {
      /* a settings file being written or broken: the last good settings stay */
    }
  };
}
