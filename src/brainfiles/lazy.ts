import { createRequire } from "node:module";

/**
 * Parsers used only when a file needs them, loaded on first use: the context path runs on every prompt
 * and must not pay for YAML, TOML and glob libraries when there is no frontmatter, TOML file or glob.
 */
const require = createRequire(import.meta.url);

let yaml: typeof import("yaml") | undefined;
let toml: typeof import("smol-toml") | undefined;
let pm: typeof import("picomatch") | undefined;

export function parseYaml(text: string): unknown {
  yaml ??= require("yaml") as typeof import("yaml");
  return yaml.parse(text);
}

export function parseToml(text: string): unknown {
  toml ??= require("smol-toml") as typeof import("smol-toml");
  return toml.parse(text);
}

export function picomatch(
  globs: string[],
  opts: { dot: boolean; matchBase: boolean },
): (path: string) => boolean {
  pm ??= require("picomatch") as typeof import("picomatch");
  return pm(globs, opts);
}
