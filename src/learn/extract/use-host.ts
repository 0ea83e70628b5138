import * as fs from "node:fs";
import { BrainError } from "../../core/errors.ts";
import { writeFileAtomic } from "../../store/atomic-file.ts";
import { findOnPath, HEADLESS_DEFAULTS, HOST_DEFAULTS, type HostProviderName } from "./headless-config.ts";

/**
 * Switch the learner's model to a host's headless mode, or back (`brain learn --use
 * claude-code|codex-cli|gemini-cli|none`, `brain install claude --learn-with-claude` and the like; issue 23): the user's own act, never done silently, since it
 * spends their quota. Sets or removes the `extraction` key of the settings file, keeping every other key; the
 * old file is copied to `<file>.bak` first and the new one written atomically. Refuses a settings file that
 * is not a JSON object (it is the user's), and a host whose program is not on PATH.
 */
export interface UseResult {
  file: string;
  /** The `extraction` value it replaced, when there was one. */
  replaced?: unknown;
  line: string;
}

export function useHost(file: string, use: HostProviderName | "none", path: string | undefined): UseResult {
  let settings: Record<string, unknown> = {};
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT")
      throw new BrainError("IO", `${file}: cannot read (${(e as Error).message})`);
  }
  if (text?.trim()) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw new BrainError("CONFIG", `${file}: not valid JSON; fix it first (nothing was changed)`);
    }
    if (!v || typeof v !== "object" || Array.isArray(v))
      throw new BrainError("CONFIG", `${file}: not a JSON object; fix it first (nothing was changed)`);
    settings = v as Record<string, unknown>;
  }
  const replaced = settings.extraction;
  if (use === "none") {
    delete settings.extraction;
  } else {
    const d = HOST_DEFAULTS[use];
    if (!findOnPath(d.command, path))
      throw new BrainError(
        "INVALID",
        `${d.command} is not on PATH: install ${d.host} first (nothing was changed)`,
      );
    settings.extraction = { provider: use };
  }
  if (text !== undefined) fs.copyFileSync(file, `${file}.bak`);
  writeFileAtomic(file, [`${JSON.stringify(settings, null, 2)}\n`], {});
  const line = use === "none" ? noneLine(file) : useLine(file, use);
  return { file, ...(replaced !== undefined ? { replaced } : {}), line };
}

const noneLine = (file: string) =>
  `The learner no longer uses a host's model (${file}: "extraction" removed); it learns without a model unless a key is set.`;

function useLine(file: string, use: HostProviderName): string {
  const d = HOST_DEFAULTS[use];
  const model = d.model ? `model ${d.model}` : "your configured model";
  return `The learner now uses ${d.host}'s headless mode (${d.invocation}, ${model}): ${d.signIn} and its quota, at most ${HEADLESS_DEFAULTS.callsPerDay} calls a day (${file}: "extraction": {"provider": "${use}"}; tune callsPerDay, model, timeoutMs there). Undo: brain learn --use none`;
}
